package io.github.ompt4j.agent.it;

import static io.github.ompt4j.agent.it.Trace.ID;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.agent.check.FileCheck;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code ForkJoinPool}, {@code ForkJoinTask} and parallel streams under the agent with the print tool,
 * each run with the common pool's parallelism forced to 1 (what 2 cores give by default) and to 4.
 * The checks are structural: the region and its end, the task tree by parent IDs, every task begun
 * once and ended once, per-thread task stacks, and waits.
 */
class ForkJoinConformanceIT {

    private static Trace run(int parallelism, Class<?> program, String... args) throws Exception {
        return Trace.of("all", List.of("-Djava.util.concurrent.ForkJoinPool.common.parallelism=" + parallelism),
                Map.of(), program, args);
    }

    /** fib(n) with {@code fork(n-1)}, {@code compute(n-2)} inline, {@code join}. */
    static final class Fib extends RecursiveTask<Integer> {
        private static final long serialVersionUID = 1L;
        private final int n;

        Fib(int n) {
            this.n = n;
        }

        @Override
        protected Integer compute() {
            if (n < 2) {
                return n;
            }
            Fib first = new Fib(n - 1);
            first.fork();
            return new Fib(n - 2).compute() + first.join();
        }
    }

    /** fib(n+1) - 1: the calls with n >= 2, each of which forks one task. */
    private static int forks(int n) {
        int a = 0;
        int b = 1;
        for (int i = 0; i < n + 1; i++) {
            int c = a + b;
            a = b;
            b = c;
        }
        return a - 1;
    }

