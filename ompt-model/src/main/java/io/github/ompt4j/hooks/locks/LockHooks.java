package io.github.ompt4j.hooks.locks;

import io.github.ompt4j.hooks.AdapterHealth;
import io.github.ompt4j.model.OmptLockImpl;
import io.github.ompt4j.model.OmptMutexKind;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import io.github.ompt4j.model.OmptThreads;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;

/**
 * The hooks of {@code java.util.concurrent}'s locks: {@code ReentrantLock} and a
 * {@code ReentrantReadWriteLock}'s write lock are nest locks (a re-entry is {@code acquired_nest_lock_next},
 * an unlock that still holds is {@code release_nest_lock_prev}); a read lock, a {@code Semaphore} permit
 * and either mode of a {@code StampedLock} are locks.
 *
 * <p><b>Waits.</b> The {@code wait_*} event comes as the thread starts acquiring, but its state becomes
 * {@code wait_lock} only if it blocks: when the lock's fast path fails and the thread enters
 * {@code AbstractQueuedSynchronizer}'s queueing {@code acquire} (a {@code StampedLock}'s {@code acquireWrite}
 * or {@code acquireRead}). A lock taken at once never shows a wait.
 *
 * <p><b>IDs and call sites.</b> A lock's wait ID is its identity hash with bit 32 set (non-zero; two
 * live locks may share one, rarely). Lock operations report no call site ({@code codeptr_ra} 0): a lock
 * is used from many places, so its class says nothing of the caller, and a stack walk per lock
 * operation would cost a microsecond on the application's critical path.
 *
 * <p>A lock taken inside a reported barrier (a {@code CyclicBarrier} locks one) is part of that barrier
 * and not reported. A lock taken by tool code inside a callback (the print tool's {@code PrintStream} locks one on JDK
 * 21 and later) is not reported and leaves the thread's state alone.
 */
public final class LockHooks {
    static final AdapterHealth HEALTH = AdapterHealth.of("locks");

    private LockHooks() {
    }

    static long waitId(Object o) {
        return (System.identityHashCode(o) & 0xffff_ffffL) | (1L << 32);
    }

    /**
     * The calling thread, attached as {@code other} if it is new; {@code null} for a pool worker that is
     * not attached: one registering or deregistering itself (the pool locks its registration on JDK 17
     * and 21), which its own thread begin and end frame, or a virtual-thread carrier.
     */
    static OmptThread thread() {
        OmptThread t = OmptThreads.current();
        if (t != null || Thread.currentThread() instanceof ForkJoinWorkerThread) {
            return t;
        }
        return OmptRuntime.threadBegin(OmptThreadType.OTHER);
    }

    private static boolean isNest(Object lock) {
        return lock instanceof ReentrantLock || lock instanceof ReentrantReadWriteLock.WriteLock;
    }

    private static boolean heldByMe(Object lock) {
        return lock instanceof ReentrantLock ? ((ReentrantLock) lock).isHeldByCurrentThread()
                : lock instanceof ReentrantReadWriteLock.WriteLock
                        && ((ReentrantReadWriteLock.WriteLock) lock).isHeldByCurrentThread();
    }

    /**
     * Whether the thread may have to wait: the lock held (no permit left) as it reaches it, read through the
     * lock's public methods; true for the read and write locks of a {@code ReentrantReadWriteLock}, whose
     * state those views do not expose. A thread that finds the lock free and loses the race still blocks; a
     * tool then misses that wait (its time shows in the state, {@code wait_lock} while blocked).
     */
    private static boolean heldAtEntry(Object lock) {
        if (lock instanceof ReentrantLock) {
            return ((ReentrantLock) lock).isLocked();
        }
        if (lock instanceof Semaphore) {
            return ((Semaphore) lock).availablePermits() <= 0;
        }
        if (lock instanceof StampedLock) {
            StampedLock stamped = (StampedLock) lock;
            return stamped.isWriteLocked() || stamped.isReadLocked();
        }
        return true;
    }

    private static OmptMutexKind kind(Object lock) {
        return isNest(lock) ? OmptMutexKind.NEST_LOCK : OmptMutexKind.LOCK;
    }

    /** A {@code StampedLock}'s untimed {@code tryWriteLock()}/{@code tryReadLock()} returned {@code stamp}: non-zero took it. */
    public static void triedStamp(long stamp, Object lock) {
        if (stamp != 0 && HEALTH.active()) {
            try {
                OmptThread t = thread();
                if (t != null && !t.inTool() && t.synchronizerDepth() == 0) {
                    OmptRuntime.mutexTaken(t, OmptMutexKind.LOCK, waitId(lock), 0);
                }
            } catch (Throwable e) {
                HEALTH.failed("stamped lock try", e);
            }
        }
    }

