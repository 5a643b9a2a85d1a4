package io.github.ompt4j.omp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Failures that must leave the runtime working, each in a JVM of its own (see {@link ForkedJvm}): the
 * program's first failure, a small heap, or a scenario that hung or killed a thread before.
 */
class ResilienceTest {

    /** Prints every exception that kills a thread: a dead worker would hang the next region. */
    static void reportThreadDeaths() {
        Thread.setDefaultUncaughtExceptionHandler(
                (t, e) -> System.out.println("uncaught in " + t.getName() + ": " + e));
    }

    /** Runs a region that uses the whole team, tasks included, and prints what it computed. */
    static void showTheTeamStillWorks() {
        int[] sum = new int[1];
        Omp.parallel(2, () -> {
            Omp.forLoop(0, 100, Schedule.dynamic(), i -> Omp.atomic(() -> sum[0] += i));
            Omp.single(() -> {
                for (int k = 0; k < 10; k++) {
                    Omp.task(() -> Omp.atomic(() -> sum[0]++));
                }
            });
        });
        System.out.println("team works: " + sum[0]);
    }

    /** A task chain deeper than any stack: each task creates the next and waits for it. */
    public static final class DeepTaskChain {
        public static void main(String[] args) {
            reportThreadDeaths();
            int depth = Integer.parseInt(args[0]);
            // The first attempt is this program's first failure; the later ones run compiled code.
            for (int attempt = 0; attempt < 3; attempt++) {
                try {
                    Omp.parallel(2, () -> Omp.single(() -> chain(depth)));
                    System.out.println("no failure");
                } catch (Throwable e) {
                    System.out.println("failed with " + e.getClass().getName());
                }
            }
            showTheTeamStillWorks();
        }

        private static void chain(int depth) {
            if (depth > 0) {
                Omp.task(() -> chain(depth - 1));
                Omp.taskwait();
            }
        }
    }

    @Test
    void aStackOverflowInDeepTasksReachesTheCallerAndTheTeamLivesOn() throws Exception {
        ForkedJvm run = ForkedJvm.run(List.of(), Map.of(), DeepTaskChain.class, "10000");
        assertEquals(0, run.exit, run.toString());
        assertEquals(3, run.out.lines().filter(l -> l.equals("failed with java.lang.StackOverflowError")).count(),
                run.toString());
        assertFalse(run.out.contains("uncaught"), run.toString());
        assertTrue(run.out.contains("team works: 4960"), run.toString());
    }

    /** Calls the runtime again and again, printing what each call threw. */
    public static final class MalformedEnvironment {
        public static void main(String[] args) {
            for (int attempt = 0; attempt < 2; attempt++) {
                print(() -> Omp.parallel(2, () -> { }));
                print(() -> Omp.maxThreads());
                print(() -> Omp.task(() -> { }));
                print(() -> Omp.getSchedule());
            }
        }

        private static void print(Runnable call) {
            try {
                call.run();
                System.out.println("no failure");
            } catch (Throwable e) {
                System.out.println(e.getClass().getName() + ": " + e.getMessage());
            }
        }
    }

    @Test
    void aMalformedVariableIsTheSameIllegalArgumentExceptionOnEveryCall() throws Exception {
        ForkedJvm run = ForkedJvm.run(List.of(), Map.of("OMP_NUM_THREADS", "abc"), MalformedEnvironment.class);
        assertEquals(0, run.exit, run.toString());
        List<String> lines = run.out.lines().collect(Collectors.toList());
        assertEquals(8, lines.size(), run.toString());
        for (String line : lines) {
            assertTrue(line.startsWith("java.lang.IllegalArgumentException: malformed OMP_NUM_THREADS='abc': "
                    + "expected a positive integer"), run.toString());
        }
    }

    /**
     * Many tasks with dependences in a heap of 16 MB: a runtime that keeps completed tasks, or what they
     * captured, runs out of memory.
     */
    public static final class DependentTasksInASmallHeap {
        private static final int CAPTURED = 100_000;
        private static final int MANY = 300_000;

        public static void main(String[] args) {
            reportThreadDeaths();
            Object shared = new Object();
            long[] bytes = new long[1];
            // One task per step, each capturing 100 KB, each step a single with its barrier.
            Omp.parallel(2, () -> {
                for (int step = 0; step < 1000; step++) {
                    Omp.single(() -> {
                        byte[] data = new byte[CAPTURED];
                        Omp.task(new TaskOptions().in(shared), () -> Omp.atomic(() -> bytes[0] += data.length));
                    });
                }
            });
            System.out.println("read " + bytes[0] / CAPTURED + " captures");
            // Readers of one object, all from one task with no barrier or taskwait in between.
            System.out.println("ran " + manyTasks(() -> shared) + " tasks on one object");
            // Each on an object of its own: the map must drop whole entries, not only tasks.
            System.out.println("ran " + manyTasks(Object::new) + " tasks on distinct objects");
            showTheTeamStillWorks();
        }

