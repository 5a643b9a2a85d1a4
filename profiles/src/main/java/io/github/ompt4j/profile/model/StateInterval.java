package io.github.ompt4j.profile.model;

import java.util.Objects;

/**
 * A stretch of one thread's time in one OMPT state, region, task and wait ID, as the recording tells it.
 * Times are nanoseconds since the epoch; the interval is {@code [startNanos, endNanos)}. Immutable.
 */
public final class StateInterval {
    private final long startNanos;
    private final long endNanos;
    private final OmpState state;
    private final long parallelId;
    private final long taskId;
    private final long waitId;

    public StateInterval(long startNanos, long endNanos, OmpState state, long parallelId, long taskId, long waitId) {
        this.startNanos = startNanos;
        this.endNanos = endNanos;
        this.state = Objects.requireNonNull(state, "state");
        this.parallelId = parallelId;
        this.taskId = taskId;
        this.waitId = waitId;
    }

    public long startNanos() {
        return startNanos;
    }

    public long endNanos() {
        return endNanos;
    }

    public OmpState state() {
        return state;
    }

    /** The region of the thread's current task; 0 outside any region and while idle. */
    public long parallelId() {
        return parallelId;
    }

    /** The thread's current task; 0 if unknown or none. */
    public long taskId() {
        return taskId;
    }

    /** What the thread waits for in a wait state (a mutex, a barrier's region, an awaited task); 0 otherwise. */
    public long waitId() {
        return waitId;
    }

    @Override
    public String toString() {
        return state.ompName() + " [" + startNanos + ", " + endNanos + ") region " + parallelId + " task " + taskId
                + (waitId == 0 ? "" : " wait " + waitId);
    }
}
