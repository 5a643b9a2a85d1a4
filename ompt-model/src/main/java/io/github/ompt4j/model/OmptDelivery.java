package io.github.ompt4j.model;

import jdk.internal.vm.annotation.DontInline;

/**
 * Calls an event's registered callbacks, one loop per callback signature, for {@link OmptDispatch}, which has
 * found the event's slot set. Each callback is an interface call in a loop over a small array; nothing is
 * allocated.
 *
 * <p><b>Out of line.</b> The loop over the callbacks is a method of its own per signature,
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
 * <p>One method per callback signature, named after {@link OmptDispatch}'s; the event is a parameter.
 */
final class OmptDelivery {
    private OmptDelivery() {
    }

    @DontInline
    static void threadType(OmptThread thread, OmptEvent event, OmptCallback[] cbs,
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

    @DontInline
    static void threadId(OmptThread thread, OmptEvent event, OmptCallback[] cbs, long threadId) {
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

    @DontInline
    static void parallelBegin(OmptThread thread, OmptEvent event, OmptCallback[] cbs,
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

    @DontInline
    static void parallelEnd(OmptThread thread, OmptEvent event, OmptCallback[] cbs, long parallelId,
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

    @DontInline
    static void implicitTask(OmptThread thread, OmptEvent event, OmptCallback[] cbs, long parallelId,
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

    @DontInline
    static void parallel(OmptThread thread, OmptEvent event, OmptCallback[] cbs, long parallelId,
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

    @DontInline
    static void taskBegin(OmptThread thread, OmptEvent event, OmptCallback[] cbs, long parentTaskId,
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

    @DontInline
    static void task(OmptThread thread, OmptEvent event, OmptCallback[] cbs, long taskId) {
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

    @DontInline
    static void taskSwitch(OmptThread thread, OmptEvent event, OmptCallback[] cbs, long priorTaskId,
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

    @DontInline
    static void taskPair(OmptThread thread, OmptEvent event, OmptCallback[] cbs, long firstTaskId,
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

    @DontInline
    static void taskDependences(OmptThread thread, OmptEvent event, OmptCallback[] cbs, long taskId,
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

    @DontInline
    static void syncRegion(OmptThread thread, OmptEvent event, OmptCallback[] cbs,
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

    @DontInline
    static void worksharing(OmptThread thread, OmptEvent event, OmptCallback[] cbs, OmptWorkType type,
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

    @DontInline
    static void dispatch(OmptThread thread, OmptEvent event, OmptCallback[] cbs, long parallelId,
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

    @DontInline
    static void lock(OmptThread thread, OmptEvent event, OmptCallback[] cbs, long waitId, int hint,
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

    @DontInline
    static void wait(OmptThread thread, OmptEvent event, OmptCallback[] cbs, long waitId, long codeptr) {
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

    @DontInline
    static void control(OmptThread thread, OmptEvent event, OmptCallback[] cbs, long command,
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
}
