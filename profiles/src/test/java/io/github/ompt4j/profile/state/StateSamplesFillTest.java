package io.github.ompt4j.profile.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ompt4j.jfr.events.ThreadStateEvent;
import io.github.ompt4j.profile.jfr.StateSample;
import io.github.ompt4j.profile.model.OmpState;
import io.github.ompt4j.profile.state.Intervals.Decided;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The state samples stand for what the spans left out: a task's 100 ms of work with state samples every 20 ms, one
 * of which saw the thread in a taskwait that no span recorded; and each sample for the time until its thread's next.
 */
class StateSamplesFillTest {
    private static final long MS = 1_000_000;
    private static final long TASK = 5;

    private static Intervals work() {
        Intervals spans = new Intervals();
        spans.add(0, 100 * MS, OmpState.WORK_PARALLEL, 1, TASK, 0, Decided.SPANS);
        return spans;
    }

    private static List<StateSample> samples() {
        List<StateSample> samples = new ArrayList<>();
        for (long t = 10; t < 100; t += 20) {
            OmpState s = t == 50 ? OmpState.WAIT_TASKWAIT : OmpState.WORK_PARALLEL;
            samples.add(new StateSample(t * MS, s, t == 50 ? 77 : 0, 1, TASK));
        }
        StateSample.standFor(samples, 20 * MS, Long.MIN_VALUE, Long.MAX_VALUE);
        return samples;
    }

    private static long nanosIn(Intervals intervals, OmpState state) {
        long sum = 0;
        for (int i = 0; i < intervals.size(); i++) {
            sum += intervals.state(i) == state ? intervals.end(i) - intervals.start(i) : 0;
        }
        return sum;
    }

    @Test
    void aWaitUnderTheThresholdTakesTheSamplesShare() {
        Intervals filled = StateSamplesFill.apply(work(), samples(), false, true, new ArrayList<>());
        assertEquals(20 * MS, nanosIn(filled, OmpState.WAIT_TASKWAIT));
        assertEquals(80 * MS, nanosIn(filled, OmpState.WORK_PARALLEL));
        int at = filled.indexAt(50 * MS);
        assertEquals(77, filled.waitId(at));
        assertEquals(Decided.STATE_SAMPLE, filled.decided(at));
    }

    /** With every wait recorded, a sample that disagrees is at a span's edge (the clocks): the spans win. */
    @Test
    void withEveryWaitRecordedTheSpansStand() {
        Intervals filled = StateSamplesFill.apply(work(), samples(), false, false, new ArrayList<>());
        assertEquals(0, nanosIn(filled, OmpState.WAIT_TASKWAIT));
        assertEquals(100 * MS, nanosIn(filled, OmpState.WORK_PARALLEL));
    }

    /**
     * The sampler writes a thread's sample when it changed, and its first sample in serial work ends the stretch
     * before it: with a period of 10 ms, a wait at 30 ms stands for 25 to 35 ms (serial work follows at 40), the wait
     * sampled again at 70 ms for the rest of the span, from 65 ms.
     */
    @Test
    void aSampleStandsForTheTimeUntilItsThreadsNextOne() {
        Intervals spans = new Intervals();
        spans.add(0, 100 * MS, OmpState.WORK_SERIAL, 0, TASK, 0, Decided.DEFAULT);
        List<StateSample> samples = List.of(new StateSample(30 * MS, OmpState.WAIT_LOCK, 9, 0, TASK),
                new StateSample(40 * MS, OmpState.WORK_SERIAL, 0, 0, TASK),
                new StateSample(70 * MS, OmpState.WAIT_LOCK, 9, 0, TASK));
        StateSample.standFor(samples, 10 * MS, Long.MIN_VALUE, Long.MAX_VALUE);
        Intervals filled = StateSamplesFill.apply(spans, samples, false, false, new ArrayList<>());
        assertEquals(45 * MS, nanosIn(filled, OmpState.WAIT_LOCK));
        assertEquals(List.of(25 * MS, 35 * MS, 65 * MS, 100 * MS), List.of(filled.start(1), filled.end(1),
                filled.start(3), filled.end(3)));
    }

    /** A sample whose successor is missing stands for at most the periods after which the sampler writes again. */
    @Test
    void aSampleStandsForAtMostTheMostPeriodsTheSamplerLeavesUnwritten() {
        Intervals spans = new Intervals();
        spans.add(0, 1000 * MS, OmpState.WORK_SERIAL, 0, TASK, 0, Decided.DEFAULT);
        List<StateSample> samples = List.of(new StateSample(100 * MS, OmpState.WAIT_LOCK, 9, 0, TASK));
        StateSample.standFor(samples, 2 * MS, Long.MIN_VALUE, Long.MAX_VALUE);
        assertEquals(ThreadStateEvent.MAX_UNCHANGED_PERIODS * 2 * MS,
                nanosIn(StateSamplesFill.apply(spans, samples, false, false, new ArrayList<>()), OmpState.WAIT_LOCK));
    }

