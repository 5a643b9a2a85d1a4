package io.github.ompt4j.model;

import java.util.concurrent.locks.LockSupport;

/**
 * Calls the registered callbacks of an event: the only way events reach tools.
 *
 * <p><b>Cost.</b> The table of callbacks is one volatile array indexed by event code, replaced as a
 * whole when registrations change (copy on write). A call site tests one slot: {@code null} means no
 * callback, and the event costs a load and a branch.
 *
 * <p><b>Out of line.</b> With callbacks, the event goes to {@link OmptDelivery}, whose loops the JIT never
 * inlines; the slot's test stays inline here: an event nobody listens to costs no call.
 *
 * <p>There is one method per callback signature, named after it; the event is a parameter where
 * several events share a signature.
 */
public final class OmptDispatch {
    private static final OmptCallback[][] NONE = new OmptCallback[OmptEvent.TABLE_SIZE][];
    private static volatile OmptCallback[][] table = NONE;
    private static volatile boolean tracking;

    private OmptDispatch() {
    }

    /** Set once {@code runtime_shutdown} is delivered: nothing follows it (DESIGN §7). */
    private static volatile boolean closed;
    /** How long {@link #shutdown} waits, in all, for deliveries in progress on other threads. */
    static final long DELIVERIES_WAIT_MS = 100;

    static void publish(OmptCallback[][] callbacks, boolean keepTracking) {
        if (!closed) {
            table = callbacks;
            tracking = keepTracking || anyCallback();
        }
    }

    static boolean closed() {
        return closed;
    }

    /** Open the dispatch again after a shutdown; for tests that start the runtime repeatedly. */
    static void reopenForTests() {
        closed = false;
    }

    /**
     * Whether the runtime keeps state and reports events: true while any callback is registered (a
     * tool's, or the Collector API's bridge), and from the Collector API's START on
     * ({@link OmptRegistry#keepTracking}). Adapters test it at every weave point; it is published with
     * the table, so it changes when registrations do.
     */
    public static boolean tracking() {
        return tracking;
    }

    static OmptCallback[][] table() {
        return table;
    }

    /** Whether any callback is registered for {@code event}: the one flag a call site tests. */
    public static boolean enabled(OmptEvent event) {
        return table[event.code()] != null;
    }

    /** Whether any callback at all is registered: whether the runtime needs to keep state. */
    public static boolean anyCallback() {
        for (OmptCallback[] callbacks : table) {
            if (callbacks != null) {
                return true;
            }
        }
        return false;
    }

    private static OmptCallback[] callbacks(OmptThread thread, OmptEvent event) {
        OmptCallback[] callbacks = table[event.code()];
        return callbacks != null && thread.enterTool() ? callbacks : null;
    }

