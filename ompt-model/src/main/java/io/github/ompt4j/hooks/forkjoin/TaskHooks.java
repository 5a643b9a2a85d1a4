package io.github.ompt4j.hooks.forkjoin;

import static io.github.ompt4j.hooks.forkjoin.ForkJoin.HEALTH;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.carriers;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.enterRuntime;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.inRegion;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.isCarrier;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.joinedRegionBegin;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.joinedRegionEnd;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.runsHere;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.setTask;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.start;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.submitter;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.taskOf;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.taskSite;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.thread;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.withdraw;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.withdrawn;

import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptTask;
import io.github.ompt4j.model.OmptTaskFlag;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import io.github.ompt4j.model.OmptThreads;
import java.util.concurrent.CountedCompleter;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ForkJoinWorkerThread;
import jdk.internal.vm.annotation.DontInline;

/**
 * The hooks of {@code ForkJoinTask}: forks, executions, cancellations and inline invocations.
 *
 * <p>A fork inside a region creates an explicit task (parent: the forking thread's current task); its
 * execution ({@code doExec}) is a switch to it on the thread that runs it, nested when that thread was
 * joining (helping is a task switch), and its completion ends it. A task run inline without a fork is an
 * undeferred task of the running thread's current task. A task run inline by a thread outside any region
 * ({@code ForkJoinTask.invoke()}) is a region the thread takes part in as member 0, ending when the task
 * returns. Our task lives in the field this adapter adds to {@code ForkJoinTask} (its {@code ompt_data_t};
 * after an attach, beside it: {@link TaskSlot}) and is cleared when the task completes, or when it is
 * reinitialized to run again as a new task. A task announced that will not run (cancelled or completed
 * before it starts, taken back) is withdrawn.
 */
public final class TaskHooks {
    /** The field the weaving adds to {@code ForkJoinTask}. */
    public static final String TASK_FIELD = "ompt$task";

    /** What {@link #execBegin} returns for a carrier that mounts a virtual thread. */
    private static final Object MOUNTED = new Object();

    private TaskHooks() {
    }

    /**
     * {@code ForkJoinTask.fork()}: inside a region a new task of it; from a thread outside any pool and
     * region, a submission to the common pool (a region of its own). Returns the thread if the fork is now
     * inside the runtime, else null (see {@link PoolHooks#submit}).
     */
    public static Object fork(Object taskObject) {
        return HEALTH.active() ? reportFork(taskObject) : null;
    }

    @DontInline
    private static OmptThread reportFork(Object taskObject) {
        OmptThread t = OmptThreads.current();
        forked(t, (ForkJoinTask<?>) taskObject);
        return enterRuntime(t);
    }

    static void forked(OmptThread t, ForkJoinTask<?> task) {
        OmptTask ours = taskOf(task);
        if (ours != null) {
            if (inRegion(t) && runsHere(t, ours)) {
                // A running stream task requeues itself: the part it requeues is a task of its own.
                setTask(task, OmptRuntime.taskCreate(t, 0, taskSite(t, task)));
            }
            return;
        }
        if (inRegion(t)) {
            if (task instanceof CountedCompleter) {
                StreamTaskHooks.beginInline(t, ((CountedCompleter<?>) task).getCompleter());
            }
            setTask(task, OmptRuntime.taskCreate(t, 0, taskSite(t, task)));
        } else if (!(Thread.currentThread() instanceof ForkJoinWorkerThread)) {
            PoolHooks.beginRegion(ForkJoinPool.getCommonPoolParallelism(), task);
        }
    }

    /**
     * {@code ForkJoinTask.trySetCancelled} returned ({@code cancel}, a pool's {@code shutdownNow}, an
     * {@code invokeAll} or {@code invokeAny} cancelling the rest): a cancelled task that had not started is
     * withdrawn. (What it returns differs: the status before on JDK 25, after on 17.)
     */
    public static void cancelled(Object task) {
        if (((ForkJoinTask<?>) task).isCancelled()) {
            withdrawn(task);
        }
    }

    /** {@code ForkJoinTask.tryUnfork} returned {@code unforked}: if true, the caller took the task back and runs it in its own task, if at all. */
    public static void unforked(boolean unforked, Object task) {
        if (unforked) {
            withdrawn(task);
        }
    }

