package io.github.ompt4j.profile.metrics;

import io.github.ompt4j.profile.jfr.StateSample;
import io.github.ompt4j.profile.jfr.ThreadRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One thread's {@code ompt.ThreadState} samples in time order, to find those behind an interval that the
 * samples decided: how many there were (a count of samples, not of waits) and whom they named as holder.
 */
final class StateSamplesInTime {
    private final List<StateSample> samples;

    private StateSamplesInTime(List<StateSample> samples) {
        this.samples = samples;
    }

    static StateSamplesInTime of(ThreadRecord t) {
        List<StateSample> sorted = new ArrayList<>(t.stateSamples());
        sorted.sort(Comparator.comparingLong(s -> s.time));
        return new StateSamplesInTime(sorted);
    }

    /** The samples taken in {@code [from, to)} that saw the thread waiting for {@code waitId}. */
    List<StateSample> waiting(long from, long to, long waitId) {
        List<StateSample> found = new ArrayList<>();
        for (int i = firstAtOrAfter(from); i < samples.size() && samples.get(i).time < to; i++) {
            StateSample s = samples.get(i);
            if (!s.state.isWork() && s.waitId == waitId) {
                found.add(s);
            }
        }
        return found;
    }

    private int firstAtOrAfter(long time) {
        int lo = 0;
        int hi = samples.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (samples.get(mid).time < time) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