    /**
     * A sample corrects the interval it was taken in: a wait sampled 2 ms into a task stands for the task's time from
     * its start, not for the half period before it, when the spans say the thread was not yet in the task (JMC's rule
     * counts it within the task, and the two must agree).
     */
    @Test
    void aSampleDoesNotCrossIntoTheIntervalBeforeTheOneItWasTakenIn() {
        Intervals spans = new Intervals();
        spans.add(0, 10 * MS, OmpState.OVERHEAD, 1, 0, 0, Decided.DEFAULT);
        spans.add(10 * MS, 100 * MS, OmpState.WORK_PARALLEL, 1, TASK, 0, Decided.SPANS);
        List<StateSample> samples = List.of(new StateSample(12 * MS, OmpState.WAIT_LOCK, 9, 1, TASK),
                new StateSample(50 * MS, OmpState.WORK_PARALLEL, 0, 1, TASK));
        StateSample.standFor(samples, 10 * MS, Long.MIN_VALUE, Long.MAX_VALUE);
        Intervals filled = StateSamplesFill.apply(spans, samples, false, false, new ArrayList<>());
        assertEquals((45 - 10) * MS, nanosIn(filled, OmpState.WAIT_LOCK));
        assertEquals(10 * MS, nanosIn(filled, OmpState.OVERHEAD));
    }

    /**
     * Under the task threshold a short task has no span: a thread that runs one inside a recorded task of the same
     * region (a join that helps, a stream's inline split) is in the recorded task's interval by the spans, and a sample
     * of a lock wait in the short task corrects it there. A sample of another region does not: the spans say the thread
     * was not in it.
     */
    @Test
    void aWaitSampledInAShortTaskCorrectsTheRecordedTaskOfItsRegionItRanIn() {
        Intervals spans = new Intervals();
        spans.add(0, 100 * MS, OmpState.WORK_PARALLEL, 1, TASK, 0, Decided.SPANS);
        List<StateSample> samples = List.of(new StateSample(30 * MS, OmpState.WAIT_LOCK, 9, 1, TASK + 1),
                new StateSample(40 * MS, OmpState.WORK_PARALLEL, 0, 1, TASK + 1),
                new StateSample(70 * MS, OmpState.WAIT_LOCK, 9, 2, TASK + 2),
                new StateSample(80 * MS, OmpState.WORK_PARALLEL, 0, 1, TASK));
        StateSample.standFor(samples, 10 * MS, Long.MIN_VALUE, Long.MAX_VALUE);
        Intervals filled = StateSamplesFill.apply(spans, samples, false, true, new ArrayList<>());
        assertEquals(10 * MS, nanosIn(filled, OmpState.WAIT_LOCK));
        int at = filled.indexAt(30 * MS);
        assertEquals(List.of(25 * MS, 35 * MS, 9L), List.of(filled.start(at), filled.end(at), filled.waitId(at)));
        assertEquals(OmpState.WORK_PARALLEL, filled.state(filled.indexAt(70 * MS)));
    }

    /**
     * A pool worker between idle spans runs tasks under the threshold: a lock wait sampled there is placed in the
     * 5 ms between the spans, and decides the wait's time with the 10 ms it stands for (the tick it saw), which the
     * clipped interval would undercount for waits that land in short stretches often; a sample inside an idle span
     * that agrees with it decides nothing.
     */
    @Test
    void aWaitSampledBetweenSpansIsPlacedThereAndCountsForTheTicksItSaw() {
        Intervals spans = new Intervals();
        spans.add(0, 28 * MS, OmpState.IDLE, 0, 0, 0, Decided.SPANS);
        spans.add(28 * MS, 33 * MS, OmpState.OVERHEAD, 0, 0, 0, Decided.DEFAULT);
        spans.add(33 * MS, 60 * MS, OmpState.IDLE, 0, 0, 0, Decided.SPANS);
        List<StateSample> samples = List.of(new StateSample(30 * MS, OmpState.WAIT_LOCK, 9, 1, TASK),
                new StateSample(40 * MS, OmpState.IDLE, 0, 0, 0));
        StateSample.standFor(samples, 10 * MS, 0, 60 * MS);
        List<StateSample> deciding = new ArrayList<>();
        Intervals filled = StateSamplesFill.apply(spans, samples, false, true, deciding);
        assertEquals(5 * MS, nanosIn(filled, OmpState.WAIT_LOCK));
        assertEquals(List.of(samples.get(0)), deciding);
        assertEquals(10 * MS, deciding.get(0).nanos());
    }

    /** A sample stands for time inside the recording only: the last one of a thread ends with it. */
    @Test
    void aSampleStandsForNoTimeOutsideTheRecording() {
        List<StateSample> samples = List.of(new StateSample(3 * MS, OmpState.WAIT_LOCK, 9, 0, TASK),
                new StateSample(100 * MS, OmpState.WAIT_LOCK, 9, 0, TASK));
        StateSample.standFor(samples, 10 * MS, 1 * MS, 150 * MS);
        assertEquals(List.of(1 * MS, 95 * MS, 150 * MS), List.of(samples.get(0).from(), samples.get(1).from(),
                samples.get(1).until()));
    }
}
