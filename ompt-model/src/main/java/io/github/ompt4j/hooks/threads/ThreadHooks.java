package io.github.ompt4j.hooks.threads;

import io.github.ompt4j.hooks.AdapterHealth;
import io.github.ompt4j.hooks.locks.ExecutorTasks;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreads;
import io.github.ompt4j.model.VirtualThreadMounts;

/**
 * The end of every thread the runtime knows. A thread that is not the runtime's own (the program's main thread,
 * a thread it starts, a virtual thread, the thread {@code CompletableFuture} starts for a stage) begins as an
 * initial thread with its initial task when it first reaches a construct, whichever adapter meets it; it ends,
 * initial task first ({@code initial_task_end}, {@code thread_end}), when its Java thread does: a platform
 * thread in {@code Thread.exit}, which the JVM calls on it as it terminates, a virtual thread when its
 * {@code run} returns. A pool worker has ended already (with {@code runWorker}) and is no longer attached. A virtual
 * thread's runs on its carriers are reported as well, for a tool that asks ({@link VirtualThreadMounts}).
 */
public final class ThreadHooks {
    static final AdapterHealth HEALTH = AdapterHealth.of("threads");

    private ThreadHooks() {
    }

    /** The calling thread terminates. */
    public static void threadEnds() {
        if (HEALTH.active()) {
            OmptThread t = OmptThreads.current();
            if (t != null && !t.inTool()) {
                ends(t);
            }
        }
    }

    /** The calling virtual thread terminates, mounted on {@code carrier}. */
    public static void virtualThreadEnds(Object carrier) {
        if (HEALTH.active()) {
            OmptThread t = OmptThreads.current();
            if (t != null && !t.inTool()) {
                VirtualThreadMounts.ending(t, (Thread) carrier);
                ends(t);
            }
        }
    }

    /** {@code t} ends: an executor's task it still runs first (a thread-per-task executor's, see ExecutorTasks). */
    private static void ends(OmptThread t) {
        ExecutorTasks.ran(t);
        OmptRuntime.threadEnd(t);
    }

    /** A carrier is about to mount {@code virtualThread}: returns the time, for {@link #unmounted}, or 0. */
    public static long mounting(Object virtualThread) {
        return HEALTH.active() ? VirtualThreadMounts.mounting((Thread) virtualThread) : 0;
    }

    /** The carrier unmounted {@code virtualThread}, mounted at {@code since} ({@link VirtualThreadMounts}). */
    public static void unmounted(Object virtualThread, long since) {
        if (HEALTH.enabled()) {
            VirtualThreadMounts.unmounted((Thread) virtualThread, since);
        }
    }

    /** The calling virtual thread returns from a park, mounted again ({@link VirtualThreadMounts}). */
    public static void remounted() {
        if (HEALTH.active()) {
            OmptThread t = OmptThreads.current();
            if (t != null) {
                VirtualThreadMounts.remounted(t);
            }
        }
    }
}
