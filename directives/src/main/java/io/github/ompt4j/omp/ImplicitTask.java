package io.github.ompt4j.omp;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A team member's implicit task, and the per-member bookkeeping of the region: the sequence numbers
 * that let members agree on worksharing constructs without talking, and the task queue. Reused by the
 * (hot) team region after region.
 */
final class ImplicitTask extends Task {
    private static final VarHandle TASKS_CREATED;

    static {
        try {
            TASKS_CREATED = MethodHandles.lookup().findVarHandle(ImplicitTask.class, "tasksCreated", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final int tid;
    final TaskQueue queue = new TaskQueue();
    /** The thread executing this implicit task in the current region. */
    ThreadState thread;

    /** Work-share slots this member has entered (dynamic, guided, ordered loops and sections). */
    long workShareCount;
    /** Single constructs this member has encountered. */
    long singleCount;
    /** Reductions and broadcasting singles: each uses the buffer of its parity. */
    long collectiveCount;
    /**
     * Explicit tasks this member created and completed, ever; only this member writes them. The team has
     * no incomplete task when the sums over the members are equal, read completions first (see
     * {@link Team#tasksQuiescent}). Separate counters keep task creation free of shared atomics.
     */
    volatile long tasksCreated;
    volatile long tasksCompleted;

    ImplicitTask(Team team, int tid) {
        this.team = team;
        this.tid = tid;
    }

    /**
     * Prepares this implicit task for a new region forked by {@code encountering}. Plain writes only: the
     * worker's assignment publishes them. A hot team's regions usually look alike, so each field is
     * written only if it changes: a line the master does not dirty is one the worker need not fetch.
     * The construct counters carry over from the previous region, in which every member encountered the
     * same constructs, unless the team {@link #restart}s.
     */
    void reset(Task encountering) {
        if (parent != encountering) {
            parent = encountering;
        }
        if (group != null || openGroup != null || isFinal) {
            group = null;
            openGroup = null;
            isFinal = false;
        }
        inheritNumThreads(encountering, true);
    }

    /** Zeroes the counters, for a team whose size changed or whose last region failed. */
    void restart() {
        if (children() != 0) {
            addChildren(-children());
        }
        workShareCount = 0;
        singleCount = 0;
        collectiveCount = 0;
        tasksCreated = 0;
        tasksCompleted = 0;
    }

    /**
     * Counts a task this member created. A release store suffices (no fence): the count only has to be
     * visible to whoever sees a later completion, which is a volatile store.
     */
    void countCreated() {
        TASKS_CREATED.setRelease(this, tasksCreated + 1);
    }

    /**
     * Runs the region's body as this member, then the implicit barrier at the end of the region (where
     * the member also helps finish the team's tasks). Weave point: implicit task begin and end.
     */
    void run(ThreadState ts) {
        ts.enter(this);
        try {
            team.body.run();
        } catch (Throwable e) {
            team.fail(e);
        }
        try {
            team.barrier.await(ts, BarrierKind.IMPLICIT_PARALLEL);
        } catch (Throwable e) {
            // An abort was recorded by whoever caused it (fail ignores it); anything else, such as running
            // out of memory while running tasks at the barrier, fails the region here.
            team.fail(e);
        }
        // Also after a failed region, whose barrier did not get to drop them.
        clearDependences();
    }
}
