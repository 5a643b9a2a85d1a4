package io.github.ompt4j.hooks.locks;

import static io.github.ompt4j.hooks.locks.Locks.HEALTH;
import static io.github.ompt4j.hooks.locks.Locks.reporting;
import static io.github.ompt4j.hooks.locks.Locks.waitId;

import io.github.ompt4j.model.OmptLockImpl;
import io.github.ompt4j.model.OmptMutexKind;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreads;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;

/**
 * The hooks of {@code java.util.concurrent}'s locks: {@code ReentrantLock} and a
 * {@code ReentrantReadWriteLock}'s write lock are nest locks (a re-entry is {@code acquired_nest_lock_next},
 * an unlock that still holds is {@code release_nest_lock_prev}); a read lock, a {@code Semaphore} permit
 * and either mode of a {@code StampedLock} are locks.
 *
 * <p><b>Waits</b> are reported late ({@link OmptRuntime#mutexAcquireLate}): the state becomes {@code wait_lock},
 * and the {@code wait_*} event comes, contended, only if the thread blocks: when the lock's fast path fails
 * and the thread enters {@code AbstractQueuedSynchronizer}'s (or, for a {@code ReentrantReadWriteLock} from
 * JDK 25 on, {@code AbstractQueuedLongSynchronizer}'s) queueing {@code acquire} (a {@code StampedLock}'s
 * {@code acquireWrite} or {@code acquireRead}). A lock taken at once never shows a wait, and its
 * {@code wait_*} event comes just before its {@code acquired_*}. Contention is therefore what the thread met
 * (one that finds the lock free and loses the race to it reports its wait), and nothing touches the lock's
 * state ahead of the fast path's compare-and-set.
 *
 * <p><b>Releases</b> are reported as the releasing method starts, while the thread still holds what it
 * releases, and only if the release will succeed (the thread holds the lock, the stamp is current): so a
 * release is never reported after the next holder's acquisition, nor for a call that throws.
 *
 * <p><b>Owners.</b> A nest lock and a read lock are released by the thread that holds them, which records
 * their holds ({@link OmptThread#holds}); a permit or a stamp may be returned by any thread, so nothing is
 * recorded for it and it is reported with no holder. A {@code Semaphore}'s acquisition of any number of
 * permits ({@code acquire(n)}, {@code tryAcquire(n)}, {@code drainPermits()} that took some) is one
 * acquisition, and {@code release(n)} one release, of an acquisition still outstanding: a semaphore counts them
 * ({@link Acquisitions}), and a release when none is (permits handed out that nobody took, as a semaphore
 * made with none signals) reports nothing.

 *
 * <p><b>IDs and call sites.</b> A lock's wait ID is the identity hash of its synchronizer with bit 32 set
 * (non-zero; two live locks may share one, rarely): for a {@code ReentrantLock} and a
 * {@code ReentrantReadWriteLock}'s views their synchronizer (which their conditions
 * name, and which both views of a read-write lock share), else the lock itself. Lock operations report no
 * call site ({@code codeptr_ra} 0): a lock is used from many places, so its class says nothing of the
 * caller, and a stack walk per lock operation would cost a microsecond on the application's critical path.
 *
 * <p>A lock taken inside a reported barrier (a {@code CyclicBarrier} locks one) is part of that barrier
 * and not reported, nor are the locks a {@code ForkJoinPool} takes for itself ({@link PoolLockHooks}). A
 * lock taken by tool code inside a callback (the print tool's {@code PrintStream} locks one on JDK 21 and
 * later) is not reported and leaves the thread's state alone.
 */
public final class LockHooks {
    /** The field the weaving adds to {@code Semaphore}: its acquisitions reported and not yet released ({@link Acquisitions}). */
    public static final String ACQUISITIONS_FIELD = "ompt$acquisitions";

    private LockHooks() {
    }

    private static boolean isNest(Object lock) {
        return lock instanceof ReentrantLock || owned(lock) && lock instanceof ReentrantReadWriteLock.WriteLock;
    }

    /**
     * Whether only the thread that acquired {@code lock} may release it: all but permits and stamps, which are the
     * woven locks that are no {@link Lock}. The type tests here ask {@code Lock} before {@code Semaphore},
     * {@code StampedLock} or a read-write lock's views, because {@code instanceof} loads the class it names: a
     * test for {@code Semaphore} at a {@code ReentrantReadWriteLock} loaded and wove a class the program never
     * used (two weavings at exit, some 17 ms, wherever the JDK took a read lock).
     */
    private static boolean owned(Object lock) {
        return lock instanceof Lock;
    }