        private static long manyTasks(java.util.function.Supplier<Object> dependence) {
            long[] count = new long[1];
            Omp.parallel(2, () -> Omp.single(() -> {
                for (int step = 0; step < MANY; step++) {
                    Omp.task(new TaskOptions().in(dependence.get()), () -> Omp.atomic(() -> count[0]++));
                }
            }));
            return count[0];
        }
    }

    @Test
    void completedTasksWithDependencesAreNotKept() throws Exception {
        ForkedJvm run = ForkedJvm.run(List.of("-Xmx16m"), Map.of(), DependentTasksInASmallHeap.class);
        assertEquals(0, run.exit, run.toString());
        assertTrue(run.out.contains("read 1000 captures"), run.toString());
        assertTrue(run.out.contains("ran 300000 tasks on one object"), run.toString());
        assertTrue(run.out.contains("ran 300000 tasks on distinct objects"), run.toString());
        assertFalse(run.out.contains("uncaught"), run.toString());
        assertTrue(run.out.contains("team works: 4960"), run.toString());
    }

    /** Regions whose workers cannot be started: {@code OMP_STACKSIZE} beyond any address space. */
    public static final class WorkersThatCannotStart {
        public static void main(String[] args) {
            reportThreadDeaths();
            for (int region = 0; region < 3; region++) {
                try {
                    int[] size = new int[1];
                    Omp.parallel(3, () -> Omp.master(() -> size[0] = Omp.numThreads()));
                    System.out.println("region of " + size[0]);
                } catch (Throwable e) {
                    System.out.println("failed with " + e);
                }
            }
            System.out.println("busy threads: " + ThreadPool.busyThreads());
        }
    }

    @Test
    void aRegionWhoseWorkersCannotStartRunsWithTheThreadsItHasAndSaysSoOnce() throws Exception {
        // The JVM's own warning for each failed thread goes to standard output.
        ForkedJvm run = ForkedJvm.run(List.of("-Xlog:os+thread=off"), Map.of("OMP_STACKSIZE", "1000000G"),
                WorkersThatCannotStart.class);
        assertEquals(0, run.exit, run.toString());
        assertEquals(List.of("region of 1", "region of 1", "region of 1", "busy threads: 1"),
                run.out.lines().collect(Collectors.toList()), run.toString());
        assertEquals(1, run.err.lines().filter(l -> l.startsWith("OMP: warning: cannot start a worker thread ("))
                .count(), run.toString());
    }

    /**
     * More virtual threads than the thread limit each start a region of two, and every region waits until
     * all have started: as many regions at once as there are threads. Prints how many regions ran, the
     * thread limit and how many workers exist.
     */
    public static final class ManyMasters {
        public static void main(String[] args) throws Exception {
            reportThreadDeaths();
            Method startVirtualThread = Thread.class.getMethod("startVirtualThread", Runnable.class);
            int count = Omp.getThreadLimit() + Omp.getThreadLimit() / 4;
            CountDownLatch started = new CountDownLatch(count);
            AtomicInteger regions = new AtomicInteger();
            List<Thread> masters = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                masters.add((Thread) startVirtualThread.invoke(null, (Runnable) () -> {
                    Omp.parallel(2, () -> {
                        Omp.master(started::countDown);
                        await(started);
                    });
                    regions.incrementAndGet();
                }));
            }
            for (Thread master : masters) {
                master.join();
            }
            long workers = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName().startsWith("omp-worker-")).count();
            System.out.println((regions.get() == count ? "every region ran" : regions + " of " + count + " ran")
                    + ", thread limit " + Omp.getThreadLimit() + ", " + workers + " workers");
        }

        private static void await(CountDownLatch latch) {
            try {
                if (!latch.await(60, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("not all regions started");
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    @Test
    void regionsFromThousandsOfThreadsShareABoundedPool() throws Exception {
        assumeTrue(Runtime.version().feature() >= 21, "virtual threads");
        ForkedJvm run = ForkedJvm.run(List.of(), Map.of(), ManyMasters.class);
        assertEquals(0, run.exit, run.toString());
        Matcher m = Pattern.compile("every region ran, thread limit (\\d+), (\\d+) workers").matcher(run.out.trim());
        assertTrue(m.matches(), run.toString());
        int limit = Integer.parseInt(m.group(1));
        assertEquals(Icvs.defaultThreadLimit(Runtime.getRuntime().availableProcessors()), limit);
        assertTrue(Integer.parseInt(m.group(2)) < limit, "workers beyond the thread limit: " + run);
    }
}
