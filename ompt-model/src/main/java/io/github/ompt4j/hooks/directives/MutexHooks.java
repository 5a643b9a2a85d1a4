package io.github.ompt4j.hooks.directives;

import static io.github.ompt4j.hooks.directives.Directives.HEALTH;
import static io.github.ompt4j.hooks.directives.Directives.begins;
import static io.github.ompt4j.hooks.directives.Directives.callSite;
import static io.github.ompt4j.hooks.directives.Directives.thread;

import io.github.ompt4j.model.OmptAtomicType;
import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptLockImpl;
import io.github.ompt4j.model.OmptMutexKind;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreads;
import jdk.internal.vm.annotation.DontInline;

/**
 * The directive library's mutexes: critical, atomic and ordered constructs and the {@code OmpLock} and
 * {@code OmpNestLock} locks, each acquisition with its wait ID (the mutex's ID).
 *
 * <p>A lock, critical or atomic acquisition is reported late ({@code OmptRuntime.mutexAcquireLate}): its wait
 * state and {@code wait_*} event come when the library's {@code Mutex} enters its slow path ({@link #blocked}),
 * or, if the thread took the mutex at once, the event comes just before {@code acquired_*}. Nothing is read
 * from the mutex before the library's compare-and-set takes it, not even its ID (the wait ID, learned in the
 * slow path or once the mutex is held), which shares the lock word's cache line: the agent adds no access to
 * the line the other threads contend for ahead of the compare-and-set. An ordered construct is reported early:
 * its wait is on the loop's turn, not on a {@code Mutex}.
 *
 * <p><b>Out of line.</b> Each hook tests inline whether to report and reports in a method the JIT never inlines
 * ({@code @DontInline}, as the fork/join hooks do): inlined, the model's code made the woven {@code Critical} and
 * {@code OmpLock} methods "already compiled into a big method", which C2 then would not inline into the program's
 * code, so that the body a program hands to {@code Omp.critical} escaped and was allocated at every entry (16 bytes a
 * transfer of the bank demo with a tool registered, none now: {@code BankTransferBenchmark} with {@code -prof gc}).
 */
public final class MutexHooks {
    private static final int NEST = 1;

    private MutexHooks() {
    }

    /**
     * An acquisition of a mutex whose ID is learned later ({@link #blocked}, {@link #acquired}) starts: returns the
     * acquiring thread, which the woven method keeps for {@link #acquired} (one thread lookup fewer an
     * acquisition), or null if the acquisition is not reported.
     */
    private static Object acquire(OmptMutexKind kind, int hint, int impl) {
        return begins() ? reportAcquire(kind, hint, impl) : null;
    }

    @DontInline
    private static OmptThread reportAcquire(OmptMutexKind kind, int hint, int impl) {
        OmptThread t = thread();
        OmptRuntime.mutexAcquireLate(t, kind, 0, hint, impl, callSite(t, OmptRuntime.mutexWaitEvent(kind)));
        return t;
    }

    /**
     * The acquisition that {@code began} on that thread ends: the mutex is held, or, if the acquiring method threw
     * ({@code thrown}), the thread gave up and leaves the wait without an event.
     */
    private static void acquired(Throwable thrown, Object began, OmptMutexKind kind, long waitId) {
        if (began != null && HEALTH.enabled()) {
            reportAcquired(thrown, (OmptThread) began, kind, waitId);
        }
    }

    @DontInline
    private static void reportAcquired(Throwable thrown, OmptThread t, OmptMutexKind kind, long waitId) {
        if (thrown != null) {
            OmptRuntime.mutexAbandoned(t, kind);
        } else if (kind == OmptMutexKind.ORDERED) {
            OmptRuntime.mutexAcquired(t, kind, waitId);
        } else {
            OmptRuntime.mutexAcquiredLate(t, kind, waitId, true, true);
        }
    }

    /** The {@code Mutex} {@code waitId} enters its slow path: the lock, critical or atomic acquisition in progress blocks. */
    public static void blocked(long waitId) {
        if (HEALTH.enabled()) {
            OmptThread t = OmptThreads.current();
            if (t != null) {
                OmptRuntime.mutexBlocked(t, waitId);
            }
        }
    }

    private static void released(OmptMutexKind kind, long waitId) {
        if (HEALTH.active()) {
            reportReleased(kind, waitId);
        }
    }

    @DontInline
    private static void reportReleased(OmptMutexKind kind, long waitId) {
        OmptThread t = thread();
        long codeptr = OmptRuntime.isStructured(kind) ? 0 : callSite(t, OmptRuntime.mutexReleaseEvent(kind));
        OmptRuntime.mutexReleased(t, kind, waitId, codeptr);
    }

    /** {@code Critical.enter(mutex)} starts. */
    public static Object criticalAcquire() {
        return acquire(OmptMutexKind.CRITICAL, 0, OmptLockImpl.OMP_CRITICAL.code());
    }

    public static void criticalAcquired(Throwable thrown, Object began, long waitId) {
        acquired(thrown, began, OmptMutexKind.CRITICAL, waitId);
    }

    public static void criticalReleased(long waitId) {
        released(OmptMutexKind.CRITICAL, waitId);
    }

    /** {@code Atomic.enter} starts. */
    public static Object atomicAcquire() {
        return acquire(OmptMutexKind.ATOMIC, 0, OmptAtomicType.LOCK.code());
    }

