package io.github.ompt4j.agent.invariants;

import java.util.List;
import java.util.function.Consumer;

/**
 * Checks a print-tool trace, line by line, against every {@link Invariant}, and hands each violation to a
 * sink as it is found (those of spans never ended at {@link #finish}). Lines that are not events are
 * ignored. Not thread-safe: one trace, one reader.
 *
 * <pre>{@code
 * TraceInvariants checker = new TraceInvariants(violations::add);
 * lines.forEach(checker::line);
 * checker.finish();
 * }</pre>
 */
public final class TraceInvariants {
    private final List<Check> checks;
    private String context = "";

    public TraceInvariants(Consumer<Violation> sink) {
        checks = List.of(new BalanceCheck(new Reporter(Invariant.BALANCE, sink)),
                new RegionEndCheck(new Reporter(Invariant.REGION_END, sink)),
                new TaskOnceCheck(new Reporter(Invariant.TASK_ONCE, sink)),
                new MutexCheck(new Reporter(Invariant.EXCLUSIVE, sink), new Reporter(Invariant.RELEASE_AFTER_ACQUIRE, sink)),
                new ParentCheck(new Reporter(Invariant.UNANNOUNCED_PARENT, sink)));
    }

    /** The context of the lines that follow (for the TCK, the test that runs), named in their violations. */
    public void context(String context) {
        this.context = context;
    }

    public void line(String line) {
        TraceEvent event = TraceEvent.parse(line, context);
        if (event != null) {
            for (Check check : checks) {
                check.event(event);
            }
        }
    }

    /** The trace is complete. */
    public void finish() {
        for (Check check : checks) {
            check.finish();
        }
    }
}