    /**
     * A lock, lock-interruptibly or permit acquisition starts. Returns the wait ID if it was reported, its
     * negation for an owner's re-entry (reported when it returns), 0 if nothing was reported.
     */
    public static long acquireBegin(Object lock) {
        if (HEALTH.active()) {
            try {
                OmptThread t = thread();
                if (t == null || t.inTool() || t.synchronizerDepth() > 0) {
                    return 0;
                }
                long id = waitId(lock);
                if (heldByMe(lock)) {
                    return -id;
                }
                OmptMutexKind kind = kind(lock);
                OmptRuntime.mutexAcquireLate(t, kind, id, 0,
                        (kind == OmptMutexKind.NEST_LOCK ? OmptLockImpl.OMP_NEST_LOCK : OmptLockImpl.OMP_LOCK).code(), 0,
                        heldAtEntry(lock));
                return id;
            } catch (Throwable e) {
                HEALTH.failed("lock acquire", e);
            }
        }
        return 0;
    }

    /** The acquisition that {@link #acquireBegin} reported ({@code began}) ends, with {@code thrown} if it failed. */
    public static void acquireEnd(Throwable thrown, long began, Object lock) {
        ended(thrown == null, began, lock);
    }

    /** A timed {@code tryLock}/{@code tryAcquire} that began ({@link #acquireBegin}) returned {@code taken}, or threw. */
    public static void acquireTimedEnd(boolean taken, Throwable thrown, long began, Object lock) {
        ended(taken && thrown == null, began, lock);
    }

    /** A {@code StampedLock}'s timed {@code tryWriteLock}/{@code tryReadLock} returned {@code stamp} (0: not taken), or threw. */
    public static void acquireStampEnd(long stamp, Throwable thrown, long began, Object lock) {
        ended(stamp != 0 && thrown == null, began, lock);
    }

    /** The acquisition that began ends: the lock is {@code acquired}, or the thread gave up (timed out, interrupted). */
    private static void ended(boolean acquired, long began, Object lock) {
        if (began != 0 && HEALTH.enabled()) {
            try {
                OmptThread t = OmptThreads.current();
                if (began < 0) {
                    if (acquired) {
                        OmptRuntime.nestLockAcquiredNext(t, -began, 0);
                    }
                } else {
                    OmptRuntime.mutexAcquiredLate(t, kind(lock), began, acquired);
                }
            } catch (Throwable e) {
                HEALTH.failed("lock acquired", e);
            }
        }
    }

    /** {@code ReentrantLock.tryLock()} returned {@code taken}: an acquisition (or re-entry) without a wait. */
    public static void tried(boolean taken, Object lock) {
        if (taken && HEALTH.active()) {
            try {
                OmptThread t = thread();
                if (t == null || t.inTool() || t.synchronizerDepth() > 0) {
                    return;
                }
                long id = waitId(lock);
                if (((ReentrantLock) lock).getHoldCount() > 1) {
                    OmptRuntime.nestLockAcquiredNext(t, id, 0);
                } else {
                    OmptRuntime.mutexTaken(t, OmptMutexKind.NEST_LOCK, id, 0);
                }
            } catch (Throwable e) {
                HEALTH.failed("lock try", e);
            }
        }
    }

    /** A {@code StampedLock}'s {@code tryUnlockWrite()}/{@code tryUnlockRead()} returned {@code released}. */
    public static void releasedIf(boolean released, Object lock) {
        if (released) {
            released(lock);
        }
    }

    /** An unlock or permit release returned: the last release, or (a nest lock still held) the previous level. */
    public static void released(Object lock) {
        if (HEALTH.active()) {
            try {
                OmptThread t = thread();
                if (t == null || t.inTool() || t.synchronizerDepth() > 0) {
                    return;
                }
                long id = waitId(lock);
                if (heldByMe(lock)) {
                    OmptRuntime.nestLockReleasedPrev(t, id, 0);
                } else {
                    OmptRuntime.mutexReleased(t, kind(lock), id, 0);
                }
            } catch (Throwable e) {
                HEALTH.failed("lock release", e);
            }
        }
    }

    /** {@code AbstractQueuedSynchronizer}'s queueing {@code acquire}: the acquisition in progress blocks. */
    public static void blocked() {
        if (HEALTH.active()) {
            try {
                OmptThread t = OmptThreads.current();
                if (t != null) {
                    OmptRuntime.mutexBlocked(t);
                }
            } catch (Throwable e) {
                HEALTH.failed("lock blocked", e);
            }
        }
    }
}
