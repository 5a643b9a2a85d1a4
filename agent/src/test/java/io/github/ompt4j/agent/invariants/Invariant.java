package io.github.ompt4j.agent.invariants;

/** The promises a trace keeps, one check each. */
public enum Invariant {
    /**
     * Per thread, begins and ends pair up and nest: an end closes the innermost open span of its kind and
     * IDs; a thread ends with nothing open; at the end of the trace a thread may still be in its thread and
     * initial task, or blocked (idle, or in a barrier, taskwait or taskgroup wait) in anything.
     */
    BALANCE,
    /**
     * Every region begun ends once, on the thread that began it, except a pool submission from outside
     * the pool (a region whose first event is its root task, not an implicit task), which ends on the
     * thread that completed its root task.
     */
    REGION_END,
    /**
     * Every announced task ({@code task_begin}) is started (switched to) once and ends once, or is withdrawn
     * before it starts (ends, then a switch from it with status {@code cancel}); nothing else starts or ends.
     */
    TASK_ONCE,
    /** An exclusive mutex (nest lock, critical, atomic, ordered) has one holder at a time. */
    EXCLUSIVE,
    /** Every release follows an acquisition: of the releasing thread for an exclusive mutex, of any thread for a lock. */
    RELEASE_AFTER_ACQUIRE,
    /** Every parent task (of a region or task) and every task a thread switches away from was announced before. */
    UNANNOUNCED_PARENT
}
