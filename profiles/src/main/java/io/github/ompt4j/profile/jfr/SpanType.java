package io.github.ompt4j.profile.jfr;

/** The {@code ompt.*} duration events a thread's state is derived from, and the mutex holds blame uses. */
public enum SpanType {
    /** {@code ompt.ImplicitTask}. */
    IMPLICIT_TASK,
    /** {@code ompt.Task}: an explicit task running. */
    TASK,
    /** {@code ompt.MutexAcquire}: from reaching a mutex to holding it. */
    MUTEX_ACQUIRE,
    /** {@code ompt.SyncRegionWait}. */
    SYNC_WAIT,
    /** {@code ompt.Idle}. */
    IDLE,
    /** {@code ompt.SyncRegion}. */
    SYNC_REGION,
    /** {@code ompt.ParallelRegion}, on the thread that committed it. */
    PARALLEL_REGION,
    /** {@code ompt.MutexHeld}: not part of the state, used to blame lock waits on holders. */
    MUTEX_HELD
}
