package io.github.ompt4j.profile.metrics;

import io.github.ompt4j.profile.jfr.RecordedRun;
import io.github.ompt4j.profile.jfr.StateSample;
import io.github.ompt4j.profile.jfr.ThreadRecord;
import io.github.ompt4j.profile.model.FoldedStack;
import io.github.ompt4j.profile.model.OmpState;
import io.github.ompt4j.profile.model.Profile;
import io.github.ompt4j.profile.state.Intervals;
import io.github.ompt4j.profile.state.RunStates;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Waits by kind (the states of "OMP wait"): the sampled time in each, and what the recorded intervals say:
 * those the spans traced, how many and their total time; and those only {@code ompt.ThreadState} samples
 * saw (mutex waits under the profiling settings), how many samples and the time they stand for, each the ticks it
 * saw ({@link RunStates#deciding}), which is not a count of waits. What the state rule takes by default where
 * nothing was recorded (a worker between its spans is idle, or in overhead after an idle span) is neither: a worker
 * running tasks under the recording's threshold had 117 such "recorded" idle intervals for its 17 idle spans.
 */
public final class WaitMetrics {
    /** One wait state's numbers. */
    public static final class Kind {
        public final OmpState state;
        public long sampledNanos;
        public long recordedNanos;
        public long recordedCount;
        public long stateSampledNanos;
        public long stateSamples;

        Kind(OmpState state) {
            this.state = state;
        }
    }

    private WaitMetrics() {
    }

    /** The wait states with any time, most recorded time first. */
    public static List<Kind> of(Profile profile, RecordedRun run, RunStates states) {
        Map<OmpState, Kind> kinds = new EnumMap<>(OmpState.class);
        for (FoldedStack s : profile.stacks()) {
            if (!s.state().isWork()) {
                kinds.computeIfAbsent(s.state(), Kind::new).sampledNanos += s.waitNanos();
            }
        }
        for (ThreadRecord t : run.threads()) {
            Intervals intervals = states.of(t.index);
            for (int i = 0; intervals != null && i < intervals.size(); i++) {
                OmpState state = intervals.state(i);
                if (!state.isWork() && intervals.decided(i) == Intervals.Decided.SPANS) {
                    Kind k = kinds.computeIfAbsent(state, Kind::new);
                    k.recordedNanos += intervals.end(i) - intervals.start(i);
                    k.recordedCount++;
                }
            }
            for (StateSample s : states.deciding(t.index)) {
                if (!s.state.isWork()) {
                    Kind k = kinds.computeIfAbsent(s.state, Kind::new);
                    k.stateSampledNanos += s.nanos();
                    k.stateSamples++;
                }
            }
        }
        List<Kind> list = new ArrayList<>(kinds.values());
        list.sort((a, b) -> Long.compare(b.recordedNanos + b.stateSampledNanos + b.sampledNanos,
                a.recordedNanos + a.stateSampledNanos + a.sampledNanos));
        return list;
    }
}