    private static boolean isSemaphore(Object lock) {
        return !owned(lock) && lock instanceof Semaphore;
    }

    private static boolean heldByMe(Object lock) {
        return lock instanceof ReentrantLock ? ((ReentrantLock) lock).isHeldByCurrentThread()
                : isNest(lock) && ((ReentrantReadWriteLock.WriteLock) lock).isHeldByCurrentThread();
    }

    /** How often the calling thread holds the nest lock {@code lock}. */
    private static int holdCount(Object lock) {
        return lock instanceof ReentrantLock ? ((ReentrantLock) lock).getHoldCount()
                : ((ReentrantReadWriteLock.WriteLock) lock).getHoldCount();
    }

    private static OmptMutexKind kind(Object lock) {
        return isNest(lock) ? OmptMutexKind.NEST_LOCK : OmptMutexKind.LOCK;
    }

    /**
     * A lock, lock-interruptibly or permit acquisition of {@code lock}, whose synchronizer is {@code sync},
     * starts. Returns the wait ID if it was reported, its negation for an owner's re-entry (reported when
     * it returns), 0 if nothing was reported.
     */
    public static long acquireBegin(Object lock, Object sync) {
        if (HEALTH.active()) {
            OmptThread t = reporting();
            if (t == null) {
                return 0;
            }
            long id = waitId(sync);
            if (heldByMe(lock)) {
                return -id;
            }
            OmptMutexKind kind = kind(lock);
            OmptRuntime.mutexAcquireLate(t, kind, id, 0,
                    (kind == OmptMutexKind.NEST_LOCK ? OmptLockImpl.OMP_NEST_LOCK : OmptLockImpl.OMP_LOCK).code(), 0);
            return id;
        }
        return 0;
    }

    /**
     * A {@code Semaphore}'s count of its acquisitions that were reported and that no reported release has returned
     * yet, in the field the weaving adds to it: a release is reported only if it can take one back, so a release
     * that hands out a permit no acquisition took (a semaphore made with none, used as a signal) is no mutex
     * release. One {@code int} a semaphore, changed by compare-and-set, whatever thread acquires or releases.
     * A semaphore loaded before the agent came (an attach) has no such field, and its permits are not reported.
     * A holder class: its handle is looked up when a semaphore's hook first runs, {@code Semaphore} loaded and woven.
     */
    private static final class Acquisitions {
        /** The field's handle; null if {@code Semaphore} has no such field. */
        static final VarHandle HANDLE = lookup();

