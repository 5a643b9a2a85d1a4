package io.github.ompt4j.profile.jfr;

import io.github.ompt4j.profile.model.OmpState;

/** One {@code ompt.ThreadState} sample of one thread. */
public final class StateSample {
    public final long time;
    public final OmpState state;
    public final long waitId;
    public final long parallelId;
    public final long taskId;

    public StateSample(long time, OmpState state, long waitId, long parallelId, long taskId) {
        this.time = time;
        this.state = state;
        this.waitId = waitId;
        this.parallelId = parallelId;
        this.taskId = taskId;
    }
}
