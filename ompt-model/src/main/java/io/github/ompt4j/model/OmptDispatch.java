package io.github.ompt4j.model;

import jdk.internal.vm.annotation.DontInline;

/**
 * Calls the registered callbacks of an event: the only way events reach tools.
 *
 * <p><b>Cost.</b> The table of callbacks is one volatile array indexed by event code, replaced as a
 * whole when registrations change (copy on write). A call site tests one slot: {@code null} means no
 * callback, and the event costs a load and a branch. With callbacks, each one is an interface call in
 * a loop over a small array; nothing is allocated.
 *
 * <p><b>Out of line.</b> The loop over the callbacks is a method of its own per signature ({@code deliver...}),
 * which the JIT never inlines ({@link DontInline}; HotSpot honours it for classes of the boot loader, which
 * this one is under the agent): a tool's callbacks, and everything they inline (JFR's event writer), are
 * compiled once, there, instead of into every compiled method of the runtime and the program that raises the
 * event. Inlined, they made C2 spend 250-550 ms compiling the directive library's task loop with n-queens'
 * task body, four seconds into the program (26 ms without a tool). The slot's test stays inline: an event
 * nobody listens to costs no call.
 *
 * <p><b>Isolation.</b> While a thread runs callbacks it is marked as inside a tool, and events raised
 * by code the tool runs (a lock it takes, a parallel stream it starts) are dropped, so callbacks never
 * nest. Each callback's exceptions are caught and counted by {@link ToolFailures}; the other tools
 * still get the event, and the application never sees the exception.
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

    static void publish(OmptCallback[][] callbacks, boolean keepTracking) {
        if (!closed) {
            table = callbacks;
            tracking = keepTracking || anyCallback();
        }
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
            deliverThreadType(thread, event, cbs, type, threadId);
        }
    }

    @DontInline
    private static void deliverThreadType(OmptThread thread, OmptEvent event, OmptCallback[] cbs,
            OmptThreadType type, long threadId) {
        if (!thread.enterTool()) {
            return;
        }
        try {
            for (OmptCallback cb : cbs) {
                try {
                    ((OmptCallback.ThreadType) cb).onThread(type, threadId);
                } catch (Throwable e) {
                    ToolFailures.record(event, cb, e);
                }
            }
        } finally {
            thread.exitTool();
        }
    }

    public static void threadId(OmptThread thread, OmptEvent event, long threadId) {
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            deliverThreadId(thread, event, cbs, threadId);
        }
    }

    @DontInline
    private static void deliverThreadId(OmptThread thread, OmptEvent event, OmptCallback[] cbs, long threadId) {
        if (!thread.enterTool()) {
            return;
        }
        try {
            for (OmptCallback cb : cbs) {
                try {
                    ((OmptCallback.ThreadId) cb).onThread(threadId);
                } catch (Throwable e) {
                    ToolFailures.record(event, cb, e);
                }
            }
        } finally {
            thread.exitTool();
        }
    }

    public static void parallelBegin(OmptThread thread, long parentTaskId, OmptFrame parentFrame, long parallelId,
            int requestedTeamSize, long codeptr, OmptInvoker invoker) {
        OmptEvent event = OmptEvent.PARALLEL_BEGIN;
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            deliverParallelBegin(thread, event, cbs, parentTaskId, parentFrame, parallelId, requestedTeamSize,
                    codeptr, invoker);
        }
    }

    @DontInline
    private static void deliverParallelBegin(OmptThread thread, OmptEvent event, OmptCallback[] cbs,
            long parentTaskId, OmptFrame parentFrame, long parallelId, int requestedTeamSize, long codeptr,
            OmptInvoker invoker) {
        if (!thread.enterTool()) {
            return;
        }
        try {
            for (OmptCallback cb : cbs) {
                try {
                    ((OmptCallback.ParallelBegin) cb).onParallelBegin(parentTaskId, parentFrame, parallelId,
                            requestedTeamSize, codeptr, invoker);
                } catch (Throwable e) {
                    ToolFailures.record(event, cb, e);
                }
            }
        } finally {
            thread.exitTool();
        }
    }

    public static void parallelEnd(OmptThread thread, long parallelId, long taskId, OmptInvoker invoker,
            long codeptr) {
        OmptEvent event = OmptEvent.PARALLEL_END;
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            deliverParallelEnd(thread, event, cbs, parallelId, taskId, invoker, codeptr);
        }
    }

    @DontInline
    private static void deliverParallelEnd(OmptThread thread, OmptEvent event, OmptCallback[] cbs, long parallelId,
            long taskId, OmptInvoker invoker, long codeptr) {
        if (!thread.enterTool()) {
            return;
        }
        try {
            for (OmptCallback cb : cbs) {
                try {
                    ((OmptCallback.ParallelEnd) cb).onParallelEnd(parallelId, taskId, invoker, codeptr);
                } catch (Throwable e) {
                    ToolFailures.record(event, cb, e);
                }
            }
        } finally {
            thread.exitTool();
        }
    }

    public static void implicitTask(OmptThread thread, OmptEvent event, long parallelId, long taskId, int teamSize,
            int threadNum) {
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            deliverImplicitTask(thread, event, cbs, parallelId, taskId, teamSize, threadNum);
        }
    }

    @DontInline
    private static void deliverImplicitTask(OmptThread thread, OmptEvent event, OmptCallback[] cbs, long parallelId,
            long taskId, int teamSize, int threadNum) {
        if (!thread.enterTool()) {
            return;
        }
        try {
            for (OmptCallback cb : cbs) {
                try {
                    ((OmptCallback.ImplicitTask) cb).onImplicitTask(parallelId, taskId, teamSize, threadNum);
                } catch (Throwable e) {
                    ToolFailures.record(event, cb, e);
                }
            }
        } finally {
            thread.exitTool();
        }
    }

    public static void parallel(OmptThread thread, OmptEvent event, long parallelId, long taskId, long codeptr) {
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            deliverParallel(thread, event, cbs, parallelId, taskId, codeptr);
        }
    }

    @DontInline
    private static void deliverParallel(OmptThread thread, OmptEvent event, OmptCallback[] cbs, long parallelId,
            long taskId, long codeptr) {
        if (!thread.enterTool()) {
            return;
        }
        try {
            for (OmptCallback cb : cbs) {
                try {
                    ((OmptCallback.Parallel) cb).onParallel(parallelId, taskId, codeptr);
                } catch (Throwable e) {
                    ToolFailures.record(event, cb, e);
                }
            }
        } finally {
            thread.exitTool();
        }
    }

    /** {@code task_begin} of a task whose parent is {@code parent} (null: none); its frame is made only if delivered. */
    public static void taskBegin(OmptThread thread, OmptTask parent, long newTaskId, int flags, long codeptr) {
        OmptEvent event = OmptEvent.TASK_BEGIN;
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            deliverTaskBegin(thread, event, cbs, parent == null ? 0 : parent.id(), parent == null ? null : parent.frame(),
                    newTaskId, flags, codeptr);
        }
    }

    @DontInline
    private static void deliverTaskBegin(OmptThread thread, OmptEvent event, OmptCallback[] cbs, long parentTaskId,
            OmptFrame parentFrame, long newTaskId, int flags, long codeptr) {
        if (!thread.enterTool()) {
            return;
        }
        try {
            for (OmptCallback cb : cbs) {
                try {
                    ((OmptCallback.TaskBegin) cb).onTaskBegin(parentTaskId, parentFrame, newTaskId, flags, codeptr);
                } catch (Throwable e) {
                    ToolFailures.record(event, cb, e);
                }
            }
        } finally {
            thread.exitTool();
        }
    }

    public static void task(OmptThread thread, OmptEvent event, long taskId) {
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            deliverTask(thread, event, cbs, taskId);
        }
    }

    @DontInline
    private static void deliverTask(OmptThread thread, OmptEvent event, OmptCallback[] cbs, long taskId) {
        if (!thread.enterTool()) {
            return;
        }
        try {
            for (OmptCallback cb : cbs) {
                try {
                    ((OmptCallback.Task) cb).onTask(taskId);
                } catch (Throwable e) {
                    ToolFailures.record(event, cb, e);
                }
            }
        } finally {
            thread.exitTool();
        }
    }

    public static void taskSwitch(OmptThread thread, long priorTaskId, OmptTaskStatus priorStatus, long nextTaskId) {
        OmptEvent event = OmptEvent.TASK_SWITCH;
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            deliverTaskSwitch(thread, event, cbs, priorTaskId, priorStatus, nextTaskId);
        }
    }

    @DontInline
    private static void deliverTaskSwitch(OmptThread thread, OmptEvent event, OmptCallback[] cbs, long priorTaskId,
            OmptTaskStatus priorStatus, long nextTaskId) {
        if (!thread.enterTool()) {
            return;
        }
        try {
            for (OmptCallback cb : cbs) {
                try {
                    ((OmptCallback.TaskSwitch) cb).onTaskSwitch(priorTaskId, priorStatus, nextTaskId);
                } catch (Throwable e) {
                    ToolFailures.record(event, cb, e);
                }
            }
        } finally {
            thread.exitTool();
        }
    }

    public static void taskPair(OmptThread thread, long firstTaskId, long secondTaskId) {
        OmptEvent event = OmptEvent.TASK_DEPENDENCE_PAIR;
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            deliverTaskPair(thread, event, cbs, firstTaskId, secondTaskId);
        }
    }

    @DontInline
    private static void deliverTaskPair(OmptThread thread, OmptEvent event, OmptCallback[] cbs, long firstTaskId,
            long secondTaskId) {
        if (!thread.enterTool()) {
            return;
        }
        try {
            for (OmptCallback cb : cbs) {
                try {
                    ((OmptCallback.TaskPair) cb).onTaskPair(firstTaskId, secondTaskId);
                } catch (Throwable e) {
                    ToolFailures.record(event, cb, e);
                }
            }
        } finally {
            thread.exitTool();
        }
    }

    public static void taskDependences(OmptThread thread, long taskId, OmptDependence[] dependences, int count) {
        OmptEvent event = OmptEvent.TASK_DEPENDENCES;
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            deliverTaskDependences(thread, event, cbs, taskId, dependences, count);
        }
    }

    @DontInline
    private static void deliverTaskDependences(OmptThread thread, OmptEvent event, OmptCallback[] cbs, long taskId,
            OmptDependence[] dependences, int count) {
        if (!thread.enterTool()) {
            return;
        }
        try {
            for (OmptCallback cb : cbs) {
                try {
                    ((OmptCallback.TaskDependences) cb).onTaskDependences(taskId, dependences, count);
                } catch (Throwable e) {
                    ToolFailures.record(event, cb, e);
                }
            }
        } finally {
            thread.exitTool();
        }
    }

    public static void syncRegion(OmptThread thread, OmptEvent event, OmptSyncRegionKind kind, long parallelId,
            long taskId, long codeptr) {
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            deliverSyncRegion(thread, event, cbs, kind, parallelId, taskId, codeptr);
        }
    }

    @DontInline
    private static void deliverSyncRegion(OmptThread thread, OmptEvent event, OmptCallback[] cbs,
            OmptSyncRegionKind kind, long parallelId, long taskId, long codeptr) {
        if (!thread.enterTool()) {
            return;
        }
        try {
            for (OmptCallback cb : cbs) {
                try {
                    ((OmptCallback.SyncRegion) cb).onSyncRegion(kind, parallelId, taskId, codeptr);
                } catch (Throwable e) {
                    ToolFailures.record(event, cb, e);
                }
            }
        } finally {
            thread.exitTool();
        }
    }

    public static void worksharing(OmptThread thread, OmptEvent event, OmptWorkType type, long parallelId,
            long taskId, long count, long codeptr) {
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            deliverWorksharing(thread, event, cbs, type, parallelId, taskId, count, codeptr);
        }
    }

    @DontInline
    private static void deliverWorksharing(OmptThread thread, OmptEvent event, OmptCallback[] cbs, OmptWorkType type,
            long parallelId, long taskId, long count, long codeptr) {
        if (!thread.enterTool()) {
            return;
        }
        try {
            for (OmptCallback cb : cbs) {
                try {
                    ((OmptCallback.Worksharing) cb).onWorksharing(type, parallelId, taskId, count, codeptr);
                } catch (Throwable e) {
                    ToolFailures.record(event, cb, e);
                }
            }
        } finally {
            thread.exitTool();
        }
    }

    public static void dispatch(OmptThread thread, long parallelId, long taskId, OmptWorkType type, long first,
            long count) {
        OmptEvent event = OmptEvent.DISPATCH;
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            deliverDispatch(thread, event, cbs, parallelId, taskId, type, first, count);
        }
    }

    @DontInline
    private static void deliverDispatch(OmptThread thread, OmptEvent event, OmptCallback[] cbs, long parallelId,
            long taskId, OmptWorkType type, long first, long count) {
        if (!thread.enterTool()) {
            return;
        }
        try {
            for (OmptCallback cb : cbs) {
                try {
                    ((OmptCallback.Dispatch) cb).onDispatch(parallelId, taskId, type, first, count);
                } catch (Throwable e) {
                    ToolFailures.record(event, cb, e);
                }
            }
        } finally {
            thread.exitTool();
        }
    }

    public static void lock(OmptThread thread, OmptEvent event, long waitId, int hint, int impl, long codeptr) {
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            deliverLock(thread, event, cbs, waitId, hint, impl, codeptr);
        }
    }

    @DontInline
    private static void deliverLock(OmptThread thread, OmptEvent event, OmptCallback[] cbs, long waitId, int hint,
            int impl, long codeptr) {
        if (!thread.enterTool()) {
            return;
        }
        try {
            for (OmptCallback cb : cbs) {
                try {
                    ((OmptCallback.Lock) cb).onLock(waitId, hint, impl, codeptr);
                } catch (Throwable e) {
                    ToolFailures.record(event, cb, e);
                }
            }
        } finally {
            thread.exitTool();
        }
    }

    public static void wait(OmptThread thread, OmptEvent event, long waitId, long codeptr) {
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            deliverWait(thread, event, cbs, waitId, codeptr);
        }
    }

    @DontInline
    private static void deliverWait(OmptThread thread, OmptEvent event, OmptCallback[] cbs, long waitId, long codeptr) {
        if (!thread.enterTool()) {
            return;
        }
        try {
            for (OmptCallback cb : cbs) {
                try {
                    ((OmptCallback.Wait) cb).onWait(waitId, codeptr);
                } catch (Throwable e) {
                    ToolFailures.record(event, cb, e);
                }
            }
        } finally {
            thread.exitTool();
        }
    }

    public static void control(OmptThread thread, long command, long modifier) {
        OmptEvent event = OmptEvent.CONTROL;
        OmptCallback[] cbs = table[event.code()];
        if (cbs != null) {
            deliverControl(thread, event, cbs, command, modifier);
        }
    }

    @DontInline
    private static void deliverControl(OmptThread thread, OmptEvent event, OmptCallback[] cbs, long command,
            long modifier) {
        if (!thread.enterTool()) {
            return;
        }
        try {
            for (OmptCallback cb : cbs) {
                try {
                    ((OmptCallback.Control) cb).onControl(command, modifier);
                } catch (Throwable e) {
                    ToolFailures.record(event, cb, e);
                }
            }
        } finally {
            thread.exitTool();
        }
    }

    /**
     * Delivers {@code runtime_shutdown} to the callbacks registered now, after closing the dispatch: the
     * table is emptied and stays empty, and tracking stops, so that no event follows, even from a thread
     * still running a region while the JVM exits ({@code System.exit} inside a region).
     */
    public static void shutdown(OmptThread thread) {
        OmptEvent event = OmptEvent.RUNTIME_SHUTDOWN;
        OmptCallback[] cbs = callbacks(thread, event);
        closed = true;
        table = NONE;
        tracking = false;
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
}
