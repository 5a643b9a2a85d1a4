package io.github.ompt4j.profile.state;

import io.github.ompt4j.profile.jfr.RecordedRun;
import io.github.ompt4j.profile.jfr.ThreadRecord;
import io.github.ompt4j.profile.model.OmpState;

/**
 * Every thread's intervals, from the recording alone: derived from the thread's spans by {@link StateRule},
 * corrected by its state samples ({@link StateSamplesFill}), over its life in the recording (from its
 * {@code ompt.ThreadBegin}, or the recording's start, to its {@code ompt.ThreadEnd}, or the recording's end).
 * Threads the runtime never reported have none: their state is {@link OmpState#UNDEFINED}.
 */
public final class RunStates {
    private final Intervals[] byThread;

    private RunStates(Intervals[] byThread) {
        this.byThread = byThread;
    }

    public static RunStates of(RecordedRun run) {
        Intervals[] byThread = new Intervals[run.threads().size()];
        for (ThreadRecord t : run.threads()) {
            if (t.knownToRuntime()) {
                long from = t.begin() == Long.MIN_VALUE ? run.start() : t.begin();
                long to = t.end() == Long.MAX_VALUE ? run.end() + 1 : t.end();
                Intervals spans = StateRule.derive(t, from, to);
                Intervals filled = StateSamplesFill.apply(spans, t.stateSamples(), run.hasMutexAcquires(), run.syncWaitsThresholded());
                filled.trim();
                byThread[t.index] = filled;
            }
        }
        return new RunStates(byThread);
    }

    /** The thread's intervals, {@code null} for a thread the runtime did not report. */
    public Intervals of(int thread) {
        return byThread[thread];
    }

    /** The interval of {@code thread} that contains {@code t}, -1 if none does. */
    public int indexAt(int thread, long t) {
        Intervals i = byThread[thread];
        return i == null ? -1 : i.indexAt(t);
    }
}
