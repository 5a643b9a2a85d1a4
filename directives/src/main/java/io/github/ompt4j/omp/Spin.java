package io.github.ompt4j.omp;

import java.util.concurrent.locks.LockSupport;

/**
 * The wait policy as arithmetic on a spin counter. A wait spins ({@link Thread#onSpinWait}, and a yield
 * every {@link #PAUSES_PER_YIELD} pauses) up to a limit, then yields a few times, then parks. The limit
 * depends on the policy and on whether the runtime's busy threads outnumber the processors: a spinning
 * thread then only delays the thread it waits for, so it gives the processor up almost at once.
 *
 * <p>Waits that know who will wake them (barriers, the worker dock) park until unparked; polling waits
 * (ordered, taskwait, work-share slots) park for {@link #POLL_NANOS} and look again. A pending interrupt
 * is put aside while a wait parks and restored when the wait is over, but for the worker dock, which
 * discards interrupts between regions, and the encountering thread's wait for its workers after a failure.
 */
final class Spin {
    /** About a millisecond of {@code PAUSE} instructions: longer than the gap between typical constructs. */
    private static final int DEDICATED_SPINS = 1 << 14;
    private static final int OVERSUBSCRIBED_SPINS = 64;
    private static final int PASSIVE_SPINS = 16;
    private static final int YIELDS = 8;
    static final long POLL_NANOS = 20_000;
    private static final int PROCESSORS = Runtime.getRuntime().availableProcessors();
    /**
     * A spinning wait yields once every this many pauses (about 1.5 µs; a yield with nothing else to run
     * returns in a fraction of that, and a barrier on an idle machine waits less). When another process
     * takes a core, the kernel may put a team's threads together on another, and it kept them there once
     * it had (on this 2-core VM, two threads waking each other with one busy process beside them): a waiter
     * that only paused then held the core the thread it waited for needed, for its whole spin (0.4 ms),
     * wait after wait. See the directives README on barrier episodes.
     */
    static final int PAUSES_PER_YIELD = 64;

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

    /** Whether the {@code n}-th pause of a spinning wait is a yield. */
    static boolean yieldsAt(int n) {
        return n % PAUSES_PER_YIELD == PAUSES_PER_YIELD - 1;
    }

    /** The {@code n}-th pause of a spinning wait, below its spin limit. */
    static void spin(int n) {
        if (yieldsAt(n)) {
            Thread.yield();
        } else {
            Thread.onSpinWait();
        }
    }

    /**
     * One step of a polling wait; returns the new count. An interrupt pending when it parks is put aside in
     * {@code ts} ({@link ThreadState#restoreInterrupt} ends the wait); with no {@code ts} (the worker dock,
     * which discards interrupts, and the wait for workers after a failure), a pending interrupt makes the
     * park return at once.
     */
    static int pause(ThreadState ts, int n, int limit) {
        if (n < limit) {
            spin(n);
        } else if (n < limit + YIELDS || Icvs.global().waitPolicy() == WaitPolicy.ACTIVE) {
            Thread.yield();
        } else if (ts == null) {
            LockSupport.parkNanos(POLL_NANOS);
        } else {
            ts.interruptAside |= parkInterruptAside(null, POLL_NANOS);
        }
        return n + 1;
    }

    /**
     * Parks as {@link LockSupport#park(Object)} does (for {@code nanos} if not 0), even with an interrupt
     * pending; true if one was (or came while parked), which the caller restores once its wait is over. The
     * library's waits are not interruptible (OpenMP's are not), and a pending interrupt makes a park return
     * at once: a thread whose body interrupted it would spin through the wait. Restoring after each park
     * would not do, since {@code Thread.interrupt} also hands the thread the permit that makes its next park
     * return.
     */
    static boolean parkInterruptAside(Object blocker, long nanos) {
        boolean interrupted = Thread.interrupted();
        if (nanos == 0) {
            LockSupport.park(blocker);
        } else {
            LockSupport.parkNanos(blocker, nanos);
        }
        return Thread.interrupted() || interrupted;
    }
}
