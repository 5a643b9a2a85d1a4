package io.github.ompt4j.profile.state;

import io.github.ompt4j.profile.jfr.RecordedRun;
import io.github.ompt4j.profile.jfr.StateSample;
import io.github.ompt4j.profile.jfr.ThreadRecord;
import io.github.ompt4j.profile.model.OmpState;
import java.util.ArrayList;
import java.util.List;

/**
 * Every thread's intervals, from the recording alone: derived from the thread's spans by {@link StateRule},
 * corrected by its state samples ({@link StateSamplesFill}), over its life in the recording
 * ({@link RecordedRun#from} to {@link RecordedRun#to}).
 * Threads the runtime never reported have none: their state is {@link OmpState#UNDEFINED}.
 */
public final class RunStates {
    private final Intervals[] byThread;
    private final List<List<StateSample>> deciding;

    private RunStates(Intervals[] byThread, List<List<StateSample>> deciding) {
        this.byThread = byThread;
        this.deciding = deciding;
    }

    public static RunStates of(RecordedRun run) {
        Intervals[] byThread = new Intervals[run.threads().size()];
        List<List<StateSample>> deciding = new ArrayList<>();
        for (int i = 0; i < byThread.length; i++) {
            deciding.add(new ArrayList<>());
        }
        for (ThreadRecord t : run.threads()) {
            if (t.knownToRuntime()) {
                Intervals spans = StateRule.derive(t, run.from(t), run.to(t));
                Intervals filled = StateSamplesFill.apply(spans, t.stateSamples(), run.hasMutexAcquires(),
                        run.syncWaitsThresholded(), deciding.get(t.index));
                filled.trim();
                byThread[t.index] = filled;
            }
        }
        return new RunStates(byThread, deciding);
    }

    /**
     * The thread's state samples that decided its intervals, in time order: where only a sample saw the thread's
     * state (a wait under the threshold, a mutex wait no span traced), the time a wait took is the sum of these
     * samples' whole {@link StateSample#nanos()}, the ticks each saw, as the note of {@code io.github.ompt4j.jfr}
     * defines it; their intervals, clipped to the spans around them, only place them.
     */
    public List<StateSample> deciding(int thread) {
        return deciding.get(thread);
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
