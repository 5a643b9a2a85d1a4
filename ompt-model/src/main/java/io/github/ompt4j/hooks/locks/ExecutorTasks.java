package io.github.ompt4j.hooks.locks;

import static io.github.ompt4j.hooks.locks.Locks.HEALTH;

import io.github.ompt4j.hooks.forkjoin.ForkJoin;
import io.github.ompt4j.hooks.forkjoin.WeakIdentityTable;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptTask;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreads;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ThreadPoolExecutor;

/**
 * The tasks of a {@code ThreadPoolExecutor}. Every {@code Runnable} handed to {@code execute} (the {@code FutureTask}
 * that {@code submit}, {@code invokeAll} and a completion service wrap around the program's code, or the program's
 * own) is an explicit task of the submitting thread's current task, created as {@code execute} starts, before the
 * queue can give it to a worker. It starts on the worker that takes it ({@code getTask} returns it, or a new worker
 * starts with it) and completes when that worker comes back for its next task or dies of this one
 * ({@code processWorkerExit}). So a worker's samples stand on the stack that submitted its task, as a pool's and a
 * stage's do, and a {@code Future.get} waits for a child task of the waiting thread's.
 *
 * <p>A task that will not run as announced is withdrawn (it ends as cancelled, {@link OmptRuntime#taskCancelled}):
 * {@code execute} throws; the rejection handler gets it (a discarding policy drops it; a {@code CallerRunsPolicy}
 * runs it inside {@code execute}, on the submitter's stack, as the submitter's own code), or a
 * {@code DiscardOldestPolicy} takes it out of the queue to make room for another; {@code shutdownNow} returns it;
 * {@code remove} takes it out; its future is cancelled before a worker takes it. Not tasks: a {@code ForkJoinTask} (a
 * {@code CompletableFuture} stage, the {@code completable} adapter's task), a scheduled executor's (they come in
 * through {@code delayedExecute}, and a periodic one runs again and again: the worker's serial work), a tool's. Not
 * seen: tasks a program takes out of the queue by hand (its own rejection handler that makes room as a
 * {@code DiscardOldestPolicy} does, a drain of {@code getQueue()}); their tasks never end.
 *
 * <p>No field holds a task's OMPT task (a program's {@code Runnable} cannot gain one): a weak identity table does,
 * from {@code execute} to the task's start, each {@code Runnable} with the tasks announced for it, oldest first,
 * since a program may hand one {@code Runnable} to an executor again before it has run.
 */
public final class ExecutorTasks {
    private static final WeakIdentityTable<Announced> ANNOUNCED = new WeakIdentityTable<>();

    private ExecutorTasks() {
    }

    /**
     * {@code execute(command)} starts: {@code command} is announced as a task, then the thread is marked inside the
     * executor ({@link PoolLockHooks#poolLocking}). Returns the mark, for {@link #executed}.
     */
    public static boolean executing(Object command) {
        if (command != null && HEALTH.active() && !(command instanceof ForkJoinTask)) {
            announce(command); // (execute throws for a null command)
        }
        return PoolLockHooks.poolLocking();
    }

    private static void announce(Object command) {
        OmptThread t = Locks.thread();
        if (t == null || t.inTool() || t.currentTask() == null) {
            return;
        }
        OmptTask task = OmptRuntime.taskCreate(t, 0, ForkJoin.handedTaskSite(command));
        Announced fresh = new Announced(task);
        for (Announced a = ANNOUNCED.putIfAbsent(command, fresh); a != null && !a.add(task);
                a = ANNOUNCED.putIfAbsent(command, fresh)) {
            ANNOUNCED.removeIf(command, a); // emptied and on its way out: replace it
        }
    }

    /** {@code execute} returned, or threw {@code thrown}: then the task will not run. */
    public static void executed(boolean marked, Throwable thrown, Object command) {
        PoolLockHooks.poolUnlocked(marked);
        if (thrown != null) {
            withdraw(command, true);
        }
    }

    /**
     * The executor calls its rejection handler for {@code command}: it will not run it itself (a handler that runs it
     * runs it as the submitter's code). The thread leaves the executor's marks: returns what
     * {@link PoolLockHooks#callingProgram} does.
     */
    public static int rejecting(Object command) {
        withdraw(command, true);
        return PoolLockHooks.callingProgram();
    }

    /**
     * A {@code DiscardOldestPolicy} is about to take the oldest task out of {@code executor}'s queue, to make room:
     * returns that task (the queue's head now), for {@link #discardedOldest}. The queue's locks are the executor's.
     */
    public static Object discardingOldest(Object executor) {
        if (!HEALTH.active()) {
            return null;
        }
        boolean marked = PoolLockHooks.poolLocking();
        try {
            return ((ThreadPoolExecutor) executor).getQueue().peek();
        } finally {
            PoolLockHooks.poolUnlocked(marked);
        }
    }

