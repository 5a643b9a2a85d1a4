package io.github.ompt4j.jfr;

import io.github.ompt4j.jfr.events.DispatchEvent;
import io.github.ompt4j.jfr.events.IdleEvent;
import io.github.ompt4j.jfr.events.ImplicitTaskEvent;
import io.github.ompt4j.jfr.events.MasterEvent;
import io.github.ompt4j.jfr.events.SyncRegionEvent;
import io.github.ompt4j.jfr.events.SyncRegionWaitEvent;
import io.github.ompt4j.jfr.events.TaskEvent;
import io.github.ompt4j.jfr.events.WorkEvent;
import io.github.ompt4j.model.OmptSyncRegionKind;
import io.github.ompt4j.model.OmptTaskStatus;
import io.github.ompt4j.model.OmptWorkType;

/**
 * The spans that begin and end on one thread, each in that thread's {@link ThreadEvents}: a begin fills a reused
 * event object (none when paused or the type is off, but the level is kept so that the end finds its own), the
 * end commits it. Mutex spans are {@link MutexSpans}'.
 */
final class ThreadSpans {
    private final JfrContext context;

    ThreadSpans(JfrContext context) {
        this.context = context;
    }

    // ---- implicit and explicit tasks -----------------------------------------------------------

    void implicitTaskBegin(long parallelId, long taskId, int teamSize, int threadNum) {
        ImplicitTaskEvent e = context.current().implicitTasks.begin(context.recording());
        if (e != null) {
            e.parallelId = parallelId;
            e.taskId = taskId;
            e.teamSize = teamSize;
            e.threadNum = threadNum;
        }
    }

    void implicitTaskEnd(long parallelId, long taskId, int teamSize, int threadNum) {
        ImplicitTaskEvent e = context.current().implicitTasks.end();
        if (e != null) {
            e.commit();
        }
    }

    void taskSwitch(long priorTaskId, OmptTaskStatus priorStatus, long nextTaskId) {
        if (priorStatus == OmptTaskStatus.CANCEL) {
            return; // a task that never ran (withdrawn, or its team failed): it opened no level, the thread's task goes on
        }
        ThreadEvents te = context.current();
        if (priorStatus == OmptTaskStatus.COMPLETE) {
            TaskEvent done = te.tasks.end();
            if (done != null) {
                done.commit();
            }
            return;
        }
        // The next task starts; the prior one is suspended (switch, yield) and its span goes on around it.
        long region = context.getParallelId.getParallelId(0);
        TaskEvent enclosing = te.tasks.innermost();
        // Not while a sync region is open: a task run by a join that waits, or at a taskwait, would read as the
        // overhead of that region, which the reader gives the time after a wait ended within the enclosing task.
        if (!context.nestedTaskSpans && enclosing != null && enclosing.parallelId == region
                && te.syncRegions.innermost() == null) {
            te.tasks.open(); // inside the enclosing task's span (see JfrContext.nestedTaskSpans)
            te.tasks.innermost().parallelId = region;
            return;
        }
        TaskEvent e = te.tasks.begin(context.recording());
        TaskEvent level = te.tasks.innermost();
        level.parallelId = region; // what tasks nested in this one compare with, begun or not
        if (e == null) {
            return;
        }
        e.taskId = nextTaskId;
        e.parentTaskId = context.getTaskInfo.getTaskInfo(1, te.parentInfo) ? te.parentInfo.taskId() : 0;
    }

    // ---- synchronization regions and their waits ---------------------------------------------------

    void syncRegionBegin(OmptSyncRegionKind kind, long parallelId, long taskId, long codeptr) {
        SyncRegionEvent e = context.current().syncRegions.begin(context.recording());
        if (e != null) {
            String kindName = Names.syncKind(kind);
            String callSite = context.callSites.of(codeptr);
            // The level's event is reused and mostly meets the same names again: a reference stored into it, as
            // into any long-lived object, passes G1's post-write barrier, which fences the processor.
            if (e.kind != kindName) {
                e.kind = kindName;
            }
            if (e.callSite != callSite) {
                e.callSite = callSite;
            }
            e.parallelId = parallelId;
            e.taskId = taskId;
        }
    }