    public static void threadType(OmptThread thread, OmptEvent event, OmptThreadType type, long threadId) {
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            OmptDelivery.threadType(thread, event, cbs, type, threadId);
        }
    }

    public static void threadId(OmptThread thread, OmptEvent event, long threadId) {
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            OmptDelivery.threadId(thread, event, cbs, threadId);
        }
    }

    public static void parallelBegin(OmptThread thread, long parentTaskId, OmptFrame parentFrame, long parallelId,
            int requestedTeamSize, long codeptr, OmptInvoker invoker) {
        OmptEvent event = OmptEvent.PARALLEL_BEGIN;
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            OmptDelivery.parallelBegin(thread, event, cbs, parentTaskId, parentFrame, parallelId, requestedTeamSize,
                    codeptr, invoker);
        }
    }

    public static void parallelEnd(OmptThread thread, long parallelId, long taskId, OmptInvoker invoker,
            long codeptr) {
        OmptEvent event = OmptEvent.PARALLEL_END;
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            OmptDelivery.parallelEnd(thread, event, cbs, parallelId, taskId, invoker, codeptr);
        }
    }

    public static void implicitTask(OmptThread thread, OmptEvent event, long parallelId, long taskId, int teamSize,
            int threadNum) {
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            OmptDelivery.implicitTask(thread, event, cbs, parallelId, taskId, teamSize, threadNum);
        }
    }

    public static void parallel(OmptThread thread, OmptEvent event, long parallelId, long taskId, long codeptr) {
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            OmptDelivery.parallel(thread, event, cbs, parallelId, taskId, codeptr);
        }
    }

    /** {@code task_begin} of a task whose parent is {@code parent} (null: none); its frame is made only if delivered. */
    public static void taskBegin(OmptThread thread, OmptTask parent, long newTaskId, int flags, long codeptr) {
        OmptEvent event = OmptEvent.TASK_BEGIN;
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            OmptDelivery.taskBegin(thread, event, cbs, parent == null ? 0 : parent.id(), parent == null ? null : parent.frame(),
                    newTaskId, flags, codeptr);
        }
    }

    public static void task(OmptThread thread, OmptEvent event, long taskId) {
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            OmptDelivery.task(thread, event, cbs, taskId);
        }
    }

    public static void taskSwitch(OmptThread thread, long priorTaskId, OmptTaskStatus priorStatus, long nextTaskId) {
        OmptEvent event = OmptEvent.TASK_SWITCH;
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            OmptDelivery.taskSwitch(thread, event, cbs, priorTaskId, priorStatus, nextTaskId);
        }
    }

    public static void taskPair(OmptThread thread, long firstTaskId, long secondTaskId) {
        OmptEvent event = OmptEvent.TASK_DEPENDENCE_PAIR;
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            OmptDelivery.taskPair(thread, event, cbs, firstTaskId, secondTaskId);
        }
    }

    public static void taskDependences(OmptThread thread, long taskId, OmptDependence[] dependences, int count) {
        OmptEvent event = OmptEvent.TASK_DEPENDENCES;
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            OmptDelivery.taskDependences(thread, event, cbs, taskId, dependences, count);
        }
    }

    public static void syncRegion(OmptThread thread, OmptEvent event, OmptSyncRegionKind kind, long parallelId,
            long taskId, long codeptr) {
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            OmptDelivery.syncRegion(thread, event, cbs, kind, parallelId, taskId, codeptr);
        }
    }

    public static void worksharing(OmptThread thread, OmptEvent event, OmptWorkType type, long parallelId,
            long taskId, long count, long codeptr) {
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            OmptDelivery.worksharing(thread, event, cbs, type, parallelId, taskId, count, codeptr);
        }
    }

    public static void dispatch(OmptThread thread, long parallelId, long taskId, OmptWorkType type, long first,
            long count) {
        OmptEvent event = OmptEvent.DISPATCH;
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            OmptDelivery.dispatch(thread, event, cbs, parallelId, taskId, type, first, count);
        }
    }

    public static void lock(OmptThread thread, OmptEvent event, long waitId, int hint, int impl, long codeptr) {
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            OmptDelivery.lock(thread, event, cbs, waitId, hint, impl, codeptr);
        }
    }

    public static void wait(OmptThread thread, OmptEvent event, long waitId, long codeptr) {
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            OmptDelivery.wait(thread, event, cbs, waitId, codeptr);
        }
    }

    public static void control(OmptThread thread, long command, long modifier) {
        OmptEvent event = OmptEvent.CONTROL;
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            OmptDelivery.control(thread, event, cbs, command, modifier);
        }
    }

    /**
     * Delivers {@code runtime_shutdown} to the callbacks registered now, after closing the dispatch: the
     * table is emptied and stays empty, and tracking stops, so that no event follows, even from a thread
     * still running a region while the JVM exits ({@code System.exit} inside a region). A delivery other threads
     * began before the close is finished first ({@link OmptThread#enterTool}), for up to
     * {@value #DELIVERIES_WAIT_MS} ms in all: a tool's callback that blocks does not hold the exit.
     */
    public static void shutdown(OmptThread thread) {
        OmptEvent event = OmptEvent.RUNTIME_SHUTDOWN;
        OmptCallback[] cbs = callbacks(thread, event);
        closed = true;
        table = NONE;
        tracking = false;
        awaitDeliveriesInProgress(thread);
        if (cbs == null) {
            return;
        }
        try {
            for (OmptCallback cb : cbs) {
                try {
                    ((OmptCallback.Shutdown) cb).onShutdown();
                } catch (Throwable e) {
                    ToolFailures.record(event, cb, e);
                }
            }
        } finally {
            thread.exitTool();
        }
    }

    private static void awaitDeliveriesInProgress(OmptThread self) {
        long deadline = System.nanoTime() + DELIVERIES_WAIT_MS * 1_000_000;
        for (OmptThread t : OmptThreads.live()) {
            while (t != self && t.inToolNow() && System.nanoTime() < deadline) {
                LockSupport.parkNanos(20_000);
            }
        }
    }
}
