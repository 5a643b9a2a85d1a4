package io.github.ompt4j.jfr;

import io.github.ompt4j.jfr.events.OriginEvent;
import io.github.ompt4j.model.OmptFrame;
import io.github.ompt4j.model.OmptInvoker;
import io.github.ompt4j.model.OmptTaskType;

/**
 * {@code ompt.Origin}: the stack that entered a region, or that created a task serial code hands to another
 * thread, committed where it happens (an instant with a stack trace). A task's origin stands for the stages its
 * creator makes from the same method right after it, too ({@link LastOrigin}).
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
        if (context.getTaskInfo.getTaskInfo(0, te.taskInfo) && te.taskInfo.type() != OmptTaskType.INITIAL) {
            return; // a task created it, not serial code: no origin of its own (asked first: it spares a clock read)
        }
        // Serial code created a task that runs elsewhere (a CompletableFuture stage): its work stands on this stack,
        // or, when the serial code that recorded the last origin creates another stage in that method right after,
        // on that origin.
        long method = context.callSites.method(codeptr);
        long now = System.nanoTime();
        if (!te.lastOrigin.covers(parentTaskId, method, now)) {
            commit(0, newTaskId, parentTaskId);
            te.lastOrigin.taken(parentTaskId, method, now);
        }
    }

    private static void commit(long parallelId, long taskId, long parentTaskId) {
        OriginEvent e = new OriginEvent();
        e.parallelId = parallelId;
        e.taskId = taskId;
        e.parentTaskId = parentTaskId;
        e.commit();
    }
}
