package io.github.ompt4j.jmc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The rules' arithmetic on hand-made spans: what counts as a member's work, a barrier wait, a mutex's wait. */
class RuleArithmeticTest {

    private static OmptItems.Span task(long thread, long start, long end, long region, int threadNum) {
        return new OmptItems.Span(thread, "t" + thread, start, end, region, 0, threadNum, null, null);
    }

    private static OmptItems.Span waitSpan(long thread, long start, long end, long region, String kind, String site) {
        return new OmptItems.Span(thread, "t" + thread, start, end, region, region, 0, kind, site);
    }

    @Test
    void aMembersWorkIsItsTaskMinusItsWaitsInThatRegion() {
        List<LoadImbalanceRule.Region> regions = LoadImbalanceRule.regions(
                List.of(task(1, 0, 100, 7, 0), task(2, 0, 100, 7, 1), task(3, 0, 100, 7, 2), task(1, 200, 210, 8, 0)),
                List.of(waitSpan(2, 50, 100, 7, "barrier_implicit_parallel", null),
                        waitSpan(3, 10, 100, 7, "barrier_implicit_parallel", null),
                        waitSpan(1, 40, 60, 9, "taskwait", null),
                        waitSpan(2, 150, 160, 7, "barrier_explicit", null)));
        assertEquals(1, regions.size(), "region 8 has one member: nothing to compare");
        LoadImbalanceRule.Region r = regions.get(0);
        assertEquals(7, r.parallelId);
        assertEquals(3, r.members);
        assertEquals(100, r.maxWork, "another region's wait does not count");
        assertEquals(10, r.minWork);
        assertEquals(0, r.slowest);
        assertEquals(2, r.fastest);
        assertEquals(50 + 90, r.lost, "the wait outside the task does not count either");
        assertEquals(300, r.teamTime());
    }

    @Test
    void barrierWaitsAddUpBySiteAndTaskWaitsDoNotCount() {
        BarrierWaitRule.Waits waits = BarrierWaitRule.barrierWaits(List.of(
                waitSpan(1, 0, 30, 7, "barrier_implicit_workshare", "A.loop(A.java:1)"),
                waitSpan(2, 0, 50, 7, "barrier_explicit", "A.sync(A.java:2)"),
                waitSpan(2, 60, 80, 7, "barrier_implicit_workshare", "A.loop(A.java:1)"),
                waitSpan(1, 0, 500, 7, "taskwait", "A.join(A.java:3)")));
        assertEquals(100, waits.total);
        assertEquals(50, waits.longest.duration());
        assertEquals(50, waits.bySite.get("A.loop(A.java:1)"));
        assertEquals(2, waits.bySite.size());
    }

    @Test
    void mutexesAreGroupedByWaitIdMostWaitedFirst() {
        List<LockContentionRule.Mutex> mutexes = LockContentionRule.mutexes(List.of(
                new OmptItems.Span(1, "a", 0, 10, 0, 5, 0, "lock", "L.a(L.java:1)"),
                new OmptItems.Span(2, "b", 0, 40, 0, 6, 0, "critical", "L.b(L.java:2)"),
                new OmptItems.Span(1, "a", 20, 45, 0, 5, 0, "lock", "L.c(L.java:3)")));
        assertEquals(6, mutexes.get(0).waitId);
        assertEquals(40, mutexes.get(0).total);
        assertEquals(5, mutexes.get(1).waitId);
        assertEquals(35, mutexes.get(1).total);
        assertEquals(2, mutexes.get(1).count);
        assertEquals("L.c(L.java:3)", mutexes.get(1).busiestSite());
    }

    /**
     * A sample stands for the time until its thread's next one (the sampler writes when the state changed), within
     * the recording: a lock wait sampled at 30 and 70 with serial work sampled at 40, period 10, inside a task from 0
     * to 100, in a recording that ends at 90.
     */
    @Test
    void aSampledMutexWaitStandsUntilItsThreadsNextSample() {
        List<LockContentionRule.Mutex> mutexes = LockContentionRule.sampledMutexes(List.of(
                new OmptItems.StateSample(1, 30, "wait_lock", 9, 7), new OmptItems.StateSample(1, 40, "work_serial", 0, 7),
                new OmptItems.StateSample(1, 70, "wait_lock", 9, 7)), List.of(task(1, 0, 100, 7, 0)), List.of(), 10,
                new ThreadLives(0, 90));
        assertEquals(9, mutexes.get(0).waitId);
        assertEquals((35 - 25) + (90 - 65), mutexes.get(0).total);
        assertEquals(2, mutexes.get(0).count);
    }

    /**
     * A pool worker between idle spans runs tasks under the threshold: a sample there stands for the ticks it saw,
     * which the spans around it do not clip (a wait that lands in such short stretches often would be undercounted),
     * and a sample inside an idle span counts for nothing. Period 10: a lock wait sampled at 30 with the worker idle
     * from 33 to 60 and a lock wait sampled at 70 then serial work at 90 stand for 25 to 35 and 65 to 85; one sampled
     * at 40, inside the idle span, for nothing.
     */
    @Test
    void aWorkersIdleSpansDoNotClipItsSampledMutexWaits() {
        List<LockContentionRule.Mutex> mutexes = LockContentionRule.sampledMutexes(List.of(
                new OmptItems.StateSample(1, 30, "wait_lock", 9, 0), new OmptItems.StateSample(1, 40, "wait_lock", 9, 0),
                new OmptItems.StateSample(1, 70, "wait_lock", 9, 0), new OmptItems.StateSample(1, 90, "work_parallel", 0, 0)),
                List.of(), List.of(task(1, 33, 60, 0, 0)), 10, new ThreadLives(0, 100));
        assertEquals((35 - 25) + (85 - 65), mutexes.get(0).total);
        assertEquals(2, mutexes.get(0).count);
    }

    /** A sample inside a task span of another region than the one it names disagrees with the spans: it counts for nothing. */
    @Test
    void aSampleOfAnotherRegionThanItsTaskSpansCountsForNothing() {
        List<LockContentionRule.Mutex> mutexes = LockContentionRule.sampledMutexes(List.of(
                new OmptItems.StateSample(1, 30, "wait_lock", 9, 8), new OmptItems.StateSample(1, 50, "wait_lock", 9, 7),
                new OmptItems.StateSample(1, 60, "work_parallel", 0, 7)), List.of(task(1, 0, 100, 7, 0)), List.of(), 10,
                new ThreadLives(0, 100));
        assertEquals(55 - 45, mutexes.get(0).total);
        assertEquals(1, mutexes.get(0).count);
    }

    @Test
    void aSettingsDurationReadsInNanoseconds() {
        assertEquals(20_000_000L, OmptItems.durationNanos("20 ms"));
        assertEquals(1_000_000_000L, OmptItems.durationNanos("1 s"));
        assertEquals(0, OmptItems.durationNanos("everyChunk"));
    }
}
