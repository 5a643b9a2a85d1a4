package io.github.ompt4j.model;

/**
 * How the runtime reports the acquisition and release of mutexes, behind {@link OmptRuntime}'s mutex
 * operations (their contracts are there): the acquisition in progress ({@link MutexAcquisition}) whose call
 * site the acquired event reports again, the holds of owned mutexes ({@link HeldMutexes}) by which a waiter
 * names its holder, early acquisitions (wait state and {@code wait_*} event as the thread reaches the mutex),
 * late ones (both once the thread blocks; if it never does, the event just before the acquired one), and a
 * nest lock's condition wait (its holds released, an explicit barrier, the lock taken again).
 */
final class Mutexes {
    private Mutexes() {
    }

    static void mutexAcquire(OmptThread t, OmptMutexKind kind, long waitId, int hint, int impl, long codeptr,
            boolean contended) {
        t.acquisition.setCodeptr(codeptr);
        t.acquisition.setContended(contended);
        if (kind.isStructured()) {
            t.constructs.push(codeptr);
        }
        t.startWait(kind.waitState(), waitId, contended);
        dispatchWait(t, kind, waitId, hint, impl, codeptr);
    }

    private static void dispatchWait(OmptThread t, OmptMutexKind kind, long waitId, int hint, int impl, long codeptr) {
        OmptEvent event = kind.waitEvent();
        if (event == OmptEvent.WAIT_ORDERED) {
            OmptDispatch.wait(t, event, waitId, codeptr);
        } else {
            OmptDispatch.lock(t, event, waitId, hint, impl, codeptr);
        }
    }

    static void mutexAcquired(OmptThread t, OmptMutexKind kind, long waitId) {
        t.exitWait();
        t.hold(waitId, t.acquisition.codeptr());
        OmptDispatch.wait(t, kind.acquiredEvent(), waitId, t.acquisition.codeptr());
    }

    static void mutexAcquireLate(OmptThread t, OmptMutexKind kind, long waitId, int hint, int impl, long codeptr) {
        t.acquisition.beginLate(kind, waitId, hint, impl, codeptr);
        if (kind.isStructured()) {
            t.constructs.push(codeptr);
        }
    }

    static boolean mutexBlocked(OmptThread t, long waitId) {
        MutexAcquisition a = t.acquisition;
        if (a.kind() == null) {
            return false;
        }
        if (!a.announced()) {
            a.learnWaitId(waitId);
            t.startWait(a.kind().waitState(), a.waitId(), true);
            announce(t, true);
        }
        return true;
    }

    /**
     * The late acquisition's {@code wait_*} event, marked as dispatched first: a lock that a tool's callback
     * takes and blocks on (not reported, but its blocking reaches {@link #mutexBlocked}) must not announce it
     * again.
     */
    private static void announce(OmptThread t, boolean contended) {
        MutexAcquisition a = t.acquisition;
        a.announce(contended);
        dispatchWait(t, a.kind(), a.waitId(), a.hint(), a.impl(), a.codeptr());
    }

    static void mutexAcquiredLate(OmptThread t, OmptMutexKind kind, long waitId, boolean acquired,
            boolean owned) {
        MutexAcquisition a = t.acquisition;
        boolean blocked = a.announced();
        if (acquired && !blocked) {
            a.learnWaitId(waitId);
            announce(t, false);
        }
        a.endLate();
        if (blocked) {
            t.exitWait();
        }
        if (acquired) {
            if (owned) {
                t.hold(waitId, a.codeptr());
            }
            OmptDispatch.wait(t, kind.acquiredEvent(), waitId, a.codeptr());
        }
    }

    static void mutexAbandoned(OmptThread t, OmptMutexKind kind) {
        t.acquisition.endLate();
        t.exitWait();
        if (kind.isStructured()) {
            t.constructs.pop();
        }
    }

    static void mutexTaken(OmptThread t, OmptMutexKind kind, long waitId, long codeptr, boolean owned) {
        t.acquisition.setContended(false);
        if (owned) {
            t.hold(waitId, codeptr);
        }
        OmptDispatch.wait(t, kind.acquiredEvent(), waitId, codeptr);
    }

    static void mutexReleased(OmptThread t, OmptMutexKind kind, long waitId, long codeptr) {
        t.release(waitId);
        OmptDispatch.wait(t, kind.releaseEvent(), waitId, kind.isStructured() ? t.constructs.pop() : codeptr);
    }

    static void conditionWaitBegin(OmptThread t, long lockWaitId, int holds, long conditionWaitId) {
        for (int held = holds; held > 1; held--) {
            OmptRuntime.nestLockReleasedPrev(t, lockWaitId, 0);
        }
        mutexReleased(t, OmptMutexKind.NEST_LOCK, lockWaitId, 0);
        t.acquisition.beginConditionWait(lockWaitId, holds);
        SyncRegions.begin(t, OmptSyncRegionKind.BARRIER_EXPLICIT, 0);
        SyncRegions.waitBegin(t, conditionWaitId);
    }

    static void conditionSignalled(OmptThread t) {
        if (t.acquisition.conditionLock() == 0 || t.acquisition.reacquiring()) {
            return;
        }
        t.acquisition.setReacquiring();
        SyncRegions.waitEnd(t);
        SyncRegions.end(t);
        mutexAcquireLate(t, OmptMutexKind.NEST_LOCK, t.acquisition.conditionLock(), 0, OmptLockImpl.OMP_NEST_LOCK.code(), 0);
        mutexBlocked(t, 0);
    }

    static void conditionWaitEnd(OmptThread t) {
        long lock = t.acquisition.conditionLock();
        if (lock == 0) {
            return;
        }
        conditionSignalled(t);
        t.acquisition.endConditionWait();
        mutexAcquiredLate(t, OmptMutexKind.NEST_LOCK, lock, true, true);
        for (int held = t.acquisition.conditionHolds(); held > 1; held--) {
            OmptRuntime.nestLockAcquiredNext(t, lock, 0);
        }
    }
}
