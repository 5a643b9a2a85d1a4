package io.github.ompt4j.omp;

/**
 * Explicit task creation and the task scheduling points: {@code taskwait}, {@code taskgroup},
 * {@code taskyield}, and (from {@link Barrier}) barriers.
 *
 * <p>Scheduling: a deferred task goes to its creator's queue (newest first for the owner, oldest first
 * for thieves) and wakes one parked member. A member at a scheduling point runs its own newest task or
 * steals the oldest from the next member round the team. A task is run at once by its creator when it is
 * undeferred ({@code if(false)}), included (its parent is final), in a team of one (nothing could run it
 * in parallel), or when the creator already has {@link #THROTTLE} queued tasks (bounding memory, as
 * libgomp does). Because Java cannot suspend a task, a member waiting in {@code taskwait} may run any
 * task of its team, not only descendants of the one waiting.
 */
final class Tasking {
    private static final int THROTTLE = 64;

    private Tasking() {
    }

    /**
     * Weave point: task create (and, for undeferred tasks, the task schedule that follows at once).
     *
     * <p>An undeferred task is counted nowhere (not in its parent's children, its group or the team's
     * created and completed tasks): it runs inside this call, so every wait that could count it is for a
     * task that cannot end before the call returns (its creator, here, or a deferred task that the
     * creator runs, which is counted). libgomp runs such a task from a descriptor on its creator's stack,
     * with no atomic; the counts cost two atomic adds and a fence a task on the throttled path, where a
     * producing member creates most of its tasks (in EPCC's TASK_PARALLEL, all but 65 of each thread's 1,000).
     */
    static void create(TaskOptions options, Runnable body) {
        ThreadState ts = ThreadState.current();
        Team team = ts.team;
        Task parent = ts.task;
        ImplicitTask member = ts.member;
        boolean undeferred = (options != null && !options.ifClause) || parent.isFinal || team.size == 1
                || member.queue.size() > THROTTLE;
        boolean dependent = options != null && options.hasDependences();
        ExplicitTask task = new ExplicitTask(parent, body,
                parent.isFinal || (options != null && options.isFinal),
                options != null && options.untied, options != null && options.mergeable, undeferred, dependent);
        if (!undeferred) {
            if (task.group != null) {
                task.group.pending.incrementAndGet();
            }
            parent.addChildren(1);
            member.countCreated();
        }
        if (!team.hasTasks) {
            team.hasTasks = true;
        }
        boolean ready = true;
        if (dependent) {
            parent.dependences().register(task, options.in, options.out);
            ready = task.resolveOne();
        }
        if (undeferred) {
            if (!ready) {
                awaitDependences(ts, task);
            }
            task.run(ts);
        } else if (ready) {
            schedule(ts, task);
        }
    }

    private static void awaitDependences(ThreadState ts, ExplicitTask task) {
        int limit = ts.team.spinLimit;
        int spins = 0;
        try {
            while (!task.isResolved()) {
                ts.team.checkFailed();
                spins = runOne(ts) ? 0 : Spin.pause(ts, spins, limit);
            }
        } finally {
            ts.restoreInterrupt();
        }
    }

    /** Queues a ready task on the calling member's queue. */
    static void schedule(ThreadState ts, ExplicitTask task) {
        ts.member.queue.push(task);
        ts.team.unparkOne();
    }

    /** Runs one queued task of the calling member's team, if there is one. */
    static boolean runOne(ThreadState ts) {
        ImplicitTask me = ts.member;
        ExplicitTask task = me.queue.popNewest();
        if (task == null) {
            Team team = ts.team;
            ImplicitTask[] members = team.members;
            int n = team.size;
            for (int i = 1; i < n && task == null; i++) {
                int victim = me.tid + i;
                task = me.queue.stealHalf(members[victim < n ? victim : victim - n].queue);
            }
            if (task == null) {
                return false;
            }
        }
        task.run(ts);
        return true;
    }

    /** Weave point: taskwait begin and end. Waits for the current task's children, running tasks. */
    static void taskwait() {
        ThreadState ts = ThreadState.current();
        Task current = ts.task;
        int limit = ts.team.spinLimit;
        int spins = 0;
        try {
            while (current.children() != 0) {
                ts.team.checkFailed();
                spins = runOne(ts) ? 0 : Spin.pause(ts, spins, limit);
            }
        } finally {
            ts.restoreInterrupt();
        }
        current.clearDependences();
    }

    static void taskgroup(Runnable body) {
        ThreadState ts = ThreadState.current();
        Task current = ts.task;
        TaskGroup group = new TaskGroup(current.openGroup);
        current.openGroup = group;
        try {
            body.run();
        } finally {
            current.openGroup = group.outer;
        }
        taskgroupEnd(ts, group);
    }

    /** Weave point: taskgroup end (the wait for every task of the group, descendants included). */
    private static void taskgroupEnd(ThreadState ts, TaskGroup group) {
        int limit = ts.team.spinLimit;
        int spins = 0;
        try {
            while (group.pending.get() != 0) {
                ts.team.checkFailed();
                spins = runOne(ts) ? 0 : Spin.pause(ts, spins, limit);
            }
        } finally {
            ts.restoreInterrupt();
        }
    }

    /** Weave point: taskyield. Runs one queued task, if any. */
    static void taskyield() {
        runOne(ThreadState.current());
    }
}
