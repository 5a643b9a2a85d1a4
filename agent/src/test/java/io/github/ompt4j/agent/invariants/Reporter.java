package io.github.ompt4j.agent.invariants;

import java.util.function.Consumer;

/** Where a check reports what it found, as a {@link Violation} of its invariant. */
final class Reporter {
    private final Invariant invariant;
    private final Consumer<Violation> sink;

    Reporter(Invariant invariant, Consumer<Violation> sink) {
        this.invariant = invariant;
        this.sink = sink;
    }

    /** {@code what}, found at event {@code at} (or at the begin, for something never ended). */
    void report(TraceEvent at, String what) {
        sink.accept(new Violation(invariant, at.context, what + ": " + at.line));
    }
}
