package io.github.ompt4j.hooks.locks;

import static io.github.ompt4j.hooks.locks.Locks.HEALTH;

import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreads;
import java.util.concurrent.SynchronousQueue;

/**
 * The hooks of a {@code ThreadPoolExecutor}'s worker taking its next task ({@code getTask}). The executor's queue is
 * the runtime's: the locks the worker takes in it are not reported (it is marked as inside a synchronizer, as in a
 * barrier), and a worker that waits for a task waits for work: {@code idle_begin} as it starts waiting, on the
 * queue's condition ({@link ConditionHooks}) or at once in a {@code SynchronousQueue} (a cached pool's, where a task
 * comes only to a worker already waiting, and whose wait is no condition's), {@code idle_end} as {@code getTask}
 * returns. A worker that finds a task waiting reports nothing.
 */
public final class ExecutorHooks {
    private ExecutorHooks() {
    }

    /**
     * {@code getTask} starts, {@code queue} the executor's work queue: until it returns, the calling thread takes
     * work. Returns whether it marked the thread, for {@link #tookTask}.
     */
    public static boolean takingTask(Object queue) {
        if (HEALTH.active()) {
            OmptThread t = Locks.thread();
            if (t != null && !t.inTool()) {
                t.enterSynchronizer();
                t.takingWork();
                if (queue instanceof SynchronousQueue) {
                    idles(t);
                }
                return true;
            }
        }
        return false;
    }

    /** The thread, taking work, waits for it: idle, once per {@code getTask}. */
    static void idles(OmptThread t) {
        if (t.startsIdling()) {
            OmptRuntime.idleBegin(t);
        }
    }

    /** The {@code getTask} that {@link #takingTask} marked returned (a task, or none: the worker ends) or threw. */
    public static void tookTask(boolean marked) {
        if (marked) {
            OmptThread t = OmptThreads.current();
            t.exitSynchronizer();
            if (t.tookWork()) {
                OmptRuntime.idleEnd(t);
            }
        }
    }
}
