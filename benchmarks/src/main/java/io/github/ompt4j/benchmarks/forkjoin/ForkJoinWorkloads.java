package io.github.ompt4j.benchmarks.forkjoin;

import io.github.ompt4j.demo.MergeSortDemo;
import io.github.ompt4j.demo.QuotePipelineDemo;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The workloads whose cost under the agent {@code benchmarks/forkjoin-overhead.sh} compares: parallel
 * stream sum and sort over 10^7 elements, a recursive task with leaves of about a microsecond, a
 * {@code RecursiveAction} mergesort (the demo's), a {@code CompletableFuture} fan-out (the quote pipeline demo's
 * 200 products: 600 async stages), each in the common pool with the parallelism the JVM was given; and a
 * contended {@code ReentrantLock}: two threads of a fixed pool take turns at one lock.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class ForkJoinWorkloads {
    private static final int SIZE = 10_000_000;
    private int[] unsorted;
    private int[] work;
    private int[] buffer;
    private static final int INCREMENTS = 100_000;
    private final ReentrantLock lock = new ReentrantLock();
    private long counter;
    private ExecutorService pair;

    @Setup(Level.Trial)
    public void generate() {
        pair = Executors.newFixedThreadPool(2);
        SplittableRandom random = new SplittableRandom(1);
        unsorted = new int[SIZE];
        for (int i = 0; i < SIZE; i++) {
            unsorted[i] = random.nextInt();
        }
        work = new int[SIZE];
        buffer = new int[SIZE];
    }

    @TearDown(Level.Trial)
    public void stopPair() {
        pair.shutdown();
    }

    @Benchmark
    public long streamSum() {
        return LongStream.range(0, SIZE).parallel().map(i -> i * 31 % 17).sum();
    }

    @Benchmark
    public int[] streamSort() {
        return IntStream.of(unsorted).parallel().sorted().toArray();
    }

    @Benchmark
    public long recursiveMicrosecondLeaves() {
        return ForkJoinPool.commonPool().invoke(new Leaves(0, 4096));
    }

    @Benchmark
    public int[] mergesort() {
        System.arraycopy(unsorted, 0, work, 0, SIZE);
        ForkJoinPool.commonPool().invoke(new MergeSortDemo.SortTask(work, buffer, 0, SIZE));
        return work;
    }

    @Benchmark
    public long completableFanOut() {
        return QuotePipelineDemo.priceBasket(200);
    }

    /** Two threads each increment one counter {@value #INCREMENTS} times under one lock. */
    @Benchmark
    public long contendedReentrantLock() throws InterruptedException, ExecutionException {
        Future<?> first = pair.submit(this::increment);
        Future<?> second = pair.submit(this::increment);
        first.get();
        second.get();
        return counter;
    }

    private void increment() {
        for (int i = 0; i < INCREMENTS; i++) {
            lock.lock();
            try {
                counter++;
            } finally {
                lock.unlock();
            }
        }
    }

    /** Splits [from, to) in halves down to single leaves, each about a microsecond of arithmetic. */
    static final class Leaves extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        /**
         * Dependent multiply-adds per leaf, about 0.5 ns each here: 2,000 make the microsecond the goal is
         * stated for (300, the first setting, made leaves of 0.15 µs, mostly fork and join).
         */
        private static final int LEAF_STEPS = 2000;
        private final int from;
        private final int to;

        Leaves(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from == 1) {
                long x = from;
                for (int i = 0; i < LEAF_STEPS; i++) {
                    x = x * 6364136223846793005L + 1442695040888963407L;
                }
                return x;
            }
            int mid = (from + to) >>> 1;
            Leaves left = new Leaves(from, mid);
            left.fork();
            return new Leaves(mid, to).compute() + left.join();
        }
    }
}
