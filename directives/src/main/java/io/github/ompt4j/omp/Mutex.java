package io.github.ompt4j.omp;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The mutual exclusion under every lock-like construct, built like a futex mutex: the state is 0 (free),
 * 1 (held) or 2 (held, and someone may be parked). Taking it is one CAS; a waiter spins for a while (as
 * the wait policy and the hint allow), then registers, swaps in 2 and parks; releasing is one exchange,
 * and only a release that swapped out 2 looks for a thread to unpark. Not re-entrant, not fair: a
 * releasing thread does not hand the lock over, so a running thread may take it again at once, which is
 * what keeps contended throughput high.
 *
 * <p>It knows its owner, to diagnose a thread that would wait for itself: {@link #owner} is written by
 * the thread that took the mutex, after taking it, and cleared before releasing it. A plain field is
 * enough, because a thread only ever compares it with itself, and only its own writes can make it so;
 * and it is read only once spinning has failed, so that taking a free mutex reads nothing another thread
 * writes.
 */
final class Mutex {
    private static final int CONTENDED_SPINS = 4096;
    private static final int DEFAULT_SPINS = 512;
    private static final int FREE = 0;
    private static final int HELD = 1;
    private static final int HELD_WITH_WAITERS = 2;
    /** The state of a destroyed lock: no CAS from FREE can take it. */
    private static final int DESTROYED = -1;
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(Mutex.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final AtomicLong IDS = new AtomicLong();

    /** Identifies the lock (in diagnostics, and as the wait ID tools see); unique, from 1. */
    final long id = IDS.incrementAndGet();
    private final int spins;
    private volatile int state;
    private Thread owner;
    /** Threads that gave up spinning; the first is unparked at each release that finds waiters. */
    private final ConcurrentLinkedQueue<Thread> parked = new ConcurrentLinkedQueue<>();

    Mutex(LockHint hint) {
        spins = hint == LockHint.CONTENDED ? CONTENDED_SPINS : hint == LockHint.UNCONTENDED ? 16 : DEFAULT_SPINS;
    }

    boolean tryLock() {
        if (STATE.compareAndSet(this, FREE, HELD)) {
            owner = Thread.currentThread();
            return true;
        }
        return false;
    }

    /**
     * Takes the mutex, waiting as the hint and the wait policy say; false, without taking it, if the wait
     * could never end: the calling thread holds the mutex, or it was destroyed.
     */
    boolean lock() {
        if (tryLock()) {
            return true;
        }
        Thread me = Thread.currentThread();
        if (!spinFor()) {
            if (owner == me || state == DESTROYED) {
                return false;
            }
            lockQueued();
        }
        owner = me;
        return true;
    }

    /** True if the calling thread holds the mutex. */
    boolean isHeldByCurrentThread() {
        return owner == Thread.currentThread();
    }

    /**
     * Spins for the mutex, within the hint's and the wait policy's limit; true if it took it (the caller
     * records itself as the owner). Exponential backoff after each lost race: fewer cache-line transfers
     * away from the owner, which keeps the lock's throughput up under contention.
     */
    private boolean spinFor() {
        int limit = Math.min(spins, Spin.limit());
        int backoff = 1;
        for (int i = 0; i < limit; i += backoff) {
            for (int k = 0; k < backoff; k++) {
                Thread.onSpinWait();
            }
            if (state == FREE) {
                if (STATE.compareAndSet(this, FREE, HELD)) {
                    return true;
                }
                backoff = Math.min(backoff * 2, 64);
            }
        }
        return false;
    }

    /**
     * Parks until the mutex is free. Registering before the exchange guarantees that a release which
     * sees {@code HELD_WITH_WAITERS} finds this thread in the queue.
     */
    private void lockQueued() {
        Thread me = Thread.currentThread();
        parked.add(me);
        try {
            while ((int) STATE.getAndSet(this, HELD_WITH_WAITERS) != FREE) {
                LockSupport.park(this);
            }
        } finally {
            parked.remove(me);
        }
    }

    void unlock() {
        owner = null;
        if ((int) STATE.getAndSet(this, FREE) == HELD_WITH_WAITERS) {
            Thread next = parked.peek();
            if (next != null) {
                LockSupport.unpark(next);
            }
        }
    }

    /**
     * Weave point (read): whether the mutex is held, as a thread arrives at it; the Collector API reports a
     * lock wait only when it was.
     */
    boolean isLocked() {
        return state > 0;
    }

    /** Makes a free mutex unusable; false if it is held or already destroyed. */
    boolean destroy() {
        return STATE.compareAndSet(this, FREE, DESTROYED);
    }

    boolean isDestroyed() {
        return state == DESTROYED;
    }
}
