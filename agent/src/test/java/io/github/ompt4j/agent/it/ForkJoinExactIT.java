package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.agent.invariants.Violation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The fork/join framework's events are exact whatever the program does with its tasks: rejected, cancelled,
 * drained, dropped, unforked or reused, and with {@code CompletableFuture}'s stages: refused, delayed, or claimed by
 * two threads at once, every region ends and every announced task runs or ends as cancelled
 * ({@link TraceInvariants}), with the common pool's parallelism at 1 and at 4.
 */
class ForkJoinExactIT {

    private static Trace run(int parallelism, Class<?> program) throws Exception {
        Trace trace = Trace.of("all", List.of("-Djava.util.concurrent.ForkJoinPool.common.parallelism=" + parallelism),
                Map.of(), program);
        TraceInvariants.assertHold(trace);
        return trace;
    }

    /** A task that keeps its pool's one worker busy until released, so that what is submitted next waits in the queue. */
    static final class Blocker implements Runnable {
        volatile boolean started;
        volatile boolean released;

        @Override
        public void run() {
            started = true;
            while (!released) {
                pause();
            }
        }

        /** Submits this to {@code pool} and returns once a worker runs it. */
        ForkJoinTask<?> occupy(ForkJoinPool pool) {
            ForkJoinTask<?> task = pool.submit(this);
            while (!started) {
                pause();
            }
            return task;
        }
    }

