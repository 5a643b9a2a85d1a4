package io.github.ompt4j.jfr;

import io.github.ompt4j.jfr.events.OriginEvent;
import io.github.ompt4j.model.OmptFrame;
import io.github.ompt4j.model.OmptInvoker;
import io.github.ompt4j.model.OmptTaskInfo;
import io.github.ompt4j.model.OmptTaskType;

/**
 * {@code ompt.Origin}: the stack that entered a region, or that created a task serial code or a task outside regions
 * hands to another thread, committed where it happens (an instant with a stack trace). A task's origin stands for
 * the stages its creator makes from the same method right after it, too ({@link LastOrigin}).
 */
final class Origins {
    private static final OriginEvent PROBE = new OriginEvent();

    private final JfrContext context;

    Origins(JfrContext context) {
        this.context = context;
    }

    void parallelBegin(long parentTaskId, OmptFrame parentFrame, long parallelId, int requestedTeamSize,
            long codeptr, OmptInvoker invoker) {
        if (context.recording() && PROBE.isEnabled()) {
            commit(parallelId, 0, 0);
            // A pool submission creates its root task next, on this thread: the region's origin stands for it.
            context.current().regionBegun = true;
        }
    }

    void implicitTaskBegin(long parallelId, long taskId, int teamSize, int threadNum) {
        if (threadNum == 0) {
            context.current().regionBegun = false;
        }
    }

    void taskCreate(long parentTaskId, OmptFrame parentFrame, long newTaskId, int flags, long codeptr) {
        ThreadEvents te = context.current();
        boolean regionsRoot = te.regionBegun;
        te.regionBegun = false;
        if (regionsRoot || !context.recording() || !PROBE.isEnabled()) {
            return;
        }
        if (context.getTaskInfo.getTaskInfo(0, te.taskInfo) && !createsAtItsCallSite(te.taskInfo, codeptr)) {
            return; // a region's task created it, or a stage's completion triggered it: no origin of its own (asked
                    // first: it spares a clock read)
        }
        // Serial code, or a task outside regions (an executor's task, a stage), created a task that runs elsewhere (a
        // CompletableFuture stage): its work stands on this stack, or, when the code that recorded the last origin
        // creates another stage in that method right after, on that origin.
        long method = context.callSites.method(codeptr);
        long now = System.nanoTime();
        if (!te.lastOrigin.covers(parentTaskId, method, now)) {
            commit(0, newTaskId, parentTaskId);
            te.lastOrigin.taken(parentTaskId, method, now);
        }
    }

    /**
     * Whether the creating task's code made the new task at a call site of its own: serial code (an initial task), or
     * a task outside any region (a request an executor runs calling {@code supplyAsync}), whose stack says where, as
     * serial code's does. A region's tasks fork millions of tasks, each of which would walk; a dependent stage is
     * created when its source completes (no call site), on a stack of the runtime's alone, and stands on its source's
     * origin instead.
     */
    private static boolean createsAtItsCallSite(OmptTaskInfo creator, long codeptr) {
        OmptTaskType type = creator.type();
        return type == OmptTaskType.INITIAL
                || type == OmptTaskType.EXPLICIT && creator.parallelId() == 0 && codeptr != 0;
    }

    private static void commit(long parallelId, long taskId, long parentTaskId) {
        OriginEvent e = new OriginEvent();
        e.parallelId = parallelId;
        e.taskId = taskId;
        e.parentTaskId = parentTaskId;
        e.commit();
    }
}