    /**
     * {@code ForkJoinTask.reinitialize}: the task will be run again, as a new task. Its OMPT task goes, withdrawn if
     * it never started; one that ran may still be in the field (its worker ends it after it released the joiner).
     */
    public static void reinitialized(Object taskObject) {
        if (HEALTH.enabled()) {
            ForkJoinTask<?> task = (ForkJoinTask<?>) taskObject;
            if (taskOf(task) != null) {
                withdraw(task);
                setTask(task, null);
            }
        }
    }

    /** {@code ForkJoinTask.doExec} starts: returns the task started on this thread, or null. */
    public static Object execBegin(Object taskObject) {
        return HEALTH.active() ? reportExecBegin(taskObject) : null;
    }

    @DontInline
    private static Object reportExecBegin(Object taskObject) {
        ForkJoinTask<?> task = (ForkJoinTask<?>) taskObject;
        if (task.isDone()) {
            withdraw(task); // completed or cancelled before it ran: it never will
            return null;
        }
        OmptTask ours = taskOf(task);
        OmptThread t = OmptThreads.current();
        if (t != null && t.join() != null && t.join() != task) {
            JoinHooks.joinWaits(t); // the join helps: it runs another task while its own is not done
        }
        if (t != null && ours != null && t.currentTask() == ours) {
            // Already running here: an async stage's run() inside the doExec that started it.
            return null;
        }
        if (ours == null) {
            if (!inRegion(t)) {
                return mounts(t) ? MOUNTED : null;
            }
            ours = OmptRuntime.taskCreate(t, OmptTaskFlag.UNDEFERRED,
                    taskSite(t, task));
            setTask(task, ours);
        } else if (t == null) {
            if (isCarrier(Thread.currentThread())) {
                return null;
            }
            t = OmptRuntime.threadBegin(Thread.currentThread() instanceof ForkJoinWorkerThread
                    ? OmptThreadType.WORKER : OmptThreadType.INITIAL);
        }
        return start(t, ours) ? ours : null;
    }

    /** Whether {@code t} is a carrier that is reported and now runs a virtual thread (then in {@code work_serial}). */
    private static boolean mounts(OmptThread t) {
        if (carriers && t != null && t.type() == OmptThreadType.WORKER && t.currentTask() == null
                && isCarrier(Thread.currentThread())) {
            OmptRuntime.workerRunsSerial(t, false);
            return true;
        }
        return false;
    }

    /** {@code ForkJoinTask.doExec} returns or throws: the task started by {@link #execBegin} completes. */
    public static void execEnd(Object started, Object task) {
        if (started != null && HEALTH.enabled()) {
            reportExecEnd(started, task);
        }
    }

    @DontInline
    private static void reportExecEnd(Object started, Object task) {
        OmptThread t = thread();
        if (started == MOUNTED) {
            OmptRuntime.workerRunsSerial(t, true);
            return;
        }
        OmptTask done = (OmptTask) started;
        while (t.currentTask() != done && runsHere(t, done)) {
            OmptRuntime.taskComplete(t); // a stream task's inline children
        }
        if (t.currentTask() == done) {
            OmptRuntime.taskComplete(t);
        }
        // A forEach task that requeued itself holds its requeued part's task by now: keep that.
        TaskSlot.SLOT.clear((ForkJoinTask<?>) task, done);
        if (done.endsRegion()) {
            OmptRuntime.parallelEnd(t, done.parallel());
        }
    }

    /**
     * {@code ForkJoinTask.invoke()}: a thread outside any region and pool runs the task itself; returns
     * the region it begins (member 0 is this thread), or null.
     */
    public static Object invokeBegin(Object taskObject) {
        if (HEALTH.active()) {
            ForkJoinTask<?> task = (ForkJoinTask<?>) taskObject;
            Thread me = Thread.currentThread();
            OmptThread t = OmptThreads.current();
            if (me instanceof ForkJoinWorkerThread || inRegion(t) || taskOf(task) != null || task.isDone()
                    || (t != null && t.inTool())) {
                return null;
            }
            return joinedRegionBegin(thread(), ForkJoinPool.getCommonPoolParallelism(),
                    submitter(OmptEvent.PARALLEL_BEGIN));
        }
        return null;
    }

    /** The end of the region {@link #invokeBegin} began. */
    public static void invokeEnd(Object region) {
        if (region != null && HEALTH.enabled()) {
            joinedRegionEnd((OmptParallel) region);
        }
    }
}
