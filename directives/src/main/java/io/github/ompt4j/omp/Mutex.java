package io.github.ompt4j.omp;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;

/**
 * The mutual exclusion under every lock-like construct: a test-and-test-and-set lock that spins for a
 * while (as the wait policy and the hint allow) and then queues and parks in an
 * {@link AbstractQueuedSynchronizer}. Not re-entrant, not fair: a releasing thread does not hand the lock
 * over, so a running thread may take it again at once, which is what keeps contended throughput high.
 */
final class Mutex extends AbstractQueuedSynchronizer {
    private static final long serialVersionUID = 1L;
    private static final int CONTENDED_SPINS = 4096;
    private static final int DEFAULT_SPINS = 512;
    /** The state of a destroyed lock: no CAS from 0 can take it. */
    private static final int DESTROYED = -1;

    private static final AtomicLong IDS = new AtomicLong();

    /** Identifies the lock (in diagnostics, and as the wait ID tools see); unique, from 1. */
    final long id = IDS.incrementAndGet();
    private final int spins;

    Mutex(LockHint hint) {
        spins = hint == LockHint.CONTENDED ? CONTENDED_SPINS : hint == LockHint.UNCONTENDED ? 16 : DEFAULT_SPINS;
    }

    boolean tryLock() {
        return compareAndSetState(0, 1);
    }

    void lock() {
        if (!compareAndSetState(0, 1) && !spinFor()) {
            lockQueued();
        }
    }

    /**
     * Spins for the mutex, within the hint's and the wait policy's limit; true if it took it. Exponential
     * backoff after each lost race: fewer cache-line transfers away from the owner, which keeps the
     * lock's throughput up under contention.
     */
    boolean spinFor() {
        int limit = Math.min(spins, Spin.limit());
        int backoff = 1;
        for (int i = 0; i < limit; i += backoff) {
            for (int k = 0; k < backoff; k++) {
                Thread.onSpinWait();
            }
            if (getState() == 0) {
                if (compareAndSetState(0, 1)) {
                    return true;
                }
                backoff = Math.min(backoff * 2, 64);
            }
        }
        return false;
    }

    /** Queues and parks until the mutex is free. */
    void lockQueued() {
        acquire(1);
    }

    void unlock() {
        release(1);
    }

    boolean isLocked() {
        return getState() > 0;
    }

    /** Makes a free mutex unusable; false if it is held or already destroyed. */
    boolean destroy() {
        return compareAndSetState(0, DESTROYED);
    }

    boolean isDestroyed() {
        return getState() == DESTROYED;
    }

    @Override
    protected boolean tryAcquire(int ignored) {
        return compareAndSetState(0, 1);
    }

    @Override
    protected boolean tryRelease(int ignored) {
        setState(0);
        return true;
    }
}
