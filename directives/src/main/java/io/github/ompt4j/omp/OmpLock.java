package io.github.ompt4j.omp;

/**
 * A simple lock ({@code omp_lock_t}): not re-entrant. {@link #set} by the owner, {@link #unset} by a
 * thread that does not own it, and any use after {@link #destroy} throw {@link IllegalStateException}
 * instead of deadlocking or corrupting the lock. Thread-safe.
 *
 * <p>Weave points: the constructor (init lock), {@link #acquire} (acquire and acquired), {@link #release}
 * (released), {@link #destroy} (destroy lock).
 */
public final class OmpLock {
    private final Mutex mutex;
    private final LockHint hint;
    /** Written only by the owner while it holds the lock: a thread reading itself here is the owner. */
    private Thread owner;

    /** {@code omp_init_lock}. */
    public OmpLock() {
        this(LockHint.NONE);
    }

    /** {@code omp_init_lock_with_hint}. */
    public OmpLock(LockHint hint) {
        this.hint = hint;
        this.mutex = new Mutex(hint);
    }

    public LockHint hint() {
        return hint;
    }

    /** {@code omp_set_lock}: waits until the lock is free and takes it. */
    public void set() {
        acquire();
    }

    /** {@code omp_unset_lock}: releases the lock, which the calling thread must hold. */
    public void unset() {
        if (owner != Thread.currentThread()) {
            throw new IllegalStateException("omp_unset_lock by a thread that does not hold the lock");
        }
        owner = null;
        release();
    }

    /** {@code omp_test_lock}: takes the lock if it is free, without waiting. */
    public boolean test() {
        if (mutex.tryLock()) {
            owner = Thread.currentThread();
            return true;
        }
        checkLive();
        return false;
    }

    /** {@code omp_destroy_lock}: the lock must not be held; any later use throws. */
    public void destroy() {
        checkLive();
        if (!mutex.destroy()) {
            throw new IllegalStateException("omp_destroy_lock on a lock that is held");
        }
    }

    /**
     * Takes the mutex; only before parking does it look for misuse, so that taking the lock reads
     * nothing that another thread writes.
     */
    private void acquire() {
        Thread me = Thread.currentThread();
        if (!mutex.tryLock() && !mutex.spinFor()) {
            if (owner == me) {
                throw new IllegalStateException("omp_set_lock by the thread that holds it would deadlock; "
                        + "use OmpNestLock to re-enter");
            }
            checkLive();
            mutex.lockQueued();
        }
        owner = me;
    }

    private void release() {
        mutex.unlock();
    }

    private void checkLive() {
        if (mutex.isDestroyed()) {
            throw new IllegalStateException("lock used after omp_destroy_lock");
        }
    }
}
