package io.github.ompt4j.profile.jfr;

import io.github.ompt4j.profile.model.OmpState;

/** One {@code ompt.ThreadState} sample of one thread: its state and, waiting for a mutex, who held it. */
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
    }
}
