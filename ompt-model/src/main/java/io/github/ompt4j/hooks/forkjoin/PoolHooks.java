package io.github.ompt4j.hooks.forkjoin;

import static io.github.ompt4j.hooks.forkjoin.ForkJoin.HEALTH;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.asyncStageCreated;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.carriers;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.enterRuntime;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.isCarrier;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.isVirtualThreadScheduler;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.setTask;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.submitter;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.taskOf;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.thread;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.withdraw;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.withdrawn;

import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptInvoker;
import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import io.github.ompt4j.model.OmptThreads;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ForkJoinWorkerThread;

/**
 * The hooks of {@code ForkJoinPool}: its workers and the submissions to it.
 *
 * <p><b>Regions.</b> A submission to a pool from a thread that is not one of its workers ({@code invoke},
 * {@code submit}, {@code execute}, a {@code fork} outside the pool) begins a region on the submitting
 * thread, with the pool's parallelism as its requested team size and the program's line as its call site (a
 * walk per region), and a root task; the region ends when that root task completes, on whichever worker
 * completes it. A thread already in a region (a stream's caller, a directive team member) adds tasks to it
 * instead. A submission the pool rejects, or a task taken out of its pool, is withdrawn: it ends as
 * cancelled, with its region if it is a root.
 *
 * <p><b>Threads.</b> Workers begin and end with {@code runWorker}, and are idle in {@code awaitWork}. Any other
 * thread that reaches a construct begins as an initial thread, and ends with its Java thread
 * ({@code ThreadHooks}). The virtual-thread scheduler is not a region of the program, and its submissions are
 * never reported. Its carrier threads are reported only when asked ({@link #reportCarriers}): as workers, idle
 * while they wait for a virtual thread to run and {@code work_serial} while one is mounted, with no region or
 * task (what a virtual thread does is reported on the virtual thread).
 */
public final class PoolHooks {
    private PoolHooks() {
    }

    /** Report the virtual-thread scheduler's carrier threads (the agent's {@code carriers=on}). */
    public static void reportCarriers() {
        carriers = true;
    }

    /** {@code ForkJoinPool.runWorker} starts, on the new worker. */
    public static boolean workerBegin() {
        if (HEALTH.active()) {
            Thread me = Thread.currentThread();
            if ((!carriers && isCarrier(me)) || OmptThreads.current() != null) {
                return false;
            }
            OmptRuntime.threadBegin(OmptThreadType.WORKER);
            return true;
        }
        return false;
    }

    public static void workerEnd(boolean began) {
        if (began && HEALTH.enabled()) {
            OmptRuntime.threadEnd(thread());
        }
    }

    /** {@code ForkJoinPool.awaitWork}: a worker found no task and waits. */
    public static boolean idleBegin() {
        if (HEALTH.active()) {
            OmptThread t = OmptThreads.current();
            if (t == null || t.type() != OmptThreadType.WORKER || t.currentTask() != null) {
                return false;
            }
            OmptRuntime.idleBegin(t);
            return true;
        }
        return false;
    }

    public static void idleEnd(boolean began) {
        if (began && HEALTH.enabled()) {
            OmptRuntime.idleEnd(thread());
        }
    }

    /**
     * {@code task} is submitted to {@code pool} ({@code externalSubmit} or {@code poolSubmit}). From outside
     * the pool it begins a region whose root is the task; from a worker of the pool it is a fork. Returns the
     * thread if the submission is now inside the runtime (else null): the pool's own locks (it takes its
     * registration lock to start a worker) are then not reported, until {@link #submitEnd}.
     */
    public static Object submit(Object poolObject, Object taskObject) {
        if (HEALTH.active() && taskObject != null) {
            ForkJoinPool pool = (ForkJoinPool) poolObject;
            ForkJoinTask<?> task = (ForkJoinTask<?>) taskObject;
            Thread me = Thread.currentThread();
            if (isVirtualThreadScheduler(pool) || isCarrier(me)) {
                return null;
            }
            if (taskOf(task) == null) {
                if (task instanceof CompletableFuture.AsynchronousCompletionTask) {
                    // An async stage run at once (its source was complete): a task, never a region.
                    asyncStageCreated(task, null);
                } else if (me instanceof ForkJoinWorkerThread && ((ForkJoinWorkerThread) me).getPool() == pool) {
                    TaskHooks.forked(OmptThreads.current(), task);
                } else {
                    beginRegion(pool.getParallelism(), task);
                }
            }
            return enterRuntime(OmptThreads.current());
        }
        return null;
    }

    /**
     * The submission or fork of {@code task} returned, or threw {@code thrown}: then the pool rejected it (it is
     * shut down, or its queue is full) and the task, never to run, is withdrawn. {@code entered} is what
     * {@link #submit} or {@link TaskHooks#fork} returned.
     */
    public static void submitEnd(Object entered, Throwable thrown, Object task) {
        if (entered != null || (thrown != null && HEALTH.enabled())) {
            if (entered != null) {
                ((OmptThread) entered).exitSynchronizer();
            }
            if (thrown != null && task != null) {
                withdraw((ForkJoinTask<?>) task);
            }
        }
    }

    /** {@code ForkJoinPool.pollSubmission} took {@code task} (or null) out of its pool. */
    public static void polled(Object task) {
        if (task != null) {
            withdrawn(task);
        }
    }

    /** {@code ForkJoinPool.drainTasksTo(tasks)} moved the pool's queued tasks into {@code tasks}. */
    public static void drained(int count, Object tasks) {
        if (count > 0 && HEALTH.enabled()) {
            for (Object task : (Iterable<?>) tasks) {
                if (task instanceof ForkJoinTask) {
                    withdraw((ForkJoinTask<?>) task);
                }
            }
        }
    }

    /**
     * A region TaskHooks.forked by the calling thread with {@code task} as its root, which will end it. Its call site is the
     * program's line that submitted, found by a walk per submission: a task's class says nothing of it (the JDK's
     * wrappers of callables and runnables are shared by every submission).
     */
    static void beginRegion(int parallelism, ForkJoinTask<?> task) {
        OmptThread t = thread();
        long codeptr = submitter(OmptEvent.PARALLEL_BEGIN);
        OmptParallel region = OmptRuntime.parallelBegin(t, parallelism, parallelism, OmptInvoker.PROGRAM, codeptr);
        setTask(task, OmptRuntime.rootTaskCreate(t, region, 0, codeptr));
        OmptRuntime.parallelForked(t);
    }
}
