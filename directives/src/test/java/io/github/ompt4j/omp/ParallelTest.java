package io.github.ompt4j.omp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ParallelTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8})
    void everyMemberRunsTheBodyOnceWithADistinctNumber(int n) {
        AtomicIntegerArray seen = new AtomicIntegerArray(n);
        Set<Thread> threads = ConcurrentHashMap.newKeySet();
        Omp.parallel(n, () -> {
            assertEquals(n, Omp.numThreads());
            seen.incrementAndGet(Omp.threadNum());
            threads.add(Thread.currentThread());
        });
        for (int i = 0; i < n; i++) {
            assertEquals(1, seen.get(i), "member " + i);
        }
        assertEquals(n, threads.size());
        assertTrue(threads.contains(Thread.currentThread()), "the encountering thread is member 0");
    }

    @Test
    void workersAreNamedDaemonsReusedAcrossRegions() {
        Set<Thread> first = ConcurrentHashMap.newKeySet();
        Set<Thread> second = ConcurrentHashMap.newKeySet();
        Omp.parallel(4, () -> first.add(Thread.currentThread()));
        Omp.parallel(4, () -> second.add(Thread.currentThread()));
        assertEquals(first, second, "a hot team keeps its threads");
        for (Thread t : first) {
            if (t != Thread.currentThread()) {
                assertTrue(t.getName().startsWith("omp-worker-"), t.getName());
                assertTrue(t.isDaemon());
            }
        }
    }

    @Test
    void aWorkerForgetsAnInterruptBetweenRegions() throws InterruptedException {
        Thread worker = interruptMember1();
        assertSleepsUninterrupted(worker);
        assertSame(worker, interruptMember1(), "a hot team keeps its threads");
        // Idle, the worker parks rather than spins: seen parked at 10 polls in a row (a pending interrupt
        // makes every park return at once, so a spinning worker is parked for an instant only).
        int parkedInARow = 0;
        for (int polls = 0; polls < 3000 && parkedInARow < 10; polls++) {
            Thread.sleep(10);
            parkedInARow = worker.getState() == Thread.State.WAITING ? parkedInARow + 1 : 0;
        }
        assertEquals(10, parkedInARow, "the idle worker does not stay parked");
        assertSleepsUninterrupted(worker);
    }

    /** Member 1 of a region interrupts itself; returns its thread. */
    private static Thread interruptMember1() {
        Thread[] member1 = new Thread[1];
        Omp.parallel(2, () -> Omp.masked(1, () -> {
            member1[0] = Thread.currentThread();
            Thread.currentThread().interrupt();
        }));
        return member1[0];
    }

    private static void assertSleepsUninterrupted(Thread worker) {
        Set<String> seen = ConcurrentHashMap.newKeySet();
        Omp.parallel(2, () -> {
            String me = Thread.currentThread().getName();
            try {
                Thread.sleep(1);
                seen.add(me + (Thread.currentThread().isInterrupted() ? " interrupted" : " slept"));
            } catch (InterruptedException e) {
                seen.add(me + " interrupted");
            }
        });
        assertEquals(Set.of(Thread.currentThread().getName() + " slept", worker.getName() + " slept"), seen);
    }

    @Test
    void ifFalseAndOutsideRegionsGiveATeamOfOne() {
        assertEquals(1, Omp.numThreads());
        assertEquals(0, Omp.threadNum());
        assertEquals(0, Omp.level());
        assertFalse(Omp.inParallel());
        Omp.parallelIf(false, 4, () -> {
            assertEquals(1, Omp.numThreads());
            assertEquals(1, Omp.level(), "an inactive region still counts as a level");
            assertEquals(0, Omp.activeLevel());
            assertFalse(Omp.inParallel());
        });
        Omp.parallelIf(true, 3, () -> {
            assertEquals(3, Omp.numThreads());
            assertTrue(Omp.inParallel());
        });
    }

    @Test
    void defaultTeamSizeIsNthreadsVarAndSetNumThreadsChangesIt() {
        int before = Omp.maxThreads();
        try {
            Omp.setNumThreads(3);
            assertEquals(3, Omp.maxThreads());
            int[] size = new int[1];
            Omp.parallel(() -> Omp.master(() -> size[0] = Omp.numThreads()));
            assertEquals(3, size[0]);
        } finally {
            Omp.setNumThreads(before);
        }
    }

    @Test
    void setNumThreadsInATaskChangesThatTaskOnly() {
        int[] seen = new int[4];
        Omp.parallel(2, () -> Omp.single(() -> {
            int mine = Omp.maxThreads();
            // Undeferred: the thread running this implicit task runs the task too.
            Omp.task(new TaskOptions().ifClause(false), () -> {
                Omp.setNumThreads(mine + 3);
                seen[0] = Omp.maxThreads();
                Omp.task(new TaskOptions().ifClause(false), () -> seen[1] = Omp.maxThreads());
            });
            seen[2] = Omp.maxThreads() - mine;
            Omp.task(new TaskOptions().ifClause(false), () -> seen[3] = Omp.maxThreads() - mine);
            seen[0] -= mine;
            seen[1] -= mine;
        }));
        assertEquals(List.of(3, 3, 0, 0), List.of(seen[0], seen[1], seen[2], seen[3]),
                "the task's own value, its child's, its creator's after it, a later sibling's");
    }

    /** Prints the team sizes of a region and of the regions nested in it, after setting nthreads-var. */
    public static final class NestedSizes {
        public static void main(String[] args) {
            Omp.setNumThreads(Integer.parseInt(args[0]));
            Set<String> sizes = ConcurrentHashMap.newKeySet();
            Omp.parallel(() -> {
                int outer = Omp.numThreads();
                int max = Omp.maxThreads();
                Omp.parallel(() -> sizes.add(outer + " then " + max + " and " + Omp.numThreads()));
            });
            System.out.println(sizes);
        }
    }

    @Test
    void setNumThreadsSetsTheFirstLevelOfAList() throws Exception {
        ForkedJvm run = ForkedJvm.run(List.of("-Domp.num_threads=2,3"), Map.of(), NestedSizes.class, "4");
        assertEquals("[4 then 3 and 3]", run.out.trim(), run.toString());
    }

    /**
     * A region in a shutdown hook, after the pool's own hook ended its idle workers (hot ones of the top-level
     * team, free ones of nested teams).
     */
    public static final class RegionAtExit {
        public static void main(String[] args) {
            Omp.setMaxActiveLevels(2);
            Omp.parallel(2, () -> Omp.parallel(2, () -> Omp.barrier()));
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                LockSupport.parkNanos(300_000_000L);
                Set<Integer> members = ConcurrentHashMap.newKeySet();
                Omp.parallel(2, () -> Omp.parallel(2, () -> {
                    Omp.barrier();
                    members.add(Omp.ancestorThreadNum(1) * 2 + Omp.threadNum());
                }));
                System.out.println("at exit " + new TreeSet<>(members));
            }));
        }
    }

    @Test
    void aRegionInAShutdownHookGetsItsTeam() throws Exception {
        ForkedJvm run = ForkedJvm.run(List.of(), Map.of(), RegionAtExit.class);
        assertEquals("at exit [0, 1, 2, 3]", run.out.trim(), run.toString());
        assertEquals(0, run.exit, run.toString());
    }

    @Test
    void nestedRegionsGetRealTeamsUpToMaxActiveLevels() {
        int levels = Omp.getMaxActiveLevels();
        try {
            Omp.setMaxActiveLevels(2);
            AtomicIntegerArray innerSizes = new AtomicIntegerArray(3);
            Set<String> ancestry = ConcurrentHashMap.newKeySet();
            Omp.parallel(2, () -> {
                int outer = Omp.threadNum();
                Omp.parallel(3, () -> {
                    assertEquals(2, Omp.level());
                    assertEquals(2, Omp.activeLevel());
                    assertEquals(3, Omp.teamSize(2));
                    assertEquals(2, Omp.teamSize(1));
                    assertEquals(1, Omp.teamSize(0));
                    assertEquals(outer, Omp.ancestorThreadNum(1));
                    assertEquals(0, Omp.ancestorThreadNum(0));
                    assertEquals(Omp.threadNum(), Omp.ancestorThreadNum(2));
                    assertEquals(-1, Omp.ancestorThreadNum(3));
                    ancestry.add(outer + "." + Omp.threadNum());
                    Omp.parallel(4, () -> {
                        innerSizes.incrementAndGet(0);
                        assertEquals(1, Omp.numThreads(), "beyond max-active-levels: a team of one");
                        assertEquals(3, Omp.level());
                        assertEquals(2, Omp.activeLevel());
                    });
                    Omp.barrier();
                });
                assertEquals(1, Omp.level());
                assertEquals(outer, Omp.threadNum(), "the outer context is restored after the inner region");
            });
            assertEquals(6, ancestry.size());
            assertEquals(6, innerSizes.get(0));
        } finally {
            Omp.setMaxActiveLevels(levels);
        }
    }

    @Test
    void withOneActiveLevelNestedRegionsAreSerialized() {
        int levels = Omp.getMaxActiveLevels();
        try {
            Omp.setMaxActiveLevels(1);
            Omp.parallel(2, () -> Omp.parallel(2, () -> assertEquals(1, Omp.numThreads())));
        } finally {
            Omp.setMaxActiveLevels(levels);
        }
    }

    @Test
    void orphanedDirectivesBindToTheInnermostTeam() {
        AtomicIntegerArray hits = new AtomicIntegerArray(100);
        int[] phase = new int[1];
        Omp.parallel(4, () -> orphanedWork(hits, phase));
        for (int i = 0; i < 100; i++) {
            assertEquals(1, hits.get(i));
        }
        assertEquals(1, phase[0]);
    }

    private static void orphanedWork(AtomicIntegerArray hits, int[] phase) {
        Omp.forLoop(0, 100, hits::incrementAndGet);
        Omp.single(() -> phase[0]++);
        Omp.barrier();
        assertEquals(1, phase[0]);
    }

    @Test
    void orphanedDirectivesOutsideARegionRunOnTheCallingThread() {
        AtomicIntegerArray hits = new AtomicIntegerArray(10);
        Omp.forLoop(0, 10, Schedule.dynamic(3), hits::incrementAndGet);
        Omp.barrier();
        int[] ran = new int[1];
        Omp.single(() -> ran[0]++);
        Omp.sections(() -> ran[0]++, () -> ran[0]++);
        for (int i = 0; i < 10; i++) {
            assertEquals(1, hits.get(i));
        }
        assertEquals(3, ran[0]);
    }

    @Test
    void wtimeIsMonotonicWithNanosecondTick() {
        double t0 = Omp.wtime();
        assertTrue(Omp.wtime() >= t0);
        assertEquals(1e-9, Omp.wtick());
    }

    @Test
    void dynamicAdjustmentNeverGivesMoreThanRequested() {
        boolean before = Omp.getDynamic();
        try {
            Omp.setDynamic(true);
            int[] size = new int[1];
            Omp.parallel(8, () -> Omp.master(() -> size[0] = Omp.numThreads()));
            assertTrue(size[0] >= 1 && size[0] <= Math.min(8, Omp.numProcs()), "size " + size[0]);
        } finally {
            Omp.setDynamic(before);
        }
    }
}
