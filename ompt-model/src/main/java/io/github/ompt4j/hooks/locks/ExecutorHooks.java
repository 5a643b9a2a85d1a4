package io.github.ompt4j.hooks.locks;

import static io.github.ompt4j.hooks.locks.Locks.HEALTH;

import io.github.ompt4j.hooks.forkjoin.JoinHooks;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreads;
import java.util.concurrent.SynchronousQueue;

/**
 * The hooks of the executors' waits. Inside an executor's queue the locks and conditions are the executor's, not
 * reported (the thread is marked as inside a synchronizer, as in a barrier), and a wait there means what the
 * method is for: a {@code ThreadPoolExecutor}'s worker taking its next task ({@code getTask}) waits for work,
 * {@code idle}; a completion service's {@code take} or timed {@code poll} waits for tasks to complete, a taskwait.
 * It is reported as the thread starts waiting, on the queue's condition ({@link ConditionHooks}), or at once in a
 * {@code SynchronousQueue} (a cached pool's, where a task comes only to a worker already waiting, and whose wait is
 * no condition's), and ends as the method returns; a method that finds what it wants at once reports nothing. A
 * {@code Future.get} that has to wait ({@code FutureTask.awaitDone}, which parks with no condition) is a taskwait
 * throughout. The wait is for the thread's child tasks, the executor's tasks it submitted ({@link ExecutorTasks}):
 * a {@code get}'s wait ID is its future's task, as a join's is the task joined (0 for a future no executor was given,
 * and for a completion service's {@code take}, which waits for whichever completes first); the call site is 0.
 */
public final class ExecutorHooks {
    private ExecutorHooks() {
    }

    /**
     * {@code getTask} starts, {@code queue} the executor's work queue: the worker's last task, if any, completed
     * ({@link ExecutorTasks}), and until it returns the calling thread takes work. Returns whether it marked the
     * thread, for {@link #took}.
     */
    public static boolean takingTask(Object queue) {
        OmptThread current = HEALTH.enabled() ? OmptThreads.current() : null;
        if (current != null) {
            ExecutorTasks.ran(current);
        }
        OmptThread t = entering(OmptThread.WAITS_FOR_WORK);
        if (t != null && queue instanceof SynchronousQueue) {
            waits(t);
        }
        return t != null;
    }

    /** A completion service's {@code take} or timed {@code poll} starts: returns whether it marked the thread, for {@link #left}. */
    public static boolean awaitingCompletion() {
        return entering(OmptThread.WAITS_FOR_TASKS) != null;
    }

    private static OmptThread entering(byte meaning) {
        if (HEALTH.active()) {
            OmptThread t = Locks.thread();
            if (t != null && !t.inTool()) {
                t.enterSynchronizer();
                t.expectWait(meaning);
                return t;
            }
        }
        return null;
    }

    /** The marked thread starts waiting inside the executor's method: idle, or a taskwait, once per call. */
    static void waits(OmptThread t) {
        byte wait = t.startsWaiting();
        if (wait == OmptThread.IDLE) {
            OmptRuntime.idleBegin(t);
        } else if (wait == OmptThread.IN_TASKWAIT && !JoinHooks.taskwaitBegin(null, 0)) {
            t.stopsWaiting(); // a thread with no task, or in a taskwait already
        }
    }

    /** {@code getTask} returned {@code task} (null: the worker exits, or it threw), having marked the thread or not. */
    public static void took(Object task, boolean marked) {
        left(marked);
        if (task != null && marked) {
            ExecutorTasks.starts(OmptThreads.current(), task);
        }
    }

    /** The method that {@link #takingTask} or {@link #awaitingCompletion} marked returned or threw. */
    public static void left(boolean marked) {
        if (marked) {
            OmptThread t = OmptThreads.current();
            t.exitSynchronizer();
            byte waited = t.stopsWaiting();
            if (waited == OmptThread.IDLE) {
                OmptRuntime.idleEnd(t);
            } else if (waited == OmptThread.IN_TASKWAIT) {
                JoinHooks.taskwaitEnd(t);
            }
        }
    }

    /** {@code FutureTask.awaitDone}: {@code get} found no result and waits, a taskwait. Returns whether it began one. */
    public static boolean futureWaits(Object future) {
        return HEALTH.active() && JoinHooks.taskwaitBegin(null, ExecutorTasks.taskOf(future));
    }

    /** The wait {@link #futureWaits} began ends (a result, a cancellation, a timeout, an interrupt). */
    public static void futureWaited(boolean began) {
        if (began) {
            JoinHooks.taskwaitEnd(OmptThreads.current());
        }
    }
}