    /**
     * The policy returned: {@code oldest} is gone from the queue unless a worker took it first (then it started), so its
     * task will not run. A program's own handler that takes tasks out of the queue is not seen.
     */
    public static void discardedOldest(Object oldest, Object executor) {
        if (oldest == null || !HEALTH.enabled()) {
            return;
        }
        boolean marked = PoolLockHooks.poolLocking();
        try {
            if (!((ThreadPoolExecutor) executor).getQueue().contains(oldest)) {
                withdraw(oldest, false);
            }
        } finally {
            PoolLockHooks.poolUnlocked(marked);
        }
    }

    /** {@code shutdownNow} returned {@code drained}, the tasks no worker took (null if it threw). */
    public static void shutDownNow(Object drained, boolean marked) {
        PoolLockHooks.poolUnlocked(marked);
        if (drained != null) {
            for (Object task : (List<?>) drained) {
                withdraw(task, false);
            }
        }
    }

    /** {@code remove(task)} returned {@code removed}: whether it took the task out of the queue. */
    public static void removed(boolean removed, boolean marked, Object task) {
        PoolLockHooks.poolUnlocked(marked);
        if (removed) {
            withdraw(task, false);
        }
    }

    /** {@code FutureTask.cancel} returned {@code cancelled}: if no worker has taken the future yet, none will run it. */
    public static void cancelled(boolean cancelled, Object future) {
        if (cancelled) {
            withdraw(future, false);
        }
    }

    /** A worker starts with its first task, {@code firstTask} (null: it takes its tasks from the queue). */
    public static void workerStarts(Object firstTask) {
        if (firstTask != null && HEALTH.active()) {
            OmptThread t = Locks.thread();
            if (t != null) {
                starts(t, firstTask);
            }
        }
    }

    /** The worker {@code t} took {@code task} ({@code getTask} returned it): its task, if announced, starts. */
    static void starts(OmptThread t, Object task) {
        OmptTask ours = take(task, false);
        if (ours != null && ours.claim()) {
            OmptRuntime.taskStart(t, ours);
            t.setExecutorTask(ours);
        }
    }

    /** The worker {@code t} comes back for its next task, or dies: the task it ran, if any, completes. */
    static void ran(OmptThread t) {
        OmptTask done = t.executorTask();
        if (done != null) {
            t.setExecutorTask(null);
            while (t.currentTask() != done && ForkJoin.runsHere(t, done)) {
                OmptRuntime.taskComplete(t); // tasks that ended with it, by an exception
            }
            if (t.currentTask() == done) {
                OmptRuntime.taskComplete(t);
            }
        }
    }

    /** {@code processWorkerExit} starts: the worker's task, if one is open (it threw), completes; then as {@link PoolLockHooks#poolLocking}. */
    public static boolean workerExits() {
        OmptThread t = HEALTH.enabled() ? OmptThreads.current() : null;
        if (t != null) {
            ran(t);
        }
        return PoolLockHooks.poolLocking();
    }

    /** The newest (or oldest) task announced for {@code task} will not run: it ends as cancelled, on this thread. */
    private static void withdraw(Object task, boolean newest) {
        if (HEALTH.enabled()) {
            OmptTask ours = take(task, newest);
            OmptThread t = ours == null ? null : Locks.thread();
            if (t != null && ours.claim()) {
                OmptRuntime.taskCancelled(t, ours);
            }
        }
    }

    /** Takes the newest or oldest task announced for {@code runnable} out of the table, or returns null. */
    private static OmptTask take(Object runnable, boolean newest) {
        Announced a = ANNOUNCED.get(runnable);
        if (a == null) {
            return null;
        }
        OmptTask task = a.take(newest);
        if (a.isEmpty()) {
            ANNOUNCED.removeIf(runnable, a);
        }
        return task;
    }

    /**
     * The tasks announced for one {@code Runnable} and not yet started or withdrawn, oldest first. Once emptied it
     * takes no more (its entry is on its way out of the table), so that a task is never added to a dropped entry.
     */
    private static final class Announced {
        private OmptTask first;
        private ArrayDeque<OmptTask> more;
        private boolean emptied;

        Announced(OmptTask first) {
            this.first = first;
        }

        synchronized boolean add(OmptTask task) {
            if (emptied) {
                return false;
            }
            if (more == null) {
                more = new ArrayDeque<>(2);
            }
            more.addLast(task);
            return true;
        }

        synchronized OmptTask take(boolean newest) {
            OmptTask task;
            if (more == null || more.isEmpty()) {
                task = first;
                first = null;
            } else if (newest) {
                task = more.pollLast();
            } else {
                task = first;
                first = more.pollFirst();
            }
            emptied = first == null;
            return task;
        }

        synchronized boolean isEmpty() {
            return emptied;
        }
    }
}
