package io.github.ompt4j.agent.it;

import io.github.ompt4j.omp.DoubleReduction;
import io.github.ompt4j.omp.Omp;
import io.github.ompt4j.omp.OmpLock;

import io.github.ompt4j.omp.Schedule;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import one.profiler.AsyncProfiler;

/**
 * The eleven situations of Sun's Analyzer documentation ("User Mode Call Stacks"), with a team of four, each
 * kept up for about a second so that wall-clock samples catch it, and the same for a parallel stream and a
 * {@code RecursiveTask}, and the JDK frameworks' other entries (a pool's {@code invoke} from outside it,
 * {@code CompletableFuture} stages). The program profiles itself: async-profiler (wall clock, every 2 ms) with
 * {@code jfrsync} into the recording, so the samples and the agent's {@code ompt.*} events land in one file.
 *
 * <p>Usage: {@code Situations <situation> [<file.jfr> <settings.jfc>]}; without a file, the program does not
 * start async-profiler (the agent's {@code jfr=} recording then holds JFR's own samples).
 */
public final class Situations {
    static final int TEAM = 4;
    static final long SECOND = 1_000_000_000L;
    static final double[] CELLS = new double[TEAM * 16];
    static volatile double sink;

    private Situations() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            run(args[0]);
            return;
        }
        AsyncProfiler profiler = AsyncProfiler.getInstance();
        profiler.execute("start,event=wall,interval=2ms,jfrsync=" + args[2] + ",file=" + args[1]);
        try {
            run(args[0]);
            // The workers record the end of their implicit tasks after they release the master; a loaded machine
            // can delay that past a stop made at once (the agent's own exit waits for them the same way).
            Thread.sleep(200);
        } finally {
            profiler.execute("stop");
        }
    }

    static void run(String situation) {
        switch (situation) {
            case "before-first-region":
                beforeFirstRegion();
                break;
            case "entering":
                entering();
                break;
            case "working":
                working();
                break;
            case "between-chunks":
                betweenChunks();
                break;
            case "critical":
                criticalSection();
                break;
            case "lock":
                aroundALock();
                break;
            case "near-the-end":
                nearTheEnd();
                break;
            case "reduction":
                reduction();
                break;
            case "end-of-region":
                endOfRegion();
                break;
            case "after-the-region":
                afterTheRegion();
                break;
            case "nested":
                nested();
                break;
            case "stream":
                stream();
                break;
            case "recursive-task":
                recursiveTask();
                break;
            case "pool-invoke":
                poolInvoke();
                break;
            case "serial-after-pool-invoke":
                poolInvoke();
                afterThePoolInvoke();
                break;
            case "completable":
                completable();
                break;
            case "stage-loops":
                stageLoops();
                break;
            case "frameworks":
                frameworks();
                break;
            case "stream-team":
                streamTeam();
                break;
            case "short-tasks":
                shortTasks();
                break;
            case "nested-streams":
                nestedStreams();
                break;
            case "stream-in-pool":
                streamInPool();
                break;
            case "stream-in-stage":
                streamInStage();
                break;
            case "stream-in-executor":
                streamInExecutor();
                break;
            case "stage-in-executor":
                stageInExecutor();
                break;
            case "stream-in-virtual-thread":
                streamInVirtualThread();
                break;
            case "short-tasks-beside-stages":
                shortTasksBesideStages();
                break;
            case "parallel-sort":
                parallelSort();
                break;
            case "sorted-stream":
                sortedStream();
                break;
            case "monitor":
                monitor();
                break;
            case "short-joins":
                shortJoins();
                break;
            case "stage-monitor":
                stageMonitor();
                break;
            case "stage-references":
                stageReferences();
                break;
            case "virtual-threads":
                virtualThreads();
                break;
            case "object-wait":
                objectWait();
                break;
            case "thread-join":
                threadJoin();
                break;
            case "hand-off":
                handOff();
                break;
            case "jdk-lock":
                jdkLock();
                break;
            case "executor":
                executor();
                break;
            default:
                throw new IllegalArgumentException("no situation " + situation);
        }
    }

    /** 1. Only the master runs: serial code. */
    static void beforeFirstRegion() {
        busy(SECOND);
    }

    /** 2. Empty regions, back to back: the team forks and joins, in the runtime. */
    static void entering() {
        long end = System.nanoTime() + SECOND;
        while (System.nanoTime() < end) {
            Omp.parallel(TEAM, () -> { });
        }
    }

    /** 3. Every member works. */
    static void working() {
        Omp.parallel(TEAM, () -> busy(SECOND));
    }

    /** 4. Tiny chunks of a dynamic loop: members spend their time taking the next chunk. */
    static void betweenChunks() {
        long end = System.nanoTime() + SECOND;
        while (System.nanoTime() < end) {
            Omp.parallel(TEAM, () -> Omp.forLoop(0, 20_000, Schedule.dynamic(1),
                    i -> CELLS[Omp.threadNum() * 16] += i));
        }
    }

    /** 5. A critical section that takes most of each member's time: three wait while one is inside. */
    static void criticalSection() {
        Omp.parallel(TEAM, () -> {
            long end = System.nanoTime() + SECOND;
            while (System.nanoTime() < end) {
                Omp.critical("situation", () -> busy(SECOND / 200));
                busy(SECOND / 1000);
            }
        });
    }

    /** 6. The same around a lock. */
    static void aroundALock() {
        OmpLock lock = new OmpLock();
        Omp.parallel(TEAM, () -> {
            long end = System.nanoTime() + SECOND;
            while (System.nanoTime() < end) {
                lock.set();
                busy(SECOND / 200);
                lock.unset();
                busy(SECOND / 1000);
            }
        });
        lock.destroy();
    }

    /** 7. A statically scheduled loop whose last iteration is long: three members wait at its barrier. */
    static void nearTheEnd() {
        Omp.parallel(TEAM, () -> Omp.forLoop(0, TEAM, Schedule.staticSchedule(),
                i -> busy(i == TEAM - 1 ? SECOND : SECOND / 20)));
    }

    /** 8. Reductions whose combiner is slow: every member combines the team's partial results. */
    static void reduction() {
        DoubleReduction sum = DoubleReduction.of(0.0, (a, b) -> combine(a, b));
        Omp.parallel(TEAM, () -> {
            // Every member must encounter the same reductions: a fixed count, not a deadline.
            for (int k = 0; k < 120; k++) {
                sink = Omp.reduce(sum, busy(SECOND / 1000));
            }
        });
    }

    static double combine(double a, double b) {
        return a + b + busy(SECOND / 500) * 0;
    }

    /** 9. Regions whose members take turns being slow: the others wait at the region's closing barrier. */
    static void endOfRegion() {
        for (int k = 0; k < 24; k++) {
            int slow = k % TEAM;
            Omp.parallel(TEAM, () -> busy(Omp.threadNum() == slow ? SECOND / 25 : SECOND / 400));
        }
    }

    /** 10. One region, then serial code: the workers are idle. */
    static void afterTheRegion() {
        Omp.parallel(TEAM, () -> busy(SECOND / 20));
        busy(SECOND);
    }

    /** 11. Member 1 forks a nested team of two (OMP_MAX_ACTIVE_LEVELS=2). */
    static void nested() {
        Omp.parallel(TEAM, () -> {
            if (Omp.threadNum() == 1) {
                inner();
            } else {
                busy(SECOND);
            }
        });
    }

    static void inner() {
        Omp.parallel(2, () -> busy(SECOND));
    }

    /** A parallel stream from the main thread. */
    static void stream() {
        sink = LongStream.range(0, 1_500).parallel().map(i -> (long) busy(SECOND / 500)).sum();
    }

    /** A RecursiveTask invoked from the main thread. */
    static void recursiveTask() {
        sink = new Sum(0, 1_024).invoke();
    }

    /** The same task handed to the common pool from outside it: a worker runs the root and ends the region. */
    static void poolInvoke() {
        sink = ForkJoinPool.commonPool().invoke(new Sum(0, 1_024));
    }

    /** Serial code after a pool's region: no time of the region's. */
    static void afterThePoolInvoke() {
        busy(SECOND / 2);
    }

    /** Two async stages in the common pool, the second triggered by the first. */
    static void completable() {
        sink = CompletableFuture.supplyAsync(() -> stage(SECOND / 2)).thenApplyAsync(x -> x + stage(SECOND / 2)).join();
    }

    static double stage(long nanos) {
        return busy(nanos);
    }

    /**
     * Stages created in loops, two methods by turns, each a hundred at a time: serial code shares a stack walk among
     * the stages it makes from one method in a row. Each runs 2 ms, so that every one has a span of its own: on JDK 17
     * a common pool of parallelism 1 gives each a thread, which a state sample rarely sees.
     */
    static void stageLoops() {
        List<CompletableFuture<Double>> stages = new ArrayList<>();
        for (int round = 0; round < 2; round++) {
            quotes(stages);
            discounts(stages);
        }
        CompletableFuture.allOf(stages.toArray(new CompletableFuture<?>[0])).join();
    }

    static void quotes(List<CompletableFuture<Double>> stages) {
        for (int i = 0; i < 100; i++) {
            stages.add(CompletableFuture.supplyAsync(() -> stage(SECOND / 500)));
        }
    }

    static void discounts(List<CompletableFuture<Double>> stages) {
        for (int i = 0; i < 100; i++) {
            stages.add(CompletableFuture.supplyAsync(() -> stage(SECOND / 500)));
        }
    }

    /** Each framework's construct from its own call site: a directive region, a stream, a pool, a future. */
    static void frameworks() {
        directive();
        stream();
        poolInvoke();
        completable();
    }

    static void directive() {
        Omp.parallel(TEAM, () -> busy(SECOND / 2));
    }

    /** A parallel stream whose elements are slow enough for every worker to take some. */
    static void streamTeam() {
        sink = IntStream.range(0, 64).parallel().mapToDouble(i -> busy(SECOND / 50)).sum();
    }

    /**
     * Rounds of a parallel stream whose every task is far shorter than the recording's 1 ms threshold: no span names a
     * worker's task, and between two of its idle spans a worker is, by the spans, in no region.
     */
    static void shortTasks() {
        for (int round = 0; round < 400; round++) {
            sink = LongStream.range(0, 100).parallel().map(i -> (long) busy(SECOND / 100_000)).sum();
        }
    }

    /**
     * Rounds of a parallel stream inside each element of another, every task under the threshold: a worker begins a
     * nested stream inside the outer stream's task, which no span names, and runs the nested streams' tasks while the
     * outer stream and several nested ones are open.
     */
    static void nestedStreams() {
        for (int round = 0; round < 1_000; round++) {
            sink = IntStream.range(0, 4).parallel().mapToDouble(i -> innerStream()).sum();
        }
    }

    /**
     * About a third of a millisecond: the outer stream's task that runs it is under the threshold too. A stream of
     * another kind than the outer one: with the same pipeline class, C2 inlines both lambdas into one compiled
     * {@code forEachRemaining}, and a wall-clock sample taken between its safepoints may be given the other lambda's
     * inlined frames (the raw stack then reads {@code innerStream} called from {@code innerStream}, in one run of four).
     */
    static long innerStream() {
        return LongStream.range(0, 500).parallel().map(Situations::roots).sum();
    }

    /** {@code n} square roots: work whose length is the element's, under a microsecond or a few. */
    static long roots(long n) {
        double x = 0;
        for (int i = 0; i < n; i++) {
            x += Math.sqrt(x + i);
        }
        return (long) x;
    }

    /**
     * Rounds of a parallel stream run in a pool of its own (the usual way to bound a stream's threads), submitted and
     * waited for: a region, the submission, whose task begins another, the stream.
     */
    static void streamInPool() {
        ForkJoinPool pool = new ForkJoinPool(3);
        try {
            for (int round = 0; round < 400; round++) {
                sink = pool.submit(() -> LongStream.range(0, 100).parallel().map(i -> (long) busy(SECOND / 100_000))
                        .sum()).get();
            }
        } catch (InterruptedException | ExecutionException e) {
            throw new IllegalStateException(e);
        } finally {
            pool.shutdown();
        }
    }

    /** Rounds of a {@code CompletableFuture} stage that runs a parallel stream, created and joined by {@code main}. */
    static void streamInStage() {
        for (int round = 0; round < 200; round++) {
            sink = CompletableFuture.supplyAsync(() -> parallelRoots()).join();
        }
    }

    /** The same rounds as an executor's tasks, submitted and waited for by {@code main}. */
    static void streamInExecutor() {
        ExecutorService executor = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 200; round++) {
                sink = executor.submit(() -> parallelRoots()).get();
            }
        } catch (InterruptedException | ExecutionException e) {
            throw new IllegalStateException(e);
        } finally {
            executor.shutdown();
        }
    }

    /**
     * Rounds of an executor's task (a request) whose code creates a stage on a one-thread executor and waits for it;
     * the stage's code creates the stage that does the work, which the same thread runs next.
     */
    static void stageInExecutor() {
        ExecutorService requests = Executors.newFixedThreadPool(2);
        ExecutorService io = Executors.newSingleThreadExecutor();
        try {
            for (int round = 0; round < 100; round++) {
                sink = requests.submit(() -> handle(io)).get();
            }
        } catch (InterruptedException | ExecutionException e) {
            throw new IllegalStateException(e);
        } finally {
            requests.shutdown();
            io.shutdown();
        }
    }

    static double handle(ExecutorService io) {
        return quote(io) + 1;
    }

    static double quote(ExecutorService io) {
        return CompletableFuture.supplyAsync(() -> price(io), io).thenCompose(price -> price).join();
    }

    static CompletableFuture<Double> price(ExecutorService io) {
        return CompletableFuture.supplyAsync(() -> quoteWork(), io);
    }

    static double quoteWork() {
        return busy(SECOND / 200);
    }

    /** The same rounds as tasks of a virtual-thread-per-task executor (JDK 21+, found by reflection). */
    static void streamInVirtualThread() {
        try {
            ExecutorService executor = (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor")
                    .invoke(null);
            for (int round = 0; round < 200; round++) {
                sink = executor.submit(() -> parallelRoots()).get();
            }
            executor.shutdown();
        } catch (ReflectiveOperationException | InterruptedException | ExecutionException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A few milliseconds of a parallel stream. */
    static long parallelRoots() {
        return LongStream.range(0, 2_000).parallel().map(Situations::roots).sum();
    }

    /**
     * The same rounds while another thread keeps a pool of its own busy with {@code CompletableFuture} stages as short
     * (a method reference: no lambda names the method that made them), run by a {@code ForkJoinPool}'s workers as the
     * stream's tasks are: the stages belong to no region, though the stream's is the one open meanwhile.
     */
    static void shortTasksBesideStages() {
        ForkJoinPool pool = new ForkJoinPool(2);
        AtomicBoolean done = new AtomicBoolean();
        Thread submitter = new Thread(() -> {
            while (!done.get()) {
                List<CompletableFuture<Void>> stages = new ArrayList<>();
                for (int i = 0; i < 8; i++) {
                    stages.add(CompletableFuture.runAsync(Situations::stageWork, pool));
                }
                stages.forEach(CompletableFuture::join);
            }
        }, "submitter");
        submitter.start();
        try {
            shortTasks();
            done.set(true);
            submitter.join();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        } finally {
            pool.shutdown();
        }
    }

    static void stageWork() {
        busy(SECOND / 5_000);
    }

    /** The JDK's sort in the common pool, comparing by the elements' natural order: JDK code as the program's work. */
    static void parallelSort() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(42);
        for (int round = 0; round < 3; round++) {
            Integer[] values = new Integer[1_000_000];
            for (int i = 0; i < values.length; i++) {
                values[i] = random.nextInt();
            }
            java.util.Arrays.parallelSort(values);
            sink = values[0];
        }
    }

    /**
     * A parallel stream that drops duplicates and sorts, with the JDK's functions only: its sets' {@code HashMap} work,
     * run by the workers and by the thread that joins them, and {@code sorted()}'s sort, on the calling thread at
     * parallelism 1.
     */
    static void sortedStream() {
        java.util.SplittableRandom random = new java.util.SplittableRandom(7);
        for (int round = 0; round < 3; round++) {
            List<Integer> values = new ArrayList<>();
            for (int i = 0; i < 1_000_000; i++) {
                values.add(random.nextInt(2_000_000));
            }
            sink = values.parallelStream().distinct().sorted().collect(java.util.stream.Collectors.toList()).size();
        }
    }

    /** A parallel stream whose elements take one Java monitor in turn: the others wait to enter it. */
    static void monitor() {
        IntStream.range(0, 200).parallel().forEach(i -> {
            synchronized (CELLS) {
                busy(SECOND / 200);
            }
        });
    }

    /**
     * Serial code that starts a stage and joins it at once, 3,000 times: each join waits about as long as the stage
     * runs, 0.3 ms, below the recording's 1 ms threshold for a wait's span.
     */
    static void shortJoins() {
        for (int i = 0; i < 3_000; i++) {
            sink = CompletableFuture.supplyAsync(() -> stage(SECOND / 3_000)).join();
        }
    }

    /** Short stages one after the other, as in {@link #shortJoins}, each a method reference, which names no method it is written in. */
    static void stageReferences() {
        for (int i = 0; i < 3_000; i++) {
            sink = CompletableFuture.supplyAsync(Situations::referencedStage).join();
        }
    }

    static double referencedStage() {
        return stage(SECOND / 3_000);
    }

    /**
     * Short stages two at a time, each holding one monitor for its whole 0.3 ms: the second waits for the first, in
     * its own code, for about half of the second the situation runs.
     */
    static void stageMonitor() {
        Object monitor = new Object();
        for (int i = 0; i < 1_500; i++) {
            CompletableFuture<Void> first = CompletableFuture.runAsync(() -> lockedStage(monitor));
            CompletableFuture<Void> second = CompletableFuture.runAsync(() -> lockedStage(monitor));
            CompletableFuture.allOf(first, second).join();
        }
    }

    static void lockedStage(Object monitor) {
        synchronized (monitor) {
            sink = stage(SECOND / 3_000);
        }
    }

    /**
     * Two threads of a pool take one {@code ReentrantLock} by turns, 0.2 ms of work outside it and 0.2 ms inside, for
     * about a second: each waits for the lock about a third of the time, in waits too short for a state sample to
     * stand for their time, which is no longer than the work around them.
     */
    static void jdkLock() {
        ReentrantLock lock = new ReentrantLock();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        List<Future<?>> threads = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            threads.add(pool.submit(() -> {
                for (int i = 0; i < 2_500; i++) {
                    busy(SECOND / 5_000);
                    lock.lock();
                    try {
                        busy(SECOND / 5_000);
                    } finally {
                        lock.unlock();
                    }
                }
            }));
        }
        for (Future<?> thread : threads) {
            try {
                thread.get();
            } catch (InterruptedException | ExecutionException e) {
                throw new IllegalStateException(e);
            }
        }
        pool.shutdown();
    }

    /**
     * 400 virtual threads (JDK 21+, their executor found by reflection) that each work 3 ms, through the executor
     * {@code Executors.newVirtualThreadPerTaskExecutor} makes, which {@code main} waits for.
     */
    static void virtualThreads() {
        try {
            ExecutorService executor = (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor")
                    .invoke(null);
            List<Future<?>> threads = new ArrayList<>();
            for (int i = 0; i < 400; i++) {
                threads.add(executor.submit(() -> busy(SECOND / 333)));
            }
            for (Future<?> thread : threads) {
                thread.get();
            }
            executor.shutdown();
        } catch (ReflectiveOperationException | InterruptedException | ExecutionException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A stage in the common pool takes 200 items that {@code main} makes every 3 ms, waiting for each in
     * {@code Object.wait} on a monitor that {@code main} notifies: it waits for the monitor nearly all the time, in
     * waits too short for JFR to record.
     */
    static void objectWait() {
        int[] items = new int[1];
        CompletableFuture<Void> taker = CompletableFuture.runAsync(() -> {
            for (int i = 0; i < 200; i++) {
                takeItem(items);
            }
        });
        for (int i = 0; i < 200; i++) {
            busy(SECOND / 333);
            synchronized (items) {
                items[0]++;
                items.notifyAll();
            }
        }
        taker.join();
    }

    static void takeItem(int[] items) {
        synchronized (items) {
            while (items[0] == 0) {
                try {
                    items.wait();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
            items[0]--;
        }
    }

    /** {@code main} starts two threads that work half a second and joins them: it waits for their work. */
    static void threadJoin() {
        Thread[] threads = new Thread[2];
        for (int t = 0; t < threads.length; t++) {
            threads[t] = new Thread(() -> busy(SECOND / 2), "joined-" + t);
            threads[t].start();
        }
        try {
            for (Thread t : threads) {
                t.join();
            }
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A thread hands values to {@code main} through a {@code SynchronousQueue}, a {@code LinkedTransferQueue} and an
     * {@code Exchanger}, working 2 ms before each, 150 rounds: {@code main} waits for each hand-off nearly all the
     * time, parked in the queues' and the exchanger's own code (no condition, no lock).
     */
    static void handOff() {
        java.util.concurrent.SynchronousQueue<Integer> queue = new java.util.concurrent.SynchronousQueue<>();
        java.util.concurrent.LinkedTransferQueue<Integer> transfers = new java.util.concurrent.LinkedTransferQueue<>();
        java.util.concurrent.Exchanger<Integer> exchanger = new java.util.concurrent.Exchanger<>();
        Thread producer = new Thread(() -> {
            try {
                for (int i = 0; i < 150; i++) {
                    busy(SECOND / 500);
                    queue.put(i);
                    busy(SECOND / 500);
                    transfers.put(i);
                    busy(SECOND / 500);
                    exchanger.exchange(i);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "producer");
        producer.start();
        try {
            for (int i = 0; i < 150; i++) {
                sink += queue.take() + transfers.take() + exchanger.exchange(i);
            }
            producer.join();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Serial code hands a fixed pool of two threads two tasks a round, of 10 and 5 ms, waits for both with
     * {@code Future.get} (about 10 ms), and works 2 ms, 80 rounds: one worker waits for work about 7 ms a round, the
     * other 2.
     */
    static void executor() {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int round = 0; round < 80; round++) {
                Future<?> longer = pool.submit(() -> busy(SECOND / 100));
                Future<?> shorter = pool.submit(() -> busy(SECOND / 200));
                longer.get();
                shorter.get();
                busy(SECOND / 500);
            }
        } catch (InterruptedException | ExecutionException e) {
            throw new IllegalStateException(e);
        } finally {
            pool.shutdown();
        }
    }

    /** Sums leaves of unequal cost: halves are forked and joined, so joins wait for stolen halves. */
    static final class Sum extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        private final int lo;
        private final int hi;

        Sum(int lo, int hi) {
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected Long compute() {
            if (hi - lo <= 4) {
                return (long) leaf(lo);
            }
            int mid = (lo + hi) >>> 1;
            Sum left = new Sum(lo, mid);
            left.fork();
            long right = new Sum(mid, hi).compute();
            return right + left.join();
        }

        static double leaf(int lo) {
            return busy(SECOND / (lo % 3 == 0 ? 250 : 1000));
        }
    }

    /** Computes for about {@code nanos}; looks at the clock only every few thousand steps. */
    static double busy(long nanos) {
        long end = System.nanoTime() + nanos;
        double x = 0;
        do {
            for (int i = 0; i < 5_000; i++) {
                x += Math.sqrt(x + i);
            }
        } while (System.nanoTime() < end);
        sink = x;
        return x;
    }
}
