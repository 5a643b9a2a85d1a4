package io.github.ompt4j.profile.jfr;

import io.github.ompt4j.jfr.events.ThreadStateEvent;
import io.github.ompt4j.profile.model.OmpState;
import java.util.Arrays;
import java.util.List;

/**
 * One {@code ompt.ThreadState} sample of one thread: its state and, waiting for a mutex, who held it; and the
 * time it stands for, {@link #from()} to {@link #until()}, which the reader sets once it has read the thread's
 * every sample and the sampling period.
 */
public final class StateSample {
    public final long time;
    public final OmpState state;
    public final long waitId;
    public final long parallelId;
    public final long taskId;
    /** In a mutex wait, where the thread entered the construct, or {@code null} when unknown. */
    public final String callSite;
    /** In a mutex wait, the thread seen holding the mutex, or {@code null}. */
    public final ThreadRecord holder;
    /** Where {@link #holder} acquired the mutex, or {@code null} when unknown. */
    public final String holderCallSite;
    /** {@code ompt.jfc}'s period, for a recording that does not say and a thread sampled once. */
    private static final long DEFAULT_PERIOD = 20_000_000L;
    private long from;
    private long until;

    public StateSample(long time, OmpState state, long waitId, long parallelId, long taskId) {
        this(time, state, waitId, parallelId, taskId, null, null, null);
    }

    public StateSample(long time, OmpState state, long waitId, long parallelId, long taskId, String callSite,
            ThreadRecord holder, String holderCallSite) {
        this.time = time;
        this.state = state;
        this.waitId = waitId;
        this.parallelId = parallelId;
        this.taskId = taskId;
        this.callSite = callSite;
        this.holder = holder;
        this.holderCallSite = holderCallSite;
        this.from = time;
        this.until = time;
    }

    /** The start of the time this sample stands for: half a period before it. */
    public long from() {
        return from;
    }

    /** The end of the time this sample stands for: half a period before its thread's next sample, at the latest. */
    public long until() {
        return until;
    }

    /**
     * {@code samples}, one thread's in time order, each set to stand for the time from half a period before it to
     * half a period before the next, at most {@link ThreadStateEvent#MAX_UNCHANGED_PERIODS} periods (the sampler
     * writes a thread's sample only when it changed or after that many), within the thread's time in the recording
     * ({@code start} to {@code end}): the ticks it saw, the unwritten ones having seen the same, and none after the
     * thread ended. A recording that does not say
     * its period ({@code period} 0) has one sample of each thread every period: the median gap between them.
     */
    public static void standFor(List<StateSample> samples, long period, long start, long end) {
        period = period > 0 ? period : medianGap(samples);
        long half = period / 2;
        long most = ThreadStateEvent.MAX_UNCHANGED_PERIODS * period;
        for (int i = 0; i < samples.size(); i++) {
            StateSample s = samples.get(i);
            long next = i + 1 < samples.size() ? samples.get(i + 1).time : Long.MAX_VALUE;
            s.from = Math.max(start, s.time - half);
            s.until = Math.max(s.from, Math.min(end, Math.min(next, s.time + most) - half));
        }
    }

    /** The time this sample stands for: {@link #from()} to {@link #until()}. */
    public long nanos() {
        return until - from;
    }

    private static long medianGap(List<StateSample> sorted) {
        if (sorted.size() < 2) {
            return DEFAULT_PERIOD;
        }
        long[] gaps = new long[sorted.size() - 1];
        for (int i = 1; i < sorted.size(); i++) {
            gaps[i - 1] = sorted.get(i).time - sorted.get(i - 1).time;
        }
        Arrays.sort(gaps);
        long median = gaps[gaps.length / 2];
        return median > 0 ? median : DEFAULT_PERIOD;
    }
}
