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
        if (compareAndSetState(0, 1)) {
            return;
        }
        int limit = Math.min(spins, Spin.limit());
        for (int i = 0; i < limit; i++) {
            Thread.onSpinWait();
            if (getState() == 0 && compareAndSetState(0, 1)) {
                return;
            }
        }
        acquire(1);
    }

    void unlock() {
        release(1);
    }

    boolean isLocked() {
        return getState() != 0;
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
