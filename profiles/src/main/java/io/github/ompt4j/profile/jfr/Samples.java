package io.github.ompt4j.profile.jfr;

import io.github.ompt4j.profile.model.Columns;
import java.util.Arrays;

/**
 * One source's samples, in growable primitive arrays: thread, time, stack, weight, and the thread time each
 * stands for ({@link #nanos}), which the reader sets once every sample is in.
 */
public final class Samples {
    private static final int THREAD = 0;
    private static final int TIME = 1;
    private static final int SPAN = 2;
    private static final int STACK = 3;
    private static final int WEIGHT = 4;
    private final Columns columns = new Columns(1024, int.class, long.class, long.class, int.class, int.class);
    private long[] nanos = new long[0];

    /**
     * @param span the time between the first and the last of the samples this one stands for (async-profiler's
     *             batch of an idle thread's samples), 0 for one sample
     */
    void add(int thread, long time, long span, int stack, int weight) {
        int i = columns.add();
        columns.ints(THREAD)[i] = thread;
        columns.longs(TIME)[i] = time;
        columns.longs(SPAN)[i] = span;
        columns.ints(STACK)[i] = stack;
        columns.ints(WEIGHT)[i] = weight;
    }

    /**
     * Drop the arrays' room to grow, once every sample is in: doubling leaves up to half of them empty, and a
     * ten-minute recording of hundreds of threads holds millions of samples.
     */
    void trim() {
        columns.trim();
    }

    /** Move every sample's time by {@code nanos}. */
    void shift(long nanos) {
        long[] times = columns.longs(TIME);
        for (int i = 0; i < size(); i++) {
            times[i] += nanos;
        }
    }

    /**
     * Give each sample the thread that ran on its OS thread at its time: async-profiler's chunk names an OS
     * thread by the last Java thread that ran on it.
     */
    void rejoin(ThreadRecords records) {
        int[] threads = columns.ints(THREAD);
        long[] times = columns.longs(TIME);
        for (int i = 0; i < size(); i++) {
            threads[i] = records.livingAt(threads[i], times[i]);
        }
    }

    /** Each sample stands for its weight times the interval: for samples of threads on a processor only. */
    void weighByCount(long interval) {
        int[] weights = columns.ints(WEIGHT);
        nanos = new long[size()];
        for (int i = 0; i < nanos.length; i++) {
            nanos[i] = weights[i] * interval;
        }
    }

    /**
     * Each sample stands for the time since the end of its thread's previous sample; a thread's first, for its
     * weight times the interval. A wall-clock sampler visits every thread once an interval, so that gap is one
     * interval (or, for a batch, the batch's span and one interval) unless samples were lost: the sampler fell
     * behind, or a thread that was waiting for a processor took one signal for several (signals do not queue),
     * and its stack did not move meanwhile.
     */
    void weighByTimeBetween(long interval) {
        long[] times = columns.longs(TIME);
        long[] spans = columns.longs(SPAN);
        int[] weights = columns.ints(WEIGHT);
        nanos = new long[size()];
        for (int[] thread : byThreadInTime()) {
            long previousEnd = Long.MIN_VALUE;
            for (int i : thread) {
                long end = times[i] + spans[i];
                nanos[i] = previousEnd == Long.MIN_VALUE ? weights[i] * interval : Math.max(0, end - previousEnd);
                previousEnd = Math.max(previousEnd, end);
            }
        }
    }

    /** The samples' indexes, one array per thread, each in time order. */
    private int[][] byThreadInTime() {
        int size = size();
        int[] threads = columns.ints(THREAD);
        long[] times = columns.longs(TIME);
        int threadCount = 0;
        for (int i = 0; i < size; i++) {
            threadCount = Math.max(threadCount, threads[i] + 1);
        }
        int[] counts = new int[threadCount];
        for (int i = 0; i < size; i++) {
            counts[threads[i]]++;
        }
        int[][] byThread = new int[threadCount][];
        for (int t = 0; t < threadCount; t++) {
            byThread[t] = new int[counts[t]];
            counts[t] = 0;
        }
        for (int i = 0; i < size; i++) {
            byThread[threads[i]][counts[threads[i]]++] = i;
        }
        for (int[] thread : byThread) {
            if (!inTimeOrder(thread)) {
                // The profiler's buffers are written out one after another, not merged by time.
                int[] sorted = Arrays.stream(thread).boxed().sorted((a, b) -> Long.compare(time(a), time(b)))
                        .mapToInt(Integer::intValue).toArray();
                System.arraycopy(sorted, 0, thread, 0, sorted.length);
            }
        }
        return byThread;
    }

    private boolean inTimeOrder(int[] indexes) {
        for (int i = 1; i < indexes.length; i++) {
            if (time(indexes[i]) < time(indexes[i - 1])) {
                return false;
            }
        }
        return true;
    }

    public int size() {
        return columns.size();
    }

    /** The sampled thread's {@link ThreadRecord#index}. */
    public int thread(int i) {
        return columns.ints(THREAD)[i];
    }

    /** Nanoseconds since the epoch. */
    public long time(int i) {
        return columns.longs(TIME)[i];
    }

    /** The {@link StackTable} ID, -1 for a sample without a stack. */
    public int stack(int i) {
        return columns.ints(STACK)[i];
    }

    /** How many samples this one stands for (async-profiler batches idle threads' wall-clock samples). */
    public int weight(int i) {
        return columns.ints(WEIGHT)[i];
    }

    /** The thread time this sample stands for, nanoseconds. */
    public long nanos(int i) {
        return nanos[i];
    }

    /** The sum of weights. */
    public long totalWeight() {
        int[] weights = columns.ints(WEIGHT);
        long sum = 0;
        for (int i = 0; i < size(); i++) {
            sum += weights[i];
        }
        return sum;
    }

    /** The thread time all samples stand for, nanoseconds. */
    public long totalNanos() {
        long sum = 0;
        for (int i = 0; i < nanos.length; i++) {
            sum += nanos[i];
        }
        return sum;
    }
}
