package io.github.ompt4j.profile.jfr;

import java.util.Arrays;

/** One source's samples, in growable primitive arrays: thread, time, stack, weight. */
public final class Samples {
    private int size;
    private int[] threads = new int[1024];
    private long[] times = new long[1024];
    private int[] stacks = new int[1024];
    private int[] weights = new int[1024];

    void add(int thread, long time, int stack, int weight) {
        if (size == threads.length) {
            int n = size * 2;
            threads = Arrays.copyOf(threads, n);
            times = Arrays.copyOf(times, n);
            stacks = Arrays.copyOf(stacks, n);
            weights = Arrays.copyOf(weights, n);
        }
        threads[size] = thread;
        times[size] = time;
        stacks[size] = stack;
        weights[size] = weight;
        size++;
    }

    /** Move every sample's time by {@code nanos}. */
    void shift(long nanos) {
        for (int i = 0; i < size; i++) {
            times[i] += nanos;
        }
    }

    public int size() {
        return size;
    }

    /** The sampled thread's {@link ThreadRecord#index}. */
    public int thread(int i) {
        return threads[i];
    }

    /** Nanoseconds since the epoch. */
    public long time(int i) {
        return times[i];
    }

    /** The {@link StackTable} ID, -1 for a sample without a stack. */
    public int stack(int i) {
        return stacks[i];
    }

    /** How many samples this one stands for (async-profiler batches idle threads' wall-clock samples). */
    public int weight(int i) {
        return weights[i];
    }

    /** The sum of weights. */
    public long totalWeight() {
        long sum = 0;
        for (int i = 0; i < size; i++) {
            sum += weights[i];
        }
        return sum;
    }
}