    public static final class SubmitToCommonPool {
        public static void main(String[] args) {
            System.out.println("1: fib " + ForkJoinPool.commonPool().invoke(new Fib(Integer.parseInt(args[0]))));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aSubmissionIsARegionWhoseRootTaskEndsIt(int parallelism) throws Exception {
        Trace trace = run(parallelism, SubmitToCommonPool.class, "10");
        FileCheck main = new FileCheck()
                .check("[[M:1]]: ompt_event_initial_task_begin: task_id=[[INITIAL:" + ID + "]]")
                .next("[[M]]: ompt_event_parallel_begin: parent_task_id=[[INITIAL]], parent_task_frame.exit=0,"
                        + " parent_task_frame.reenter=0, parallel_id=[[P:" + ID + "]], requested_team_size=" + parallelism
                        + ", codeptr_ra=[[RA:" + ID + "]], invoker=0")
                .next("[[M]]: ompt_event_task_begin: parent_task_id=[[INITIAL]], parent_task_frame.exit=0,"
                        + " parent_task_frame.reenter=0, new_task_id=[[ROOT:" + ID + "]], flags=none, codeptr_ra=[[RA]]")
                .check("1: fib 55")
                .match(trace.thread("1"));
        String root = main.get("ROOT");
        assertTrue(trace.first("legend: codeptr_ra=" + main.get("RA") + " " + SubmitToCommonPool.class.getName()
                + ".main(ForkJoinConformanceIT.java:") > trace.first("ompt_event_runtime_shutdown"),
                "the legend names the submitting line of main:\n" + trace);
        int tasks = 1 + forks(10);
        assertEquals(tasks, trace.count("ompt_event_task_begin:"), trace.toString());
        assertEquals(tasks, trace.count("ompt_event_task_end:"), trace.toString());
        assertEquals(tasks, trace.assertTaskStacks(), "every task ran once");
        assertTaskTree(trace, root);
        int end = trace.first("ompt_event_parallel_end: parallel_id=" + main.get("P") + ",");
        // After its root task; not necessarily before the join returns: the worker reports the end once the
        // task's status is set, which is what releases the join.
        assertTrue(end > trace.first("ompt_event_task_end: task_id=" + root), "the region ends after its root task");
        assertEquals(1, trace.count("ompt_event_parallel_end: parallel_id=" + main.get("P") + ","), trace.toString());
        assertTrue(trace.threadsWith("ompt_event_thread_begin: thread_type=ompt_thread_worker").size() >= 1,
                trace.toString());
    }

    /** Every task's parent is the root or a task begun before it; the root's parent is outside. */
    private static void assertTaskTree(Trace trace, String root) {
        List<String> ids = trace.values("new_task_id", "ompt_event_task_begin:");
        List<String> parents = trace.values("parent_task_id", "ompt_event_task_begin:");
        Set<String> known = new HashSet<>();
        known.add(root);
        for (int i = 0; i < ids.size(); i++) {
            if (!ids.get(i).equals(root)) {
                assertTrue(known.contains(parents.get(i)), "task " + ids.get(i) + "'s parent " + parents.get(i)
                        + " is not in the tree:\n" + trace);
            }
            known.add(ids.get(i));
        }
    }

    /**
     * A submission whose root task returns only once main is parked in its join. Main joins only after a
     * worker has started the task: a join of a task still queued runs it on the joining thread.
     */
    public static final class JoinThatWaits {
        static volatile boolean started;

        public static void main(String[] args) {
            Thread main = Thread.currentThread();
            ForkJoinTask<Integer> root = ForkJoinPool.commonPool().submit(() -> {
                started = true;
                while (main.getState() != Thread.State.WAITING) {
                    Thread.onSpinWait();
                }
                return 42;
            });
            while (!started) {
                Thread.onSpinWait();
            }
            System.out.println("1: joined " + root.join());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aJoinThatWaitsIsATaskwaitOnTheAwaitedTask(int parallelism) throws Exception {
        Trace trace = run(parallelism, JoinThatWaits.class);
        new FileCheck()
                .check("[[M:1]]: ompt_event_initial_task_begin: task_id=[[INITIAL:" + ID + "]]")
                .next("[[M]]: ompt_event_parallel_begin: parent_task_id=[[INITIAL]]")
                .next("[[M]]: ompt_event_task_begin: parent_task_id=[[INITIAL]]")
                .next("[[M]]: ompt_event_taskwait_begin: parallel_id=0x0, task_id=[[INITIAL]],"
                        + " kind=ompt_sync_region_taskwait, codeptr_ra=[[RA:" + ID + "]]")
                .next("[[M]]: ompt_event_wait_taskwait_begin: parallel_id=0x0, task_id=[[INITIAL]],"
                        + " kind=ompt_sync_region_taskwait, codeptr_ra=[[RA]]")
                .next("[[M]]: ompt_event_wait_taskwait_end: parallel_id=0x0, task_id=[[INITIAL]]")
                .next("[[M]]: ompt_event_taskwait_end: parallel_id=0x0, task_id=[[INITIAL]]")
                .next("1: joined 42")
                .match(trace.thread("1"));
        assertEquals(1, trace.assertTaskStacks());
    }

    /**
     * Two joins by a worker. In a pool of one worker, a task forks a child and joins it at once: nobody else can
     * take the child, so the join finds it in the worker's own queue and runs it. In a pool of two, a task forks a
     * child, lets the other worker take it, and joins it: the child returns only once the joiner is parked.
     */
    public static final class WorkerJoins {
        public static void main(String[] args) {
            ForkJoinPool one = new ForkJoinPool(1);
            System.out.println("1: own " + one.invoke(new JoinsAtOnce()));
            one.shutdown();
            ForkJoinPool two = new ForkJoinPool(2);
            System.out.println("1: blocked " + two.invoke(new JoinsTaken()));
            two.shutdown();
        }
    }

    static final class JoinsAtOnce extends RecursiveTask<Integer> {
        private static final long serialVersionUID = 1L;

        @Override
        protected Integer compute() {
            ForkJoinTask<Integer> child = ForkJoinTask.adapt(() -> 20).fork();
            return child.join() + 1;
        }
    }

    static final class JoinsTaken extends RecursiveTask<Integer> {
        private static final long serialVersionUID = 1L;
        private volatile boolean started;

        @Override
        protected Integer compute() {
            Thread joiner = Thread.currentThread();
            ForkJoinTask<Integer> child = ForkJoinTask.adapt(() -> {
                started = true;
                while (joiner.getState() != Thread.State.WAITING) {
                    Thread.onSpinWait();
                }
                return 40;
            }).fork();
            while (!started) {
                Thread.onSpinWait();
            }
            return child.join() + 2;
        }
    }

    /**
     * A join's taskwait is a wait: a join that runs the task it awaits itself never waits, and reports that task's
     * switch alone; a join whose task another worker runs blocks, and reports its taskwait and wait.
     */
    @org.junit.jupiter.api.Test
    void aJoinIsATaskwaitOnlyWhenItWaits() throws Exception {
        Trace trace = run(1, WorkerJoins.class);
        FileCheck main = new FileCheck()
                .check("[[M:1]]: ompt_event_task_begin: parent_task_id={{" + ID + "}}, parent_task_frame.exit=0,"
                        + " parent_task_frame.reenter=0, new_task_id=[[OWN:" + ID + "]]")
                .check("1: own 21")
                .check("[[M]]: ompt_event_task_begin: parent_task_id={{" + ID + "}}, parent_task_frame.exit=0,"
                        + " parent_task_frame.reenter=0, new_task_id=[[TAKEN:" + ID + "]]")
                .check("1: blocked 42")
                .match(trace.thread("1"));
        List<String> own = trace.thread(runner(trace, main.get("OWN")));
        new FileCheck().define("OWN", main.get("OWN"))
                .check("[[W:[0-9]+]]: ompt_event_task_switch: first_task_id={{" + ID + "}}"
                        + ", prior_task_status=ompt_task_switch=7, second_task_id=[[OWN]]")
                .next("[[W]]: ompt_event_task_begin: parent_task_id=[[OWN]], parent_task_frame.exit=0,"
                        + " parent_task_frame.reenter=0, new_task_id=[[CHILD:" + ID + "]]")
                .next("[[W]]: ompt_event_task_switch: first_task_id=[[OWN]], prior_task_status=ompt_task_switch=7,"
                        + " second_task_id=[[CHILD]]")
                .next("[[W]]: ompt_event_task_end: task_id=[[CHILD]]")
                .next("[[W]]: ompt_event_task_switch: first_task_id=[[CHILD]], prior_task_status=ompt_task_complete=1,"
                        + " second_task_id=[[OWN]]")
                .next("[[W]]: ompt_event_task_end: task_id=[[OWN]]")
                .match(own);
        assertTrue(own.stream().noneMatch(line -> line.contains("taskwait")), String.join("\n", own));
        new FileCheck().define("TAKEN", main.get("TAKEN"))
                .check("[[W:[0-9]+]]: ompt_event_task_switch: first_task_id={{" + ID + "}}"
                        + ", prior_task_status=ompt_task_switch=7, second_task_id=[[TAKEN]]")
                .next("[[W]]: ompt_event_task_begin: parent_task_id=[[TAKEN]]")
                .next("[[W]]: ompt_event_taskwait_begin: parallel_id={{" + ID + "}}, task_id=[[TAKEN]],"
                        + " kind=ompt_sync_region_taskwait")
                .next("[[W]]: ompt_event_wait_taskwait_begin: parallel_id={{" + ID + "}}, task_id=[[TAKEN]]")
                .next("[[W]]: ompt_event_wait_taskwait_end: parallel_id={{" + ID + "}}, task_id=[[TAKEN]]")
                .next("[[W]]: ompt_event_taskwait_end: parallel_id={{" + ID + "}}, task_id=[[TAKEN]]")
                .next("[[W]]: ompt_event_task_end: task_id=[[TAKEN]]")
                .match(trace.thread(runner(trace, main.get("TAKEN"))));
        assertEquals(4, trace.assertTaskStacks());
    }

    /** The thread that switched to {@code task} first. */
    private static String runner(Trace trace, String task) {
        for (String line : trace.lines()) {
            if (line.contains("ompt_event_task_switch:") && line.endsWith("second_task_id=" + task)) {
                return line.substring(0, line.indexOf(':'));
            }
        }
        throw new AssertionError("no thread ran task " + task + ":\n" + trace);
    }

    static void sleep() {
        try {
            Thread.sleep(200);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Two async stages that depend on a first, registered before it can complete; main waits for the last. */
    public static final class AsyncStages {
        static volatile boolean go;

        public static void main(String[] args) throws Exception {
            CompletableFuture<Integer> first = CompletableFuture.supplyAsync(() -> {
                while (!go) {
                    Thread.onSpinWait();
                }
                return 20;
            });
            CompletableFuture<Integer> last = first.thenApplyAsync(x -> x + 1).thenApplyAsync(x -> {
                sleep(); // main is waiting in get() by now
                return x * 2;
            });
            go = true;
            System.out.println("1: result " + last.get());
        }
    }

    /**
     * Async stages are explicit tasks, never regions, whatever runs them: with a pool of more than one worker
     * the common pool, with one (on JDK 17 and 21) a thread per stage, on JDK 25 the async pool. The first
     * stage is a task of main's initial task; each dependent stage's parent is the stage whose completion
     * handed it to its executor.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void asyncStagesAreTasksWhoseParentIsTheStageThatTriggeredThem(int parallelism) throws Exception {
        Trace trace = run(parallelism, AsyncStages.class);
        FileCheck main = new FileCheck()
                .check("[[M:1]]: ompt_event_initial_task_begin: task_id=[[INITIAL:" + ID + "]]")
                .next("[[M]]: ompt_event_task_begin: parent_task_id=[[INITIAL]], parent_task_frame.exit=0,"
                        + " parent_task_frame.reenter=0, new_task_id=[[FIRST:" + ID + "]]")
                .check("[[M]]: ompt_event_taskwait_begin: parallel_id=0x0, task_id=[[INITIAL]],"
                        + " kind=ompt_sync_region_taskwait, codeptr_ra=0x0")
                .next("[[M]]: ompt_event_wait_taskwait_begin: parallel_id=0x0, task_id=[[INITIAL]]")
                .next("[[M]]: ompt_event_wait_taskwait_end: parallel_id=0x0, task_id=[[INITIAL]]")
                .next("[[M]]: ompt_event_taskwait_end: parallel_id=0x0, task_id=[[INITIAL]]")
                .next("1: result 42")
                .match(trace.thread("1"));
        assertEquals(List.of(), trace.values("parallel_id", "ompt_event_parallel_begin:"), trace.toString());
        List<String> ids = trace.values("new_task_id", "ompt_event_task_begin:");
        List<String> parents = trace.values("parent_task_id", "ompt_event_task_begin:");
        assertEquals(3, ids.size(), trace.toString());
        assertEquals(main.get("FIRST"), ids.get(0));
        assertEquals(ids.get(0), parents.get(1), "the second stage's parent is the first:\n" + trace);
        assertEquals(ids.get(1), parents.get(2), "the third stage's parent is the second:\n" + trace);
        assertEquals(3, trace.assertTaskStacks());
        assertThreadsEnd(trace);
    }

    /**
     * Every thread that began ends, the main thread and pool workers aside (they outlive the program): a thread
     * CompletableFuture starts for one stage (JDK 17 and 21 at parallelism 1) ends with its thread.
     */
    private static void assertThreadsEnd(Trace trace) {
        for (String thread : trace.threadsWith("ompt_event_thread_begin: thread_type=ompt_thread_initial")) {
            if (thread.equals("1")) {
                continue;
            }
            assertEquals(1, trace.thread(thread).stream().filter(l -> l.contains("ompt_event_thread_end:")).count(),
                    "thread " + thread + " ends:\n" + trace);
        }
    }

    /** A fan-out: per product two async stages combined, then a dependent async stage; and one stage run at once. */
    public static final class AsyncPipeline {
        static final int PRODUCTS = 20;

        public static void main(String[] args) {
            List<CompletableFuture<Integer>> prices = new java.util.ArrayList<>();
            for (int p = 0; p < PRODUCTS; p++) {
                int product = p;
                CompletableFuture<Integer> quote = CompletableFuture.supplyAsync(() -> product * 3);
                CompletableFuture<Integer> discount = CompletableFuture.supplyAsync(() -> product);
                prices.add(quote.thenCombine(discount, (q, d) -> q - d).thenApplyAsync(x -> x + 1));
            }
            // Its source is complete: handed to the executor at once, without a claim.
            prices.add(CompletableFuture.completedFuture(1).thenApplyAsync(x -> x + 1));
            System.out.println("1: total " + prices.stream().mapToInt(CompletableFuture::join).sum());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void everyAsyncStageOfAFanOutIsOneTaskAndNoneIsARegion(int parallelism) throws Exception {
        Trace trace = run(parallelism, AsyncPipeline.class);
        int stages = 3 * AsyncPipeline.PRODUCTS + 1;
        assertTrue(trace.lines().contains("1: total 402"), trace.toString());
        assertEquals(List.of(), trace.values("parallel_id", "ompt_event_parallel_begin:"), trace.toString());
        assertEquals(stages, trace.values("new_task_id", "ompt_event_task_begin:").size(), trace.toString());
        assertEquals(stages, trace.assertTaskStacks());
        assertThreadsEnd(trace);
    }

    public static final class InvokeInline {
        public static void main(String[] args) {
            System.out.println("1: fib " + new Fib(Integer.parseInt(args[0])).invoke());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void anInlineInvokeIsARegionTheCallerTakesPartIn(int parallelism) throws Exception {
        Trace trace = run(parallelism, InvokeInline.class, "8");
        FileCheck main = new FileCheck()
                .check("[[M:1]]: ompt_event_initial_task_begin: task_id=[[INITIAL:" + ID + "]]")
                .next("[[M]]: ompt_event_parallel_begin: parent_task_id=[[INITIAL]], parent_task_frame.exit=0,"
                        + " parent_task_frame.reenter=0, parallel_id=[[P:" + ID + "]], requested_team_size=" + parallelism)
                .next("[[M]]: ompt_event_implicit_task_begin: parallel_id=[[P]], task_id=[[IMPLICIT:" + ID
                        + "]], team_size=" + parallelism + ", thread_num=0")
                .next("[[M]]: ompt_event_task_begin: parent_task_id=[[IMPLICIT]], parent_task_frame.exit=0,"
                        + " parent_task_frame.reenter=0, new_task_id=[[ROOT:" + ID + "]], flags=undeferred")
                .next("[[M]]: ompt_event_task_switch: first_task_id=[[IMPLICIT]], prior_task_status=ompt_task_switch=7,"
                        + " second_task_id=[[ROOT]]")
                .check("[[M]]: ompt_event_task_end: task_id=[[ROOT]]")
                .next("[[M]]: ompt_event_task_switch: first_task_id=[[ROOT]], prior_task_status=ompt_task_complete=1,"
                        + " second_task_id=[[IMPLICIT]]")
                .next("[[M]]: ompt_event_implicit_task_end: parallel_id=[[P]], task_id=[[IMPLICIT]]")
                .next("[[M]]: ompt_event_parallel_end: parallel_id=[[P]], task_id=[[INITIAL]]")
                .next("1: fib 21")
                .match(trace.thread("1"));
        int tasks = 1 + forks(8);
        assertEquals(tasks, trace.count("ompt_event_task_begin:"), trace.toString());
        assertEquals(tasks, trace.assertTaskStacks());
        assertTaskTree(trace, main.get("ROOT"));
    }

    public static final class ParallelStreams {
        public static void main(String[] args) {
            System.out.println("1: sum " + IntStream.range(0, 10_000).parallel().sum());
            System.out.println("1: sequential " + IntStream.range(0, 1000).sum());
            System.out.println("1: sorted " + IntStream.range(0, 50_000).parallel().map(i -> -i).sorted().toArray().length);
            System.out.println("1: nested " + ForkJoinPool.commonPool().submit(
                    () -> IntStream.range(0, 10_000).parallel().sum()).join());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aParallelStreamIsARegionAndOneInsideATaskIsNested(int parallelism) throws Exception {
        Trace trace = run(parallelism, ParallelStreams.class);
        new FileCheck()
                .check("[[M:1]]: ompt_event_initial_task_begin: task_id=[[INITIAL:" + ID + "]]")
                .next("[[M]]: ompt_event_parallel_begin: parent_task_id=[[INITIAL]], parent_task_frame.exit=0,"
                        + " parent_task_frame.reenter=0, parallel_id=[[SUM:" + ID + "]], requested_team_size="
                        + parallelism)
                .next("[[M]]: ompt_event_implicit_task_begin: parallel_id=[[SUM]], task_id=[[IMPLICIT:" + ID + "]]")
                .next("[[M]]: ompt_event_task_begin: parent_task_id=[[IMPLICIT]]")
                .check("[[M]]: ompt_event_implicit_task_end: parallel_id=[[SUM]], task_id=[[IMPLICIT]]")
                .next("[[M]]: ompt_event_parallel_end: parallel_id=[[SUM]], task_id=[[INITIAL]]")
                .next("1: sum 49995000")
                .next("1: sequential 499500")
                .next("[[M]]: ompt_event_parallel_begin: parent_task_id=[[INITIAL]]")
                .check("[[M]]: ompt_event_parallel_end:")
                .next("1: sorted 50000")
                .match(trace.thread("1"));
        assertEquals(trace.count("ompt_event_task_begin:"), trace.assertTaskStacks(), "every task ran once");
        assertEquals(trace.count("ompt_event_task_begin:"), trace.count("ompt_event_task_end:"));
        assertEquals(trace.count("ompt_event_parallel_begin:"), trace.count("ompt_event_parallel_end:"));
        // The stream inside the submitted task: a region whose encountering task is a task of the submission.
        List<String> regions = trace.values("parallel_id", "ompt_event_parallel_begin:");
        assertEquals(4, regions.size(), "sum, sorted, the submission and the stream inside it:\n" + trace);
        List<String> encountering = trace.values("parent_task_id", "ompt_event_parallel_begin:");
        String submissionRoot = trace.values("new_task_id", "ompt_event_task_begin: parent_task_id="
                + encountering.get(2) + ",").get(0);
        assertTrue(trace.first("ompt_event_task_switch:", "second_task_id=" + submissionRoot) >= 0, trace.toString());
        assertTrue(!encountering.get(3).equals(encountering.get(0)), "the nested stream's encountering task is a task,"
                + " not main's initial task:\n" + trace);
        assertEquals(submissionRoot, encountering.get(3), "the nested stream runs in the submitted task:\n" + trace);
    }

    public static final class StreamTaskTrees {
        public static void main(String[] args) {
            System.out.println("1: sum " + IntStream.range(0, 1 << 16).parallel().sum());
            System.out.println("1: filtered " + IntStream.range(0, 1 << 16).parallel().filter(i -> i % 3 != 0).toArray().length);
            AtomicLong seen = new AtomicLong();
            IntStream.range(0, 1 << 16).parallel().forEach(i -> seen.incrementAndGet());
            System.out.println("1: forEach " + seen.get());
            System.out.println("1: sum again " + IntStream.range(0, 1 << 10).parallel().sum());
        }
    }

    /**
     * The stream's split tree is the task tree: a range splits in halves down to a quarter of the pool's
     * parallelism's elements per leaf, and every split is two tasks, the half forked and the half computed
     * inline (undeferred). A forEach requeues part of itself: every task still runs once, on one thread.
     * Every task carries its own stream's call site, and parallel_end names the threads that ran the tasks.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aStreamsSplitTreeIsItsTaskTreeWithTheInlineHalves(int parallelism) throws Exception {
        Trace trace = run(parallelism, StreamTaskTrees.class);
        assertTrue(trace.first("1: forEach 65536") >= 0, trace.toString());
        List<String> implicit = trace.values("task_id", "ompt_event_implicit_task_begin:");
        assertEquals(4, implicit.size(), "sum, toArray, forEach, sum:\n" + trace);
        Map<String, String> parents = new HashMap<>();
        Map<String, String> flags = new HashMap<>();
        List<String> ids = trace.values("new_task_id", "ompt_event_task_begin:");
        List<String> parentIds = trace.values("parent_task_id", "ompt_event_task_begin:");
        List<String> flagValues = trace.values("flags", "ompt_event_task_begin:");
        for (int i = 0; i < ids.size(); i++) {
            assertEquals(null, parents.put(ids.get(i), parentIds.get(i)), "task " + ids.get(i) + " begun twice:\n" + trace);
            flags.put(ids.get(i), flagValues.get(i));
        }
        List<String> started = trace.values("second_task_id", "ompt_event_task_switch:", "status=ompt_task_switch=");
        List<String> ended = trace.values("task_id", "ompt_event_task_end:");
        for (String id : ids) {
            assertEquals(1, started.stream().filter(id::equals).count(), "task " + id + " starts once:\n" + trace);
            assertEquals(1, ended.stream().filter(id::equals).count(), "task " + id + " ends once:\n" + trace);
        }
        assertEquals(ids.size(), trace.assertTaskStacks());
        Map<String, List<String>> children = new HashMap<>();
        for (String id : ids) {
            children.computeIfAbsent(parents.get(id), k -> new ArrayList<>()).add(id);
        }
        for (int region = 0; region < 2; region++) {
            // toArray's second root copies the leaves' arrays into one; the split tree is the first.
            String root = children.get(implicit.get(region)).get(0);
            assertEquals("undeferred", flags.get(root), "the root runs on the caller:\n" + trace);
            List<String> tree = new ArrayList<>(List.of(root));
            int leaves = 0;
            for (int i = 0; i < tree.size(); i++) {
                List<String> halves = children.getOrDefault(tree.get(i), List.of());
                if (halves.isEmpty()) {
                    leaves++;
                } else {
                    assertEquals(List.of("none", "undeferred"), halves.stream().map(flags::get).sorted().toList(),
                            "task " + tree.get(i) + " splits into a forked and an inline half:\n" + trace);
                }
                tree.addAll(halves);
            }
            assertEquals(4 * parallelism, leaves, "region " + region + "'s leaves:\n" + trace);
            assertEquals(8 * parallelism - 1, tree.size(), "region " + region + "'s tasks:\n" + trace);
        }
        // parallel_end names the threads that ran the region's tasks: the caller and the workers that did.
        // Every task carries its stream's call site, though the two sums' tasks are of one class.
        List<String> regions = trace.values("parallel_id", "ompt_event_implicit_task_begin:");
        List<String> regionSites = trace.values("codeptr_ra", "ompt_event_parallel_begin:");
        List<String> taskSites = trace.values("codeptr_ra", "ompt_event_task_begin:");
        assertEquals(4, Set.copyOf(regionSites).size(), "four lines, four call sites: " + regionSites);
        for (int region = 0; region < 4; region++) {
            Set<String> tasks = new HashSet<>();
            for (int i = 0; i < ids.size(); i++) {
                String id = ids.get(i);
                for (String k = id; k != null; k = parents.get(k)) {
                    if (k.equals(implicit.get(region))) {
                        tasks.add(id);
                        assertEquals(regionSites.get(region), taskSites.get(i), "task " + id + "'s call site:\n" + trace);
                    }
                }
            }
            Set<String> ran = new HashSet<>(Set.of("1"));
            for (String line : trace.lines()) {
                if (line.contains("ompt_event_task_switch:") && line.contains("status=ompt_task_switch=")
                        && tasks.contains(line.substring(line.lastIndexOf('=') + 1))) {
                    ran.add(line.substring(0, line.indexOf(':')));
                }
            }
            String participants = trace.values("participants", "ompt_event_parallel_end: parallel_id="
                    + regions.get(region) + ",").get(0);
            assertEquals(ran, Set.of(participants.split(" ")), "region " + regions.get(region) + ":\n" + trace);
        }
    }
}
