package io.github.ompt4j.hooks.directives;

import static io.github.ompt4j.hooks.directives.Directives.HEALTH;
import static io.github.ompt4j.hooks.directives.Directives.callSite;
import static io.github.ompt4j.hooks.directives.Directives.thread;

import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptSyncRegionKind;
import io.github.ompt4j.model.OmptTask;
import io.github.ompt4j.model.OmptThread;

/**
 * The directive library's synchronization regions: barriers ({@code Barrier}), taskwait and taskgroup
 * ({@code Tasking}) and reductions ({@code Reducer}), each a region and, where a thread waits, its wait.
 */
public final class SyncRegionHooks {
    private SyncRegionHooks() {
    }

    /** {@code Barrier.await(state, kind)}: {@code kind} is the library's {@code BarrierKind}. */
    public static boolean barrierBegin(Object barrierKind) {
        if (HEALTH.active()) {
            OmptThread t = thread();
            OmptSyncRegionKind kind = barrierKind(((Enum<?>) barrierKind).name());
            OmptRuntime.syncRegionBegin(t, kind, barrierCallSite(t, kind));
            return true;
        }
        return false;
    }

    static OmptSyncRegionKind barrierKind(String libraryKind) {
        switch (libraryKind) {
            case "EXPLICIT":
                return OmptSyncRegionKind.BARRIER_EXPLICIT;
            case "IMPLICIT_WORKSHARE":
                return OmptSyncRegionKind.BARRIER_IMPLICIT_WORKSHARE;
            case "IMPLICIT_PARALLEL":
                return OmptSyncRegionKind.BARRIER_IMPLICIT_PARALLEL;
            default:
                throw new IllegalArgumentException("unknown barrier kind " + libraryKind);
        }
    }

    /**
     * As LLVM does: the implicit barrier that ends a region carries the region's call site on its
     * master and none on the workers, whose stacks hold no user frame; the barrier of a worksharing
     * construct carries the construct's; an explicit barrier its own.
     */
    private static long barrierCallSite(OmptThread t, OmptSyncRegionKind kind) {
        if (kind == OmptSyncRegionKind.BARRIER_EXPLICIT) {
            return callSite(t, OmptEvent.BARRIER_BEGIN);
        }
        if (kind == OmptSyncRegionKind.BARRIER_IMPLICIT_WORKSHARE) {
            return OmptRuntime.workshareBarrierCodeptr(t);
        }
        OmptTask task = t.currentTask();
        return t.threadNum() == 0 && task.parallel() != null ? task.parallel().codeptr() : 0;
    }

    /** The end of a barrier, taskgroup or reduction region that began. */
    public static void syncRegionEnd(boolean began) {
        if (began && HEALTH.enabled()) {
            OmptRuntime.syncRegionEnd(thread());
        }
    }

    /** {@code Barrier.waitForOthers}: the thread starts waiting at the barrier of its current region. */
    public static boolean barrierWaitBegin() {
        if (HEALTH.active()) {
            OmptThread t = thread();
            if (t.syncRegion() == null) {
                return false;
            }
            OmptRuntime.syncWaitBegin(t, t.currentTask().parallelId());
            return true;
        }
        return false;
    }

    public static void syncWaitEnd(boolean began) {
        if (began && HEALTH.enabled()) {
            OmptRuntime.syncWaitEnd(thread());
        }
    }

    /** {@code Tasking.taskwait}: its region and, at once, its wait for the current task's children. */
    public static boolean taskwaitBegin() {
        if (HEALTH.active()) {
            OmptThread t = thread();
            OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.TASKWAIT, callSite(t, OmptEvent.TASKWAIT_BEGIN));
            OmptRuntime.syncWaitBegin(t, t.currentTask().id());
            return true;
        }
        return false;
    }

    public static void taskwaitEnd(boolean began) {
        if (began && HEALTH.enabled()) {
            OmptThread t = thread();
            OmptRuntime.syncWaitEnd(t);
            OmptRuntime.syncRegionEnd(t);
        }
    }

    /** {@code Tasking.taskgroup}: the region begins before its block runs; it ends with {@link #syncRegionEnd}. */
    public static boolean taskgroupBegin() {
        if (HEALTH.active()) {
            OmptThread t = thread();
            OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.TASKGROUP, callSite(t, OmptEvent.TASKGROUP_BEGIN));
            return true;
        }
        return false;
    }

    /** {@code Tasking.taskgroupEnd}: the wait for every task of the group; it ends with {@link #syncWaitEnd}. */
    public static boolean taskgroupWaitBegin() {
        if (HEALTH.active()) {
            OmptThread t = thread();
            if (t.syncRegion() != OmptSyncRegionKind.TASKGROUP) {
                return false;
            }
            OmptRuntime.syncWaitBegin(t, t.currentTask().id());
            return true;
        }
        return false;
    }

    /** {@code Reducer.combine}: the combining step of a reduction. */
    public static boolean reductionBegin() {
        if (HEALTH.active()) {
            OmptThread t = thread();
            OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.REDUCTION, callSite(t, OmptEvent.REDUCTION_BEGIN));
            return true;
        }
        return false;
    }
}