        private static VarHandle lookup() {
            try {
                return MethodHandles.publicLookup().findVarHandle(Semaphore.class, ACQUISITIONS_FIELD, int.class);
            } catch (NoSuchFieldException e) {
                return null;
            } catch (IllegalAccessException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        /** An acquisition of {@code semaphore} was reported. */
        static void acquired(Object semaphore) {
            HANDLE.getAndAdd(semaphore, 1);
        }

        /** Takes back one reported acquisition of {@code semaphore} for a release to report: false if none is left. */
        static boolean release(Object semaphore) {
            for (int n = (int) HANDLE.getVolatile(semaphore); n > 0; n = (int) HANDLE.getVolatile(semaphore)) {
                if (HANDLE.compareAndSet(semaphore, n, n - 1)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** {@code Semaphore.acquire(permits)} and its forms start: one acquisition, none for no permits. */
    public static long acquirePermitsBegin(int permits, Object semaphore) {
        return permits > 0 && Acquisitions.HANDLE != null ? acquireBegin(semaphore, semaphore) : 0;
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
            OmptThread t = OmptThreads.current();
            if (began < 0) {
                if (acquired) {
                    OmptRuntime.nestLockAcquiredNext(t, -began, 0);
                }
            } else {
                OmptRuntime.mutexAcquiredLate(t, kind(lock), began, acquired, owned(lock));
                if (acquired && isSemaphore(lock)) {
                    Acquisitions.acquired(lock);
                }
            }
        }
    }

    /**
     * An untimed {@code tryLock()} or {@code tryAcquire()} of {@code lock} (synchronizer {@code sync})
     * returned {@code taken}: an acquisition (or a nest lock's re-entry) without a wait.
     */
    public static void tried(boolean taken, Object lock, Object sync) {
        if (taken && HEALTH.active()) {
            OmptThread t = reporting();
            if (t == null) {
                return;
            }
            long id = waitId(sync);
            if (isNest(lock) && holdCount(lock) > 1) {
                OmptRuntime.nestLockAcquiredNext(t, id, 0);
            } else {
                OmptRuntime.mutexTaken(t, kind(lock), id, 0, owned(lock));
                if (isSemaphore(lock)) {
                    Acquisitions.acquired(lock);
                }
            }
        }
    }

    /** {@code Semaphore.tryAcquire(permits)} (or {@code tryAcquire()}, one) returned {@code taken}: one acquisition, none for no permits. */
    public static void triedPermits(boolean taken, int permits, Object semaphore) {
        tried(taken && permits > 0 && Acquisitions.HANDLE != null, semaphore, semaphore);
    }

    /** {@code Semaphore.drainPermits()} took {@code permits}: one acquisition if it took any. */
    public static void drained(int permits, Object semaphore) {
        triedPermits(permits > 0, 1, semaphore);
    }

    /** A {@code StampedLock}'s untimed {@code tryWriteLock()}/{@code tryReadLock()} returned {@code stamp}: non-zero took it. */
    public static void triedStamp(long stamp, Object lock) {
        tried(stamp != 0, lock, lock);
    }

    /**
     * {@code StampedLock.tryConvertToWriteLock(from)} or {@code tryConvertToReadLock(from)} returned
     * {@code stamp}: converting an optimistic read, which held nothing, takes the lock; converting between
     * the write and read modes keeps it held, and reports nothing.
     */
    public static void converted(long stamp, long from, Object lock) {
        tried(stamp != 0 && StampedLock.isOptimisticReadStamp(from), lock, lock);
    }

    /**
     * {@code lock} (synchronizer {@code sync}), which the thread holds {@code holds} times (its permits to
     * return, for a {@code Semaphore}), is about to be released: the last release, or (a nest lock still
     * held after it) the previous level. Nothing if it holds none: the release will throw.
     */
    public static void releasing(int holds, Object lock, Object sync) {
        if (holds > 0 && HEALTH.active()) {
            OmptThread t = reporting();
            if (t == null) {
                return;
            }
            long id = waitId(sync);
            OmptMutexKind kind = kind(lock);
            if (kind == OmptMutexKind.NEST_LOCK && holds > 1) {
                OmptRuntime.nestLockReleasedPrev(t, id, 0);
            } else {
                OmptRuntime.mutexReleased(t, kind, id, 0);
            }
        }
    }

    /**
     * {@code Semaphore.release(permits)} (or {@code release()}, one) is about to run: the release of an acquisition
     * that is outstanding ({@link Acquisitions}), if there is one; else it hands out permits that no acquisition
     * took, and reports nothing. None for no permits.
     */
    public static void releasingPermits(int permits, Object semaphore) {
        if (permits > 0 && HEALTH.active()) {
            OmptThread t = reporting();
            if (t != null && Acquisitions.HANDLE != null && Acquisitions.release(semaphore)) {
                OmptRuntime.mutexReleased(t, OmptMutexKind.LOCK, waitId(semaphore), 0);
            }
        }
    }

    /** {@link #releasingStamp}'s {@code modes}: the write mode, the read mode, either. */
    public static final int WRITE_STAMP = 1;

    public static final int READ_STAMP = 2;

    public static final int ANY_STAMP = WRITE_STAMP | READ_STAMP;

    /**
     * {@code stamp} of {@code lock} is about to be released by a method that releases {@code modes}
     * ({@code unlockWrite} the write mode, {@code unlockRead} the read mode, both of which {@code unlock} calls;
     * {@code tryConvertToOptimisticRead} either): a release if the stamp holds the lock now in one of those modes.
     * An optimistic or stale stamp, or one of the other mode (which the method refuses with an exception),
     * releases nothing.
     */
    public static void releasingStamp(long stamp, int modes, Object lock) {
        StampedLock stamped = (StampedLock) lock;
        boolean write = (modes & WRITE_STAMP) != 0 && StampedLock.isWriteLockStamp(stamp) && stamped.isWriteLocked();
        boolean read = (modes & READ_STAMP) != 0 && StampedLock.isReadLockStamp(stamp) && stamped.isReadLocked();
        releasing((write || read) && stamped.validate(stamp) ? 1 : 0, lock, lock);
    }

    /**
     * A {@code StampedLock}'s unstamped release of a mode ({@code tryUnlockWrite}, {@code tryUnlockRead},
     * the views' {@code unlock}) is about to run, {@code locked} in that mode: a release if it is.
     */
    public static void releasingMode(boolean locked, Object lock) {
        releasing(locked ? 1 : 0, lock, lock);
    }
}
