package io.github.ompt4j.omp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
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
}
