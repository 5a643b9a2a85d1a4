package io.github.ompt4j.omp;

/**
 * A nestable lock ({@code omp_nest_lock_t}): the owner may set it again; it is free when the owner has
 * unset it as many times. Thread-safe.
 *
 * <p>Weave points: the constructor (init nest lock), {@link #acquireFirst} (acquire and acquired, first
 * level), {@link #set} and {@link #unset} with {@link #nesting} for the next and previous levels,
 * {@link #releaseLast} (released, last level), {@link #destroy}.
 */
public final class OmpNestLock {
    private final Mutex mutex;
    private final LockHint hint;
    /** Written only by the owner while it holds the lock. */
    private int nesting;

    /** {@code omp_init_nest_lock}. */
    public OmpNestLock() {
        this(LockHint.NONE);
    }

    /** {@code omp_init_nest_lock_with_hint}. */
    public OmpNestLock(LockHint hint) {
        this.hint = hint;
        this.mutex = new Mutex(hint);
    }

    public LockHint hint() {
        return hint;
    }

    /** {@code omp_set_nest_lock}: takes the lock, or increments the nesting count of its owner. */
    public void set() {
        checkLive();
        if (!mutex.isHeldByCurrentThread()) {
            acquireFirst();
        }
        nesting++;
    }

    /** {@code omp_unset_nest_lock}: decrements the nesting count; releases the lock at zero. */
    public void unset() {
        if (!mutex.isHeldByCurrentThread()) {
            checkLive();
            throw new IllegalStateException("omp_unset_nest_lock by a thread that does not hold the lock");
        }
        if (--nesting == 0) {
            releaseLast();
        }
    }

    /** {@code omp_test_nest_lock}: the new nesting count if the lock was free or owned, else 0. */
    public int test() {
        checkLive();
        if (!mutex.isHeldByCurrentThread() && !mutex.tryLock()) {
            return 0;
        }
        return ++nesting;
    }

    /** The calling thread's nesting count: 0 unless it owns the lock. */
    public int nesting() {
        return mutex.isHeldByCurrentThread() ? nesting : 0;
    }

    /** {@code omp_destroy_nest_lock}: the lock must not be held; any later use throws. */
    public void destroy() {
        checkLive();
        if (!mutex.destroy()) {
            throw new IllegalStateException("omp_destroy_nest_lock on a lock that is held");
        }
    }

    private void acquireFirst() {
        if (!mutex.lock()) {
            // The caller does not hold it, so the lock was destroyed meanwhile.
            checkLive();
        }
    }

    private void releaseLast() {
        mutex.unlock();
    }

    private void checkLive() {
        if (mutex.isDestroyed()) {
            throw new IllegalStateException("nest lock used after omp_destroy_nest_lock");
        }
    }
}
