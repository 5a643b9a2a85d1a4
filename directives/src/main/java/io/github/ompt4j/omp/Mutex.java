package io.github.ompt4j.omp;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The mutual exclusion under every lock-like construct, built like a futex mutex whose word names its
 * owner (as an error-checking pthread mutex's does): the word is 0 when free, and otherwise the owner's
 * thread ID (plus one) shifted left, with the low bit set once someone may be parked. Taking it is one CAS;
 * releasing it is one exchange, and only a release that swapped out the low bit looks for a thread to
 * unpark. Not re-entrant, not fair: a releasing thread does not hand the lock over, so a running thread
 * may take it again at once, which is what keeps contended throughput high.
 *
 * <p>The owner lives in the word, not in a field beside it, because a second store to the contended cache
 * line on each release costs a transfer of that line whenever the waiter has read it meanwhile: with two
 * threads on different cores hammering one critical section, the owner field made it cost twice libgomp's.
 *
 * <p>A waiter spins, looking at the word less and less often, then parks. It spins as long as the wait
 * policy lets any wait spin (unless the mutex is hinted uncontended): the owner of a hammered mutex takes
 * it again at once, so a waiter may wait through many holds, and once it has parked every release costs
 * the owner an unpark. With two threads on one lock, parking after 12 µs of spinning made the lock twice
 * as expensive (45–57 ns over the critical section's work against 20–30 with the policy's limit).
 */
final class Mutex {
    /**
     * Pauses between two looks at most: about 0.4 µs at the 24 ns a {@code PAUSE} takes on our machines. The
     * first looks come after 1, 2, 4 and 8 pauses, so a short wait ends as soon as it would with a look at
     * every pause; only a waiter that has already waited about 0.36 µs, in a mutex whose owner keeps taking
     * it again, looks this rarely, and each look it saves is a transfer of the word's line that the owner
     * does not wait for. With two threads hammering one lock (EPCC's LOCK), a lock and release cost about
     * half what they cost with looks at most 4 pauses apart (the directives README has the runs).
     */
    private static final int MAX_BACKOFF = 16;
    /** The spins of a mutex hinted uncontended: it parks almost at once. */
    private static final int UNCONTENDED_SPINS = 16;
    private static final long FREE = 0;
    /** The low bit: a thread may be parked, so the release must look for it. */
    private static final long WAITERS = 1;
    /** The word of a destroyed lock: no CAS from FREE can take it, and it names no thread. */
    private static final long DESTROYED = -1;
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(Mutex.class, "state", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final AtomicLong IDS = new AtomicLong();

    /** Identifies the lock (in diagnostics, and as the wait ID tools see); unique, from 1. */
    final long id = IDS.incrementAndGet();
    private final int spins;
    private volatile long state;
    /** Threads that gave up spinning; the first is unparked at each release that finds waiters. */
    private final ConcurrentLinkedQueue<Thread> parked = new ConcurrentLinkedQueue<>();

    Mutex(LockHint hint) {
        spins = hint == LockHint.UNCONTENDED ? UNCONTENDED_SPINS : Integer.MAX_VALUE;
    }

    /** The word that names the calling thread as the owner, without waiters; never FREE, even for ID 0. */
    private static long mine() {
        return (Thread.currentThread().getId() + 1) << 1;
    }

    boolean tryLock() {
        return STATE.compareAndSet(this, FREE, mine());
    }

    /**
     * Takes the mutex, waiting as the hint and the wait policy say; false, without taking it, if the wait
     * could never end: the calling thread holds the mutex, or it was destroyed.
     */
    boolean lock() {
        long me = mine();
        if (STATE.compareAndSet(this, FREE, me) || spinFor(me)) {
            return true;
        }
        long word = state;
        if ((word & ~WAITERS) == me || word == DESTROYED) {
            return false;
        }
        return lockQueued(me);
    }

    /** True if the calling thread holds the mutex. */
    boolean isHeldByCurrentThread() {
        return (state & ~WAITERS) == mine();
    }

    /**
     * Weave point: the acquisition blocks, its fast path's compare-and-set having failed. Spins within the
     * hint's and the wait policy's limit; true if it took the mutex. Each look that does
     * not take it doubles the pause before the next, up to {@link #MAX_BACKOFF}: each look pulls the word's
     * cache line away from the owner, which must get it back to release.
     */
    private boolean spinFor(long me) {
        int limit = Math.min(spins, Spin.limit());
        int backoff = 1;
        for (int i = 0; i < limit; i += backoff) {
            for (int k = 0; k < backoff; k++) {
                Spin.spin(i + k);
            }
            if (state == FREE && STATE.compareAndSet(this, FREE, me)) {
                return true;
            }
            backoff = Math.min(backoff * 2, MAX_BACKOFF);
        }
        return false;
    }

    /**
     * Parks until the mutex is free, then takes it with the waiters bit set (others may still be parked);
     * false if it was destroyed meanwhile. Registering before setting the bit guarantees that the release
     * which sees the bit finds a thread in the queue. Not interruptible ({@link Spin#parkInterruptAside}).
     */
    private boolean lockQueued(long me) {
        Thread thread = Thread.currentThread();
        boolean interrupted = false;
        parked.add(thread);
        try {
            while (true) {
                long word = state;
                if (word == FREE) {
                    if (STATE.compareAndSet(this, FREE, me | WAITERS)) {
                        return true;
                    }
                } else if (word == DESTROYED) {
                    return false;
                } else if ((word & WAITERS) != 0 || STATE.compareAndSet(this, word, word | WAITERS)) {
                    interrupted |= Spin.parkInterruptAside(this, 0);
                }
            }
        } finally {
            parked.remove(thread);
            if (interrupted) {
                thread.interrupt();
            }
        }
    }

    void unlock() {
        if (((long) STATE.getAndSet(this, FREE) & WAITERS) != 0) {
            Thread next = parked.peek();
            if (next != null) {
                LockSupport.unpark(next);
            }
        }
    }

    /**
     * Releases the mutex if the calling thread holds it, false (changing nothing) if it does not: the owner
     * check and the release in one compare-and-exchange on the common path, where a check first would read
     * the contended word once more. Only the owner changes a held word's owner bits; others only add the
     * waiters bit, after which the release goes as {@link #unlock} does.
     */
    boolean unlockIfHeld() {
        long me = mine();
        long word = (long) STATE.compareAndExchange(this, me, FREE);
        if (word == me) {
            return true;
        }
        if ((word & ~WAITERS) != me) {
            return false;
        }
        unlock();
        return true;
    }

    /** Makes a free mutex unusable; false if it is held or already destroyed. */
    boolean destroy() {
        return STATE.compareAndSet(this, FREE, DESTROYED);
    }

    boolean isDestroyed() {
        return state == DESTROYED;
    }
}
