package io.github.ompt4j.profile.metrics;

import io.github.ompt4j.profile.jfr.RecordedRun;
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
 * how many waits and their total time.
 */
public final class WaitMetrics {
    /** One wait state's numbers. */
    public static final class Kind {
        public final OmpState state;
        public long sampledNanos;
        public long recordedNanos;
        public long recordedCount;

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
                if (!state.isWork()) {
                    Kind k = kinds.computeIfAbsent(state, Kind::new);
                    k.recordedNanos += intervals.end(i) - intervals.start(i);
                    k.recordedCount++;
                }
            }
        }
        List<Kind> list = new ArrayList<>(kinds.values());
        list.sort((a, b) -> Long.compare(b.recordedNanos + b.sampledNanos, a.recordedNanos + a.sampledNanos));
        return list;
    }
}
