package io.github.ompt4j.profile.state;

import io.github.ompt4j.profile.jfr.StateSample;
import io.github.ompt4j.profile.model.OmpState;
import io.github.ompt4j.profile.state.Intervals.Decided;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Corrects a thread's intervals with its {@code ompt.ThreadState} samples where the spans could not know:
 * intervals only the rule's default decided (a pool worker whose tasks were not recorded, a thread no span
 * covers); in recordings without {@code ompt.MutexAcquire} events, mutex waits inside work; and in recordings
 * whose {@code ompt.SyncRegionWait} has a threshold (1 ms by default), the shorter barrier, taskwait and
 * taskgroup waits inside work, which are not in the file. A sample stands for the half period on either side of
 * it, clipped to the interval it corrects: the time below a threshold is summarised from the samples, as JFR's
 * own short parks are from its execution samples.
 */
final class StateSamplesFill {
    private static final long DEFAULT_PERIOD = 20_000_000L;

    private StateSamplesFill() {
    }

    /**
     * {@code spans} corrected by {@code samples}, taken every {@code period} nanoseconds (0 where the recording does
     * not say: then the median gap between the samples).
     */
    static Intervals apply(Intervals spans, List<StateSample> samples, long period, boolean mutexSpansRecorded,
            boolean syncWaitsThresholded) {
        if (samples.isEmpty()) {
            return spans;
        }
        List<StateSample> sorted = new ArrayList<>(samples);
        sorted.sort(Comparator.comparingLong(s -> s.time));
        long half = (period > 0 ? period : period(sorted)) / 2;
        Intervals out = new Intervals();
        int next = 0;
        for (int i = 0; i < spans.size(); i++) {
            long cursor = spans.start(i);
            long end = spans.end(i);
            while (next < sorted.size() && sorted.get(next).time < spans.start(i)) {
                next++;
            }
            for (; next < sorted.size() && sorted.get(next).time < end; next++) {
                StateSample s = sorted.get(next);
                if (!corrects(spans, i, s, mutexSpansRecorded, syncWaitsThresholded)) {
                    continue;
                }
                long from = Math.max(cursor, s.time - half);
                long to = Math.min(end, s.time + half);
                copy(spans, i, out, cursor, from);
                out.add(from, to, s.state, s.state == OmpState.IDLE ? 0 : s.parallelId, s.taskId,
                        s.state.isWork() ? 0 : s.waitId, Decided.STATE_SAMPLE);
                cursor = Math.max(cursor, to);
            }
            copy(spans, i, out, cursor, end);
        }
        return out;
    }

    private static boolean corrects(Intervals spans, int i, StateSample s, boolean mutexSpansRecorded,
            boolean syncWaitsThresholded) {
        OmpState state = spans.state(i);
        boolean differs = s.state != state || s.parallelId != spans.region(i) || s.taskId != spans.task(i);
        if (!differs || s.state == OmpState.UNDEFINED) {
            return false;
        }
        if (spans.byDefault(i)) {
            return true;
        }
        boolean unrecorded = !mutexSpansRecorded && isMutexWait(s.state) || syncWaitsThresholded && s.state.isSyncWait();
        return unrecorded && state.isWork() && s.taskId == spans.task(i);
    }

    private static boolean isMutexWait(OmpState s) {
        return s == OmpState.WAIT_LOCK || s == OmpState.WAIT_CRITICAL || s == OmpState.WAIT_ATOMIC
                || s == OmpState.WAIT_ORDERED;
    }


    private static void copy(Intervals spans, int i, Intervals out, long from, long to) {
        out.add(from, to, spans.state(i), spans.region(i), spans.task(i), spans.waitId(i), spans.decided(i));
    }

    /** The median gap between consecutive samples: the sampling period, whatever the settings were. */
    private static long period(List<StateSample> sorted) {
        if (sorted.size() < 2) {
            return DEFAULT_PERIOD;
        }
        long[] gaps = new long[sorted.size() - 1];
        for (int i = 1; i < sorted.size(); i++) {
            gaps[i - 1] = sorted.get(i).time - sorted.get(i - 1).time;
        }
        Arrays.sort(gaps);
        long median = gaps[gaps.length / 2];
        return median > 0 ? median : DEFAULT_PERIOD;
    }
}
