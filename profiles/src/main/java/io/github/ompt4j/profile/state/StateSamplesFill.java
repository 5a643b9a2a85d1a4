package io.github.ompt4j.profile.state;

import io.github.ompt4j.profile.jfr.StateSample;
import io.github.ompt4j.profile.model.OmpState;
import io.github.ompt4j.profile.state.Intervals.Decided;
import java.util.List;

/**
 * Corrects a thread's intervals with its {@code ompt.ThreadState} samples where the spans could not know:
 * intervals only the rule's default decided (a pool worker whose tasks were not recorded, a thread no span
 * covers); in recordings without {@code ompt.MutexAcquire} events, mutex waits inside work; and in recordings
 * whose {@code ompt.SyncRegionWait} has a threshold (1 ms by default), the shorter barrier, taskwait and
 * taskgroup waits inside work, which are not in the file. Such a wait corrects work of its own region, whatever
 * task the sample names: under the task threshold, a short task the thread ran inside the recorded one (a join
 * that helps, a stream's inline split) has no span, and its waits were counted as the recorded task's work. A sample stands for the time the reader gave it
 * ({@link StateSample#from()} to {@link StateSample#until()}: from half a period before it to half a period before
 * its thread's next one), clipped to the interval it was taken in, which it corrects: the time below a threshold
 * is summarised from the samples, as JFR's own short parks are from its execution samples. The samples that
 * corrected an interval are the ones a wait's time is counted from, each for the whole time it stands for
 * ({@link RunStates#deciding}): clipped to a short task, a sample of a wait that often lands there would stand for
 * less than the ticks it saw, and the sum would fall short of the waits.
 */
final class StateSamplesFill {
    private StateSamplesFill() {
    }

    /**
     * {@code spans} corrected by {@code samples}, one thread's in time order; the samples that corrected an interval
     * are added to {@code deciding}.
     */
    static Intervals apply(Intervals spans, List<StateSample> sorted, boolean mutexSpansRecorded,
            boolean syncWaitsThresholded, List<StateSample> deciding) {
        if (sorted.isEmpty()) {
            return spans;
        }
        Intervals out = new Intervals();
        int next = 0;
        for (int i = 0; i < spans.size(); i++) {
            long cursor = spans.start(i);
            long end = spans.end(i);
            // A sample corrects the interval it was taken in, as JMC's rule counts it within its task: the spans
            // say where the thread's task began and ended, which the half period before a sample may cross.
            while (next < sorted.size() && sorted.get(next).time < cursor) {
                next++;
            }
            for (; next < sorted.size() && sorted.get(next).time < end; next++) {
                StateSample s = sorted.get(next);
                if (!corrects(spans, i, s, mutexSpansRecorded, syncWaitsThresholded)) {
                    continue;
                }
                deciding.add(s);
                long from = Math.max(cursor, s.from());
                long to = Math.min(end, s.until());
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
        boolean unrecorded = !mutexSpansRecorded && s.state.isMutexWait() || syncWaitsThresholded && s.state.isSyncWait();
        return unrecorded && state.isWork() && s.parallelId == spans.region(i);
    }

    private static void copy(Intervals spans, int i, Intervals out, long from, long to) {
        out.add(from, to, spans.state(i), spans.region(i), spans.task(i), spans.waitId(i), spans.decided(i));
    }
}
