package io.github.ompt4j.omp;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A team's barrier: a centralized counter with a generation number (sense reversal by counting).
 *
 * <p>Each arrival adds to {@link #arrivals}; the low 16 bits count members, the high bits count those
 * that arrived from the end of the region. The barrier opens when every member has arrived and the team
 * has no incomplete explicit task; whoever sees that first (the last arriver, or the member that finished
 * the last task) resets the counter with one CAS, which elects it, and bumps {@link #generation}. Waiters
 * run queued tasks while they wait, spin on the generation, then park; the opener unparks the parked.
 *
 * <p>If some members arrive from the region's end while others wait at an explicit or worksharing
 * barrier, a member left the region without encountering that barrier: OpenMP leaves that undefined (it
 * deadlocks in C); here it fails the team with an {@link IllegalStateException}.
 */
final class Barrier extends BarrierPadAfter {
    private static final int ARRIVE = 1;
    private static final int LEAVING = 1 << 16;
    private static final int COUNT_MASK = LEAVING - 1;
    private static final VarHandle ARRIVALS;

    static {
        try {
            ARRIVALS = MethodHandles.lookup().findVarHandle(BarrierCounters.class, "arrivals", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Team team;

    Barrier(Team team) {
        this.team = team;
    }

    /** Weave point: barrier begin and end (of the given kind). */
    void await(ThreadState ts, BarrierKind kind) {
        Team t = team;
        if (t.failed) {
            throw Team.ABORTED;
        }
        // The generation cannot move before this member arrives, so reading it first is safe.
        int gen = generation;
        int delta = kind == BarrierKind.IMPLICIT_PARALLEL ? ARRIVE | LEAVING : ARRIVE;
        int arrived = (int) ARRIVALS.getAndAdd(this, delta) + delta;
        int size = t.size;
        if ((arrived & COUNT_MASK) == size) {
            int leaving = arrived >>> 16;
            if (leaving != 0 && leaving != size) {
                // A StringBuilder, not string concatenation, whose first use links (loads) classes.
                t.fail(new IllegalStateException(new StringBuilder().append(size - leaving).append(" of ")
                        .append(size).append(" team members wait at a barrier that the other ").append(leaving)
                        .append(" left the parallel region without encountering; every member must encounter the "
                                + "same barriers and worksharing constructs").toString()));
            }
        }
        if (!tryOpen(gen, size)) {
            waitForOthers(ts, gen);
        }
        // Every task of the team has completed: no later task can depend on one created before.
        ts.member.clearDependences();
    }

    private boolean tryOpen(int gen, int size) {
        int arrived = arrivals;
        if ((arrived & COUNT_MASK) != size || !team.tasksQuiescent() || team.failed
                || !ARRIVALS.compareAndSet(this, arrived, 0)) {
            return false;
        }
        generation = gen + 1;
        team.unparkAll();
        return true;
    }

    /** Weave point: barrier wait begin and end. Runs the team's tasks while it waits. */
    private void waitForOthers(ThreadState ts, int gen) {
        Team t = team;
        int limit = t.spinLimit;
        int spins = 0;
        try {
            while (generation == gen) {
                if (t.failed) {
                    throw Team.ABORTED;
                }
                if (t.hasTasks && Tasking.runOne(ts)) {
                    tryOpen(gen, t.size);
                    spins = 0;
                } else if (Spin.shouldPark(spins, limit)) {
                    ts.parked = true;
                    if (generation == gen && !t.failed && !(t.hasTasks && t.anyQueued())) {
                        ts.interruptAside |= Spin.parkInterruptAside(this, 0);
                    }
                    ts.parked = false;
                } else {
                    spins = Spin.pause(ts, spins, limit);
                }
            }
        } finally {
            ts.restoreInterrupt();
        }
    }

    /** Forgets the arrivals of a barrier that a failure left incomplete. */
    void reset() {
        arrivals = 0;
        generation = generation + 1;
    }
}

/**
 * Cache-line padding around the barrier's two hot words, which every arrival writes, so that they share
 * no line with the team's read-mostly fields (fields of a superclass are laid out first). The int fills
 * the gap after the object header: the JVM places a subclass's field in a superclass's gaps, and put
 * {@code arrivals} there, next to whatever object preceded the barrier in the heap and on another line
 * than {@code generation}, which made an opening cost one more line transfer than it needs.
 */
abstract class BarrierPadBefore {
    int p00;
    long p01, p02, p03, p04, p05, p06, p07, p08;
}

/** Both words on one line: the last arrival adds to one and bumps the other, where the waiters look. */
abstract class BarrierCounters extends BarrierPadBefore {
    /** Low 16 bits: members arrived; high bits: those that arrived from the end of the region. */
    volatile int arrivals;
    volatile int generation;
}

abstract class BarrierPadAfter extends BarrierCounters {
    long p11, p12, p13, p14, p15, p16, p17, p18;
}
