package io.github.ompt4j.model;

/**
 * How the runtime reports sync regions and the waits in them, behind {@link OmptRuntime}'s sync-region
 * operations (their contracts are there): the thread's open regions ({@link SyncRegionStack}), its state in
 * and after them, and the wait events, which a task run during a wait ends and begins again.
 */
final class SyncRegions {
    private SyncRegions() {
    }

    static void begin(OmptThread t, OmptSyncRegionKind kind, long codeptr) {
        OmptTask task = t.currentTask();
        t.syncRegions.open(kind, codeptr);
        if (kind == OmptSyncRegionKind.REDUCTION) {
            t.setState(OmptState.WORK_REDUCTION);
        }
        OmptDispatch.syncRegion(t, kind.regionEvent(true), kind, task.parallelId(), task.id(), codeptr);
    }

    static void end(OmptThread t) {
        OmptTask task = t.currentTask();
        OmptSyncRegionKind kind = t.syncRegion();
        long codeptr = t.syncRegions.codeptr();
        t.syncRegions.close();
        t.setState(t.syncRegion() == OmptSyncRegionKind.REDUCTION ? OmptState.WORK_REDUCTION : t.workState());
        OmptDispatch.syncRegion(t, kind.regionEvent(false), kind, task.parallelId(), task.id(), codeptr);
    }

    static void waitBegin(OmptThread t, long waitId) {
        t.syncRegions.setWaiting(true, waitId);
        t.startWait(t.syncRegion().waitState(), waitId, true);
        reportWait(t, true);
    }

    static void waitEnd(OmptThread t) {
        reportWait(t, false);
        t.syncRegions.setWaiting(false, 0);
        t.setState(OmptState.OVERHEAD);
    }

    /** The wait event of the innermost region, if its kind has one: a reduction's combining is work. */
    static void reportWait(OmptThread t, boolean begin) {
        OmptSyncRegionKind kind = t.syncRegion();
        OmptEvent event = kind.waitEvent(begin);
        if (event != null) {
            OmptTask task = t.currentTask();
            OmptDispatch.syncRegion(t, event, kind, task.parallelId(), task.id(), t.syncRegions.codeptr());
        }
    }
}