    static void pause() {
        try {
            Thread.sleep(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A task without children, whose result is {@code n}. */
    static final class Value extends RecursiveTask<Integer> {
        private static final long serialVersionUID = 1L;
        private final int n;

        Value(int n) {
            this.n = n;
        }

        @Override
        protected Integer compute() {
            return n;
        }
    }

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
            int second = new Fib(n - 2).compute();
            // Taken back if no other thread took it: the idiom runs it here, without the pool.
            return second + (first.tryUnfork() ? first.compute() : first.join());
        }
    }

    static void finish(ForkJoinPool pool) throws InterruptedException {
        pool.shutdown();
        if (!pool.awaitTermination(30, TimeUnit.SECONDS)) {
            throw new AssertionError("the pool did not terminate");
        }
    }

    /** Submissions to a pool that was shut down: {@code submit}, {@code execute}, {@code invoke}, all rejected. */
    public static final class RejectedAfterShutdown {
        public static void main(String[] args) throws Exception {
            ForkJoinPool pool = new ForkJoinPool(2);
            System.out.println("1: before " + pool.submit(() -> 1).join());
            finish(pool);
            int rejected = 0;
            List<Runnable> submissions = List.of(() -> pool.submit(() -> 2), () -> pool.execute(() -> { }),
                    () -> pool.invoke(new Value(3)), () -> pool.submit(new Value(3)));
            for (Runnable submission : submissions) {
                try {
                    submission.run();
                } catch (RejectedExecutionException e) {
                    rejected++;
                }
            }
            System.out.println("1: rejected " + rejected);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aRejectedSubmissionEndsItsTaskAsCancelledAndItsRegion(int parallelism) throws Exception {
        Trace trace = run(parallelism, RejectedAfterShutdown.class);
        assertTrue(trace.lines().contains("1: rejected 4"), trace.toString());
        assertEquals(4, trace.count("1: ompt_event_task_switch:", "ompt_task_cancel"), trace.toString());
        assertEquals(5, trace.count("ompt_event_parallel_end:"), trace.toString());
    }

    /**
     * Root tasks that never run: cancelled, or completed by the program, while they wait in the queue behind a task
     * that keeps the pool's only worker busy; and tasks the pool's {@code shutdownNow} drops.
     */
    public static final class NeverRun {
        public static void main(String[] args) throws Exception {
            ForkJoinPool pool = new ForkJoinPool(1);
            Blocker blocker = new Blocker();
            blocker.occupy(pool);
            ForkJoinTask<Integer> cancelled = pool.submit(new Value(5));
            ForkJoinTask<Integer> completed = pool.submit(new Value(6));
            System.out.println("1: cancelled " + cancelled.cancel(true));
            completed.complete(-1);
            blocker.released = true;
            System.out.println("1: completed " + completed.join() + ", then " + pool.submit(new Value(7)).join());
            finish(pool);

            ForkJoinPool dropped = new ForkJoinPool(1);
            Blocker busy = new Blocker();
            busy.occupy(dropped);
            for (int i = 0; i < 3; i++) {
                dropped.submit(new Value(4));
            }
            dropped.shutdownNow();
            busy.released = true;
            if (!dropped.awaitTermination(30, TimeUnit.SECONDS)) {
                throw new AssertionError("the pool did not terminate");
            }
            System.out.println("1: dropped");
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aRootTaskCancelledCompletedOrDroppedBeforeItRunsEndsAsCancelled(int parallelism) throws Exception {
        Trace trace = run(parallelism, NeverRun.class);
        assertTrue(trace.lines().contains("1: cancelled true"), trace.toString());
        assertTrue(trace.lines().contains("1: completed -1, then 7"), trace.toString());
        assertEquals(2 + 3, trace.count("ompt_event_task_switch:", "ompt_task_cancel"), trace.toString());
    }

    /** {@code invokeAny} and a timed {@code invokeAll} cancel the tasks still queued when they return. */
    public static final class InvokeAnyAndAll {
        public static void main(String[] args) throws Exception {
            ForkJoinPool pool = new ForkJoinPool(2);
            List<Callable<Integer>> slow = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                int n = i;
                slow.add(() -> {
                    Thread.sleep(n == 0 ? 0 : 100);
                    return n;
                });
            }
            System.out.println("1: any " + pool.invokeAny(slow));
            int done = 0;
            for (var f : pool.invokeAll(slow, 20, TimeUnit.MILLISECONDS)) {
                done += f.isCancelled() ? 0 : 1;
            }
            System.out.println("1: all " + (done < slow.size()));
            finish(pool);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void tasksThatInvokeAnyOrInvokeAllCancelRunOrEndAsCancelled(int parallelism) throws Exception {
        Trace trace = run(parallelism, InvokeAnyAndAll.class);
        assertTrue(trace.lines().contains("1: all true"), trace.toString());
        assertTrue(trace.count("ompt_event_task_switch:", "ompt_task_cancel") > 0, trace.toString());
    }

    /** A pool of the program's that takes its queued tasks back ({@code pollSubmission}, {@code drainTasksTo}). */
    static final class DrainablePool extends ForkJoinPool {
        DrainablePool() {
            super(1);
        }

        ForkJoinTask<?> poll() {
            return pollSubmission();
        }

        int drainTo(List<ForkJoinTask<?>> tasks) {
            return drainTasksTo(tasks);
        }
    }

    /** Queued tasks taken out of their pool; the program then runs one of them itself. */
    public static final class Drained {
        public static void main(String[] args) throws Exception {
            DrainablePool pool = new DrainablePool();
            Blocker blocker = new Blocker();
            blocker.occupy(pool);
            for (int i = 0; i < 4; i++) {
                pool.submit(new Value(4 + i));
            }
            ForkJoinTask<?> polled = pool.poll();
            List<ForkJoinTask<?>> drained = new ArrayList<>();
            int n = pool.drainTo(drained);
            System.out.println("1: drained " + (polled != null) + " " + n + " " + ((Integer) polled.invoke() >= 4));
            blocker.released = true;
            finish(pool);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void tasksTakenOutOfTheirPoolEndAsCancelledAndRunningOneIsANewTask(int parallelism) throws Exception {
        Trace trace = run(parallelism, Drained.class);
        assertTrue(trace.lines().contains("1: drained true 3 true"), trace.toString());
        assertEquals(4, trace.count("1: ompt_event_task_switch:", "ompt_task_cancel"), trace.toString());
    }

    /** {@code t.tryUnfork() ? t.compute() : t.join()} in every task of a fib, in the common pool. */
    public static final class Unfork {
        public static void main(String[] args) {
            System.out.println("1: fib " + ForkJoinPool.commonPool().invoke(new Fib(12)));
            ForkJoinPool.commonPool().awaitQuiescence(30, TimeUnit.SECONDS);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aTaskTakenBackByTryUnforkEndsAsCancelledAndRunsInItsParent(int parallelism) throws Exception {
        Trace trace = run(parallelism, Unfork.class);
        assertTrue(trace.lines().contains("1: fib 144"), trace.toString());
        assertTrue(trace.count("ompt_event_task_switch:", "ompt_task_cancel") > 0, trace.toString());
    }

    /** One task object run again and again: submitted, joined, reinitialized, submitted; invoked inline likewise. */
    public static final class Reused {
        static final int TIMES = 50;

        public static void main(String[] args) throws ExecutionException, InterruptedException {
            ForkJoinPool pool = new ForkJoinPool(2);
            Value task = new Value(8);
            int sum = 0;
            for (int i = 0; i < TIMES; i++) {
                sum += pool.invoke(task);
                task.reinitialize();
                sum += task.invoke();
                task.reinitialize();
            }
            System.out.println("1: sum " + sum);
            finish(pool);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aReinitializedTaskRunAgainIsANewTaskOfANewRegion(int parallelism) throws Exception {
        Trace trace = run(parallelism, Reused.class);
        assertTrue(trace.lines().contains("1: sum " + 2 * Reused.TIMES * 8), trace.toString());
        assertEquals(2 * Reused.TIMES, trace.count("1: ompt_event_parallel_begin:"), trace.toString());
    }


    /**
     * Threads the runtime did not start reach it: a platform thread and (JDK 21+) virtual threads each run a parallel
     * stream and a submission; an async stage runs on the thread CompletableFuture starts for it (JDK 17 at
     * parallelism 1) or on a worker. Every thread has ended when main prints.
     */
    public static final class ThreadsMet {
        static int work() {
            return IntStream.range(0, 1000).parallel().sum() + ForkJoinPool.commonPool().submit(() -> 1).join();
        }

        public static void main(String[] args) throws Exception {
            AtomicInteger total = new AtomicInteger();
            Thread plain = new Thread(() -> total.addAndGet(work()));
            plain.start();
            plain.join();
            if (Runtime.version().feature() >= 21) {
                VirtualThreadsIT.onVirtualThreads(3, () -> total.addAndGet(work()));
            } else {
                total.addAndGet(3 * work());
            }
            total.addAndGet(CompletableFuture.supplyAsync(ThreadsMet::work).get());
            ForkJoinPool.commonPool().awaitQuiescence(30, TimeUnit.SECONDS);
            System.out.println("1: total " + total.get());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aThreadTheRuntimeMeetsIsAnInitialThreadWithAnInitialTaskAndEnds(int parallelism) throws Exception {
        Trace trace = run(parallelism, ThreadsMet.class);
        assertTrue(trace.lines().contains("1: total " + 5 * 499_501), trace.toString());
        List<String> met = trace.threadsWith("ompt_event_thread_begin: thread_type=ompt_thread_initial");
        assertTrue(met.size() >= 1 + 1 + (Runtime.version().feature() >= 21 ? 1 : 0), "main, the plain thread and"
                + " the virtual threads:\n" + trace);
        for (String thread : met.subList(1, met.size())) {
            List<String> lines = trace.thread(thread);
            assertTrue(lines.get(1).contains("ompt_event_initial_task_begin"), lines.toString());
            assertTrue(lines.get(lines.size() - 1).contains("ompt_event_thread_end: thread_type=ompt_thread_initial"),
                    lines.toString());
        }
    }

    /** Submissions of one task class and of callables from several lines, and the JDK's parallel array operations. */
    public static final class CallSitesPerLine {
        public static void main(String[] args) {
            ForkJoinPool pool = ForkJoinPool.commonPool();
            int sum = pool.invoke(new Value(1));
            sum += pool.invoke(new Value(2));
            sum += pool.submit(() -> 3).join();
            sum += pool.submit(() -> 4).join();
            int[] numbers = new int[1 << 16];
            Arrays.parallelSetAll(numbers, i -> i % 3);
            Arrays.parallelPrefix(numbers, Integer::sum);
            Arrays.parallelSort(numbers);
            pool.awaitQuiescence(30, TimeUnit.SECONDS);
            System.out.println("1: sum " + sum + " " + numbers[0]);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void everySubmissionNamesItsOwnLineAndNoCallSiteIsTheJdks(int parallelism) throws Exception {
        Trace trace = run(parallelism, CallSitesPerLine.class);
        assertTrue(trace.lines().contains("1: sum 10 0"), trace.toString());
        List<String> sites = trace.values("codeptr_ra", "1: ompt_event_parallel_begin:");
        assertEquals(4, Set.copyOf(sites.subList(0, 4)).size(), "four submissions, four lines: " + sites + "\n" + trace);
        String program = CallSitesPerLine.class.getName() + ".main(ForkJoinExactIT.java:";
        for (String line : trace.lines()) {
            if (line.startsWith("legend: ")) {
                assertTrue(line.contains(" " + ForkJoinExactIT.class.getName()), "a call site of the program's: " + line
                        + "\n" + trace);
            }
        }
        for (String site : sites) {
            assertTrue(trace.first("legend: codeptr_ra=" + site + " " + program) >= 0, site + " is a line of main:\n"
                    + trace);
        }
    }

    /** An executor that refuses every task, as a pool shut down does. */
    static final class Refusing implements Executor {
        final AtomicInteger refused = new AtomicInteger();

        @Override
        public void execute(Runnable task) {
            refused.incrementAndGet();
            throw new RejectedExecutionException("refused");
        }
    }

    /**
     * Async stages an executor refuses: dependent stages of a complete source (handed over at once, with no
     * claim) and of an incomplete one (claimed when it completes, one of them twice over: a stage on one source
     * twice), and the stages {@code supplyAsync}, {@code runAsync} and {@code completeAsync} construct.
     */
    public static final class RefusedStages {
        public static void main(String[] args) {
            Refusing refusing = new Refusing();
            CompletableFuture<Integer> complete = CompletableFuture.completedFuture(1);
            CompletableFuture<Integer> incomplete = new CompletableFuture<>();
            List<CompletableFuture<?>> stages = new ArrayList<>();
            for (CompletableFuture<Integer> source : List.of(complete, incomplete)) {
                stages.add(source.thenApplyAsync(x -> x, refusing));
                stages.add(source.thenCombineAsync(source, Integer::sum, refusing));
                stages.add(source.applyToEitherAsync(source, x -> x, refusing));
                stages.add(source.thenComposeAsync(CompletableFuture::completedFuture, refusing));
                stages.add(source.whenCompleteAsync((x, t) -> { }, refusing));
            }
            int thrown = 0;
            List<Runnable> constructing = List.of(() -> CompletableFuture.supplyAsync(() -> 1, refusing),
                    () -> CompletableFuture.runAsync(() -> { }, refusing),
                    () -> new CompletableFuture<Integer>().completeAsync(() -> 1, refusing));
            for (Runnable construct : constructing) {
                try {
                    construct.run();
                } catch (RejectedExecutionException expected) {
                    thrown++;
                }
            }
            incomplete.complete(2);
            long failed = stages.stream().filter(CompletableFuture::isCompletedExceptionally).count();
            System.out.println("1: refused " + refusing.refused.get() + ", thrown " + thrown + ", failed " + failed);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aStageItsExecutorRefusesEndsAsCancelled(int parallelism) throws Exception {
        Trace trace = run(parallelism, RefusedStages.class);
        assertTrue(trace.lines().contains("1: refused 13, thrown 3, failed 10"), trace.toString());
        // The claimed stages and the constructed ones are announced, as they are handed over, and all withdrawn.
        assertEquals(8, trace.count("1: ompt_event_task_begin:"), trace.toString());
        assertEquals(8, trace.count("1: ompt_event_task_switch:", "prior_task_status=ompt_task_cancel"),
                trace.toString());
    }

    /**
     * Stages given to a delayed executor: two whose delay outlasts the program (constructed, and dependent), never
     * run, and two that run after a short delay.
     */
    public static final class DelayedStages {
        public static void main(String[] args) throws Exception {
            Executor soon = CompletableFuture.delayedExecutor(10, TimeUnit.MILLISECONDS);
            Executor never = CompletableFuture.delayedExecutor(1, TimeUnit.DAYS);
            CompletableFuture<Integer> late = CompletableFuture.supplyAsync(() -> 1, never);
            CompletableFuture<Integer> source = new CompletableFuture<>();
            CompletableFuture<Integer> lateDependent = source.thenApplyAsync(x -> x, never);
            source.complete(1);
            int sum = CompletableFuture.supplyAsync(() -> 2, soon).thenApplyAsync(x -> x + 1, soon).get();
            System.out.println("1: delayed " + sum + ", cancelled " + late.cancel(true) + " " + lateDependent.cancel(true));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aDelayedStageIsCreatedWhenItsDelayHasElapsed(int parallelism) throws Exception {
        Trace trace = Trace.of("all", List.of("-Djava.util.concurrent.ForkJoinPool.common.parallelism=" + parallelism),
                Map.of(), DelayedStages.class);
        // The delayer's thread, which hands the stages over, lives as long as the JVM: the TCK's checker lets a
        // thread be in its initial task at the end, as the main thread is.
        List<Violation> violations = new ArrayList<>();
        io.github.ompt4j.agent.invariants.TraceInvariants checker =
                new io.github.ompt4j.agent.invariants.TraceInvariants(violations::add);
        trace.lines().forEach(checker::line);
        checker.finish();
        assertEquals(List.of(), violations, trace.toString());
        assertTrue(trace.lines().contains("1: delayed 3, cancelled true true"), trace.toString());
        assertEquals(0, trace.count("1: ompt_event_task_begin:"), "the main thread hands no stage over\n" + trace);
        List<String> delayers = trace.threadsWith("ompt_event_task_begin:");
        assertEquals(1, delayers.size(), trace.toString());
        assertEquals(2, trace.count(delayers.get(0) + ": ompt_event_task_begin:"), trace.toString());
        assertEquals(2, trace.count("ompt_event_task_end:"), trace.toString());
    }

    /**
     * Stages of two sources each ({@code thenCombineAsync}), whose sources two threads complete at once, over and
     * over: both threads find both sources complete and claim the stage, and only one claim wins.
     */
    public static final class RacingClaims {
        static final int STAGES = 2000;

        public static void main(String[] args) throws Exception {
            ForkJoinPool pool = new ForkJoinPool(2);
            List<CompletableFuture<Integer>> left = new ArrayList<>();
            List<CompletableFuture<Integer>> right = new ArrayList<>();
            List<CompletableFuture<Integer>> combined = new ArrayList<>();
            for (int i = 0; i < STAGES; i++) {
                CompletableFuture<Integer> a = new CompletableFuture<>();
                CompletableFuture<Integer> b = new CompletableFuture<>();
                left.add(a);
                right.add(b);
                combined.add(a.thenCombineAsync(b, Integer::sum, pool));
            }
            AtomicInteger arrived = new AtomicInteger();
            List<Thread> completers = new ArrayList<>();
            for (List<CompletableFuture<Integer>> sources : List.of(left, right)) {
                Thread completer = new Thread(() -> {
                    for (int i = 0; i < STAGES; i++) {
                        arrived.incrementAndGet();
                        while (arrived.get() < 2 * (i + 1)) {
                            Thread.onSpinWait();
                        }
                        sources.get(i).complete(1);
                    }
                });
                completer.start();
                completers.add(completer);
            }
            for (Thread completer : completers) {
                completer.join();
            }
            long sum = 0;
            for (CompletableFuture<Integer> stage : combined) {
                sum += stage.join();
            }
            finish(pool);
            System.out.println("1: combined " + sum);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aStageTwoThreadsClaimAtOnceIsOneTask(int parallelism) throws Exception {
        Trace trace = run(parallelism, RacingClaims.class);
        assertTrue(trace.lines().contains("1: combined " + 2 * RacingClaims.STAGES), trace.toString());
        assertEquals(RacingClaims.STAGES, trace.count("ompt_event_task_begin:"), trace.toString());
    }
}
