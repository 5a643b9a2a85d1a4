package io.github.ompt4j.omp;

/**
 * A simple lock ({@code omp_lock_t}): not re-entrant. {@link #set} by the owner, {@link #unset} by a
 * thread that does not own it, and any use after {@link #destroy} throw {@link IllegalStateException}
 * instead of deadlocking or corrupting the lock. Thread-safe.
 *
 * <p>Weave points: the constructor (init lock), {@link #acquire} (acquire and acquired), {@link #release}
 * (released, when it returns), {@link #destroy} (destroy lock).
 */
public final class OmpLock {
    private final Mutex mutex;
    private final LockHint hint;

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
        release();
    }

    /** {@code omp_test_lock}: takes the lock if it is free, without waiting. */
    public boolean test() {
        if (mutex.tryLock()) {
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

    /** Takes the mutex; the mutex looks for misuse only once it would have to wait. */
    private void acquire() {
        if (!mutex.lock()) {
            checkLive();
            throw new IllegalStateException("omp_set_lock by the thread that holds it would deadlock; "
                    + "use OmpNestLock to re-enter");
        }
    }

    /** Releases the mutex, or throws, releasing nothing, if the calling thread does not hold it. */
    private void release() {
        if (!mutex.unlockIfHeld()) {
            checkLive();
            throw new IllegalStateException("omp_unset_lock by a thread that does not hold the lock");
        }
    }

    private void checkLive() {
        if (mutex.isDestroyed()) {
            throw new IllegalStateException("lock used after omp_destroy_lock");
        }
    }
}
