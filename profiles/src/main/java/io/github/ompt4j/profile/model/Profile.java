package io.github.ompt4j.profile.model;

import java.util.List;
import java.util.Objects;

/**
 * A recording's samples folded in one {@link View}: every distinct stack per thread and state with its
 * weights. Immutable.
 */
public final class Profile {
    private final View view;
    private final String source;
    private final long intervalNanos;
    private final List<ProfileThread> threads;
    private final List<FoldedStack> stacks;

    /**
     * @param view          the view the stacks are folded in
     * @param source        the sample events used, as a reader would say it: {@code profiler.WallClockSample},
     *                      {@code jdk.ExecutionSample} …
     * @param intervalNanos the time one sample stands for
     * @param threads       every thread that has samples
     * @param stacks        the folded stacks, heaviest first
     */
    public Profile(View view, String source, long intervalNanos, List<ProfileThread> threads, List<FoldedStack> stacks) {
        this.view = Objects.requireNonNull(view, "view");
        this.source = Objects.requireNonNull(source, "source");
        this.intervalNanos = intervalNanos;
        this.threads = List.copyOf(threads);
        this.stacks = List.copyOf(stacks);
    }

    public View view() {
        return view;
    }

    /** The sample events the profile was folded from. */
    public String source() {
        return source;
    }

    /** The time one sample stands for, nanoseconds. */
    public long intervalNanos() {
        return intervalNanos;
    }

    public List<ProfileThread> threads() {
        return threads;
    }

    /** Heaviest first (by samples). */
    public List<FoldedStack> stacks() {
        return stacks;
    }

    /** The sum of one metric over all stacks. */
    public long total(Metric metric) {
        long sum = 0;
        for (FoldedStack s : stacks) {
            sum += s.weight(metric);
        }
        return sum;
    }
}