    public static void atomicAcquired(Throwable thrown, Object began, long waitId) {
        acquired(thrown, began, OmptMutexKind.ATOMIC, waitId);
    }

    public static void atomicReleased(long waitId) {
        released(OmptMutexKind.ATOMIC, waitId);
    }

    /** The wait ID of an ordered construct: the region it runs in. */
    private static long orderedWaitId(OmptThread t) {
        return t == null || t.currentTask() == null ? 0 : t.currentTask().parallelId();
    }

    /**
     * {@code Ordered.enter} starts, reported early. Whether the iteration's turn has come is not a field woven
     * code can read without risk (the loop's work share may be absent), so the wait counts as contended.
     */
    public static Object orderedAcquire() {
        if (begins()) {
            OmptThread t = thread();
            OmptRuntime.mutexAcquire(t, OmptMutexKind.ORDERED, orderedWaitId(t), 0, 0,
                    callSite(t, OmptEvent.WAIT_ORDERED), true);
            return t;
        }
        return null;
    }

    public static void orderedAcquired(Throwable thrown, Object began) {
        acquired(thrown, began, OmptMutexKind.ORDERED, orderedWaitId((OmptThread) began));
    }

    public static void orderedReleased() {
        if (HEALTH.active()) {
            reportReleased(OmptMutexKind.ORDERED, orderedWaitId(OmptThreads.current()));
        }
    }

    private static OmptMutexKind lockKind(int nest) {
        return nest == NEST ? OmptMutexKind.NEST_LOCK : OmptMutexKind.LOCK;
    }

    /** A lock ({@code nest} 0) or nest lock ({@code nest} 1) was created with the hint {@code hint}. */
    public static void lockInit(int nest, long waitId, int hint) {
        if (HEALTH.active()) {
            OmptThread t = thread();
            OmptRuntime.lockInit(t, lockKind(nest), waitId, hint,
                    nest == NEST ? OmptLockImpl.OMP_NEST_LOCK : OmptLockImpl.OMP_LOCK,
                    callSite(t, nest == NEST ? OmptEvent.INIT_NEST_LOCK : OmptEvent.INIT_LOCK));
        }
    }

    public static void lockDestroy(long waitId) {
        if (HEALTH.active()) {
            OmptThread t = thread();
            OmptRuntime.lockDestroy(t, waitId, callSite(t, OmptEvent.DESTROY_LOCK));
        }
    }

    /**
     * A thread that does not hold the lock starts taking it ({@code OmpLock.acquire},
     * {@code OmpNestLock.acquireFirst}).
     */
    public static Object lockAcquire(int nest, int hint) {
        return acquire(lockKind(nest), hint,
                nest == NEST ? OmptLockImpl.OMP_NEST_LOCK.code() : OmptLockImpl.OMP_LOCK.code());
    }

    public static void lockAcquired(Throwable thrown, Object began, int nest, long waitId) {
        acquired(thrown, began, lockKind(nest), waitId);
    }

    /**
     * The lock is about to be released (a nest lock: for the last time), if {@code owned}: the calling thread
     * holds it. Reported before the release, while no other thread can take the lock and report it first.
     */
    public static void lockRelease(boolean owned, int nest, long waitId) {
        if (owned) {
            released(lockKind(nest), waitId);
        }
    }

    /** {@code OmpLock.test} returned {@code taken}: a successful test is an acquisition without a wait. */
    public static void lockTested(boolean taken, long waitId) {
        if (taken && HEALTH.active()) {
            OmptThread t = thread();
            OmptRuntime.mutexTaken(t, OmptMutexKind.LOCK, waitId, callSite(t, OmptEvent.ACQUIRED_LOCK));
        }
    }

    /**
     * {@code OmpNestLock.test} returned the nesting count: 1 is a first acquisition (without a wait),
     * more is the owner's next level, 0 a failed test.
     */
    public static void nestLockTested(int nesting, long waitId) {
        if (nesting == 1 && HEALTH.active()) {
            OmptThread t = thread();
            OmptRuntime.mutexTaken(t, OmptMutexKind.NEST_LOCK, waitId,
                    callSite(t, OmptEvent.ACQUIRED_NEST_LOCK_FIRST));
        } else if (nesting > 1) {
            nestLockSet(waitId, nesting);
        }
    }

    /** {@code OmpNestLock.set} returned with the nesting count {@code nesting}: above 1, the owner set it again. */
    public static void nestLockSet(long waitId, int nesting) {
        if (nesting > 1 && HEALTH.active()) {
            OmptThread t = thread();
            OmptRuntime.nestLockAcquiredNext(t, waitId, callSite(t, OmptEvent.ACQUIRED_NEST_LOCK_NEXT));
        }
    }

    /**
     * {@code OmpNestLock.unset} starts with the nesting count {@code nesting}, the calling thread's if
     * {@code owned}: above 1, the thread keeps the lock. Read before the unset: after the last one, the
     * count is the next holder's.
     */
    public static void nestLockUnset(boolean owned, long waitId, int nesting) {
        if (owned && nesting > 1 && HEALTH.active()) {
            OmptThread t = thread();
            OmptRuntime.nestLockReleasedPrev(t, waitId, callSite(t, OmptEvent.RELEASE_NEST_LOCK_PREV));
        }
    }
}
