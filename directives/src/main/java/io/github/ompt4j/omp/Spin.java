package io.github.ompt4j.omp;

import java.util.concurrent.locks.LockSupport;

/**
 * The wait policy as arithmetic on a spin counter. A wait spins ({@link Thread#onSpinWait}) up to a
 * limit, then yields a few times, then parks. The limit depends on the policy and on whether the
 * runtime's busy threads outnumber the processors: a spinning thread then only delays the thread it
 * waits for, so it gives the processor up almost at once.
 *
 * <p>Waits that know who will wake them (barriers, the worker dock) park until unparked; polling waits
 * (ordered, taskwait, work-share slots) park for {@link #POLL_NANOS} and look again. Barriers and
 * mutexes put a pending interrupt aside while they park and restore it when the wait is over.
 */
final class Spin {
    /** About a millisecond of {@code PAUSE} instructions: longer than the gap between typical constructs. */
    private static final int DEDICATED_SPINS = 1 << 14;
    private static final int OVERSUBSCRIBED_SPINS = 64;
    private static final int PASSIVE_SPINS = 16;
    private static final int YIELDS = 8;
    static final long POLL_NANOS = 20_000;
    private static final int PROCESSORS = Runtime.getRuntime().availableProcessors();

    private Spin() {
    }

    /** The spin limit for a wait that starts now. */
    static int limit() {
        WaitPolicy policy = Icvs.global().waitPolicy();
        if (policy == WaitPolicy.PASSIVE) {
            return PASSIVE_SPINS;
        }
        if (ThreadPool.busyThreads() > PROCESSORS) {
            return OVERSUBSCRIBED_SPINS;
        }
        return policy == WaitPolicy.ACTIVE ? Integer.MAX_VALUE - YIELDS : DEDICATED_SPINS;
    }

    /** True once a wait that has paused {@code n} times should park (never under the active policy). */
    static boolean shouldPark(int n, int limit) {
        return n >= limit + YIELDS && Icvs.global().waitPolicy() != WaitPolicy.ACTIVE;
    }

    /** One step of a polling wait; returns the new count. */
    static int pause(int n, int limit) {
        if (n < limit) {
            Thread.onSpinWait();
        } else if (n < limit + YIELDS || Icvs.global().waitPolicy() == WaitPolicy.ACTIVE) {
            Thread.yield();
        } else {
            LockSupport.parkNanos(POLL_NANOS);
        }
        return n + 1;
    }

    /**
     * Parks as {@link LockSupport#park(Object)} does, even with an interrupt pending; true if one was (or
     * came while parked), which the caller restores once its wait is over. The library's waits are not
     * interruptible (OpenMP's are not), and a pending interrupt makes a park return at once: a thread whose
     * body interrupted it would spin through the wait. Restoring after each park would not do, since
     * {@code Thread.interrupt} also gives the thread the permit that makes its next park return.
     */
    static boolean parkInterruptAside(Object blocker) {
        boolean interrupted = Thread.interrupted();
        LockSupport.park(blocker);
        return Thread.interrupted() || interrupted;
    }
}