    void syncRegionEnd(OmptSyncRegionKind kind, long parallelId, long taskId, long codeptr) {
        SyncRegionEvent e = context.current().syncRegions.end();
        if (e != null) {
            e.commit();
        }
    }

    void syncWaitBegin(OmptSyncRegionKind kind, long parallelId, long taskId, long codeptr) {
        ThreadEvents te = context.current();
        SyncRegionWaitEvent e = te.syncWaits.begin(context.recording());
        if (e == null) {
            return;
        }
        String kindName = Names.syncKind(kind);
        String callSite = context.callSites.of(codeptr);
        if (e.kind != kindName) { // as in syncRegionBegin
            e.kind = kindName;
        }
        if (e.callSite != callSite) {
            e.callSite = callSite;
        }
        e.parallelId = parallelId;
        e.taskId = taskId;
        context.getState.getState(te.waitId);
        e.waitId = te.waitId[0];
    }

    void syncWaitEnd(OmptSyncRegionKind kind, long parallelId, long taskId, long codeptr) {
        SyncRegionWaitEvent e = context.current().syncWaits.end();
        if (e != null) {
            e.commit();
        }
    }

    // ---- worksharing, its chunks, master ---------------------------------------------------------

    void workBegin(OmptWorkType type, long parallelId, long taskId, long count, long codeptr) {
        WorkEvent e = context.current().works.begin(context.recording());
        if (e != null) {
            e.type = Names.workType(type);
            e.parallelId = parallelId;
            e.taskId = taskId;
            e.count = count;
            e.callSite = context.callSites.of(codeptr);
        }
    }

    void workEnd(OmptWorkType type, long parallelId, long taskId, long count, long codeptr) {
        WorkEvent e = context.current().works.end();
        if (e != null) {
            e.commit();
        }
    }

    /** A worksharing construct begins: a level for its chunks. */
    void chunksOpen(OmptWorkType type, long parallelId, long taskId, long count, long codeptr) {
        context.current().chunks.open();
    }

    /** The construct ends, and with it the chunk the thread ran last. */
    void chunksClose(OmptWorkType type, long parallelId, long taskId, long count, long codeptr) {
        DispatchEvent chunk = context.current().chunks.end();
        if (chunk != null) {
            chunk.commit();
        }
    }

    void dispatch(long parallelId, long taskId, OmptWorkType type, long first, long count) {
        ThreadEvents te = context.current();
        DispatchEvent previous = te.chunks.endTop();
        if (previous != null) {
            previous.commit();
        }
        DispatchEvent e = te.chunks.beginTop(context.recording());
        if (e != null) {
            e.type = Names.workType(type);
            e.parallelId = parallelId;
            e.taskId = taskId;
            e.first = first;
            e.count = count;
        }
    }

    void masterBegin(long parallelId, long taskId, long codeptr) {
        MasterEvent e = context.current().masters.begin(context.recording());
        if (e != null) {
            e.parallelId = parallelId;
            e.taskId = taskId;
            e.callSite = context.callSites.of(codeptr);
        }
    }

    void masterEnd(long parallelId, long taskId, long codeptr) {
        MasterEvent e = context.current().masters.end();
        if (e != null) {
            e.commit();
        }
    }

    // ---- idle ----------------------------------------------------------------------------------

    void idleBegin(long threadId) {
        IdleEvent e = context.current().idle.begin(context.recording());
        if (e != null) {
            e.ompThreadId = threadId;
        }
    }

    void idleEnd(long threadId) {
        IdleEvent e = context.current().idle.end();
        if (e != null) {
            e.commit();
        }
    }
}
