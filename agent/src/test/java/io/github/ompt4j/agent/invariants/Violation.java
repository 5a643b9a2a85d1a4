package io.github.ompt4j.agent.invariants;

/**
 * A broken promise: which one, the context in which the offending event (or the begin that never ended)
 * was printed, and what was wrong, with the line.
 */
public record Violation(Invariant invariant, String context, String message) {
    @Override
    public String toString() {
        return invariant + " [" + context + "] " + message;
    }
}
