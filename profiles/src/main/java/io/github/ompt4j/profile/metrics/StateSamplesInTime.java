package io.github.ompt4j.profile.metrics;

import io.github.ompt4j.profile.jfr.StateSample;
import io.github.ompt4j.profile.jfr.ThreadRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * One thread's {@code ompt.ThreadState} samples in time order, to find those inside a traced wait: whom they named as
 * holder, for how long, where the wait's recorded holds do not say. (A wait only the samples saw is their sum,
 * {@code RunStates.deciding}.)
 */
final class StateSamplesInTime {
    private final List<StateSample> samples;

    private StateSamplesInTime(List<StateSample> samples) {
        this.samples = samples;
    }

    static StateSamplesInTime of(ThreadRecord t) {
        return new StateSamplesInTime(t.stateSamples());
    }

    /** The samples that stand for time in {@code [from, to)} and saw the thread waiting for {@code waitId}. */
    List<StateSample> waiting(long from, long to, long waitId) {
        List<StateSample> found = new ArrayList<>();
        for (int i = firstUntilAfter(from); i < samples.size() && samples.get(i).from() < to; i++) {
            StateSample s = samples.get(i);
            if (!s.state.isWork() && s.waitId == waitId) {
                found.add(s);
            }
        }
        return found;
    }

    /** The first sample that stands for time after {@code time}: their stretches follow one another. */
    private int firstUntilAfter(long time) {
        int lo = 0;
        int hi = samples.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (samples.get(mid).until() <= time) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
