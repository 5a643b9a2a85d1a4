package io.github.ompt4j.profile.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;

/**
 * A profile's samples one by one, at their instants: each one's thread, OMPT state and folded stack, how many
 * samples it stands for and their thread time. These are the weights a {@link Profile} sums per stack, so any
 * subset (a time range, a thread) adds up the way the profile does, and the whole set to the profile's totals:
 * one definition of sampled time for the report and for a timeline's selection. Samples are in the recording's
 * order, which is nearly but not strictly time order (the profiler writes its buffers one after another).
 * Threads and stacks are numbered densely in order of first use. Immutable.
 */
public final class TimedSamples {
    private final List<ProfileThread> threads;
    private final List<List<Frame>> stacks;
    private final int size;
    private final long[] times;
    private final int[] threadOf;
    private final byte[] stateOf;
    private final int[] stackOf;
    private final long[] nanos;
    private final int[] counts;

    private TimedSamples(Builder b, List<ProfileThread> threads, List<List<Frame>> stacks) {
        this.threads = List.copyOf(threads);
        this.stacks = List.copyOf(stacks);
        // A builder made for its size hands its arrays over (it builds once): no copy of millions of samples.
        Columns columns = b.columns;
        columns.trim();
        this.size = columns.size();
        this.times = columns.longs(Builder.TIME);
        this.threadOf = columns.ints(Builder.THREAD);
        this.stateOf = columns.bytes(Builder.STATE);
        this.stackOf = columns.ints(Builder.STACK);
        this.nanos = columns.longs(Builder.NANOS);
        this.counts = columns.ints(Builder.COUNT);
    }

    public int size() {
        return size;
    }

    /** The sampled threads; {@link #thread} indexes them. */
    public List<ProfileThread> threads() {
        return threads;
    }

    /** The folded stacks, root first; {@link #stack} indexes them. */
    public List<List<Frame>> stacks() {
        return stacks;
    }

    /** Nanoseconds since the epoch. */
    public long time(int i) {
        return times[i];
    }

    public int thread(int i) {
        return threadOf[i];
    }

    public OmpState state(int i) {
        return OmpState.values()[stateOf[i]];
    }

    public int stack(int i) {
        return stackOf[i];
    }

    /** The thread time sample {@code i} stands for, nanoseconds ({@link FoldedStack#workNanos}'s definition). */
    public long nanos(int i) {
        return nanos[i];
    }

    /** How many samples it stands for ({@link FoldedStack#samples}'s definition). */
    public int count(int i) {
        return counts[i];
    }

    /**
     * Collects samples as a fold goes, with the fold's own thread and stack numbers, which {@link #build}
     * translates (in place: a builder builds once) when the fold knows its final stacks.
     */
    public static final class Builder {
        private static final int TIME = 0;
        private static final int THREAD = 1;
        private static final int STATE = 2;
        private static final int STACK = 3;
        private static final int NANOS = 4;
        private static final int COUNT = 5;
        private final Columns columns;

        public Builder() {
            this(1024);
        }

        /** A builder with room for {@code expected} samples: as many as a fold will add, when it knows. */
        public Builder(int expected) {
            columns = new Columns(expected, long.class, int.class, byte.class, int.class, long.class, int.class);
        }

        public void add(long time, int thread, OmpState state, int stack, long sampleNanos, int count) {
            int i = columns.add();
            columns.longs(TIME)[i] = time;
            columns.ints(THREAD)[i] = thread;
            columns.bytes(STATE)[i] = (byte) state.ordinal();
            columns.ints(STACK)[i] = stack;
            columns.longs(NANOS)[i] = sampleNanos;
            columns.ints(COUNT)[i] = count;
        }

        /**
         * @param threadOf   the model's thread for a fold's thread number
         * @param finalStack the fold's final stack number for the one a sample was added with (a stack the fold
         *                   rewrote after the sample was taken, such as a barrier grafted with its region's body)
         * @param framesOf   the frames of a fold's final stack number
         */
        public TimedSamples build(IntFunction<ProfileThread> threadOf, IntUnaryOperator finalStack,
                IntFunction<List<Frame>> framesOf) {
            List<ProfileThread> threadList = new ArrayList<>();
            List<List<Frame>> stackList = new ArrayList<>();
            Renumbering threadIds = new Renumbering();
            Renumbering stackIds = new Renumbering();
            int[] threads = columns.ints(THREAD);
            int[] stacks = columns.ints(STACK);
            for (int i = 0; i < columns.size(); i++) {
                int t = threads[i];
                threads[i] = threadIds.of(t);
                if (threads[i] == threadList.size()) {
                    threadList.add(threadOf.apply(t));
                }
                int s = finalStack.applyAsInt(stacks[i]);
                stacks[i] = stackIds.of(s);
                if (stacks[i] == stackList.size()) {
                    stackList.add(framesOf.apply(s));
                }
            }
            return new TimedSamples(this, threadList, stackList);
        }
    }

    /** Dense numbers for a fold's non-negative ones, in order of first use, without boxing a million samples. */
    private static final class Renumbering {
        private int[] dense = new int[64];
        private int next;

        /** The dense number of {@code n}; a new one is {@code next}, the count of numbers given before it. */
        int of(int n) {
            if (n >= dense.length) {
                dense = Arrays.copyOf(dense, Math.max(n + 1, dense.length * 2));
            }
            if (dense[n] == 0) {
                dense[n] = ++next;
            }
            return dense[n] - 1;
        }
    }
}
