package io.github.ompt4j.omp;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Shared state of one worksharing construct that needs any (dynamic and guided loops, ordered loops,
 * sections). A team has a ring of {@link #SLOTS}; every member numbers these constructs in encounter
 * order ({@link ImplicitTask#workShareCount}), so construct k uses slot k mod SLOTS without any member
 * announcing it. The last member to depart a construct resets its slot for construct k + SLOTS at once, so a
 * member reaching a construct finds its slot ready and goes straight to its chunks; only a member that runs
 * SLOTS constructs ahead of another ({@code nowait}) waits, for the slot's previous construct to end.
 *
 * <p>The chunk counter, which every chunk of a dynamic or guided loop updates, has a cache line of its own
 * ({@link WorkShareCounter}), as libgomp gives its {@code next}: an {@code AtomicLong} beside the slots
 * shared a line with the field a claim reads first (the reference to it) in a quarter to half of the
 * slots, which made such a claim fetch the line twice, once to read and once to write.
 */
final class WorkShare extends WorkSharePadAfter {
    static final int SLOTS = 8;
    private static final VarHandle NEXT;

    static {
        try {
            NEXT = MethodHandles.lookup().findVarHandle(WorkShareCounter.class, "next", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The construct number whose fields are reset and visible: the slot's current construct. */
    private volatile long ready;
    private final AtomicInteger departed = new AtomicInteger();
    /** Members that depart each construct: the team's size, set with the team. */
    private int teamSize;
    /** The iteration whose ordered region may run now. */
    volatile long orderedNext;

    /** A new team of {@code teamSize} (or one restarted after a failure): the slot serves construct {@code index}. */
    void reset(int index, int teamSize) {
        this.teamSize = teamSize;
        clear();
        ready = index;
    }

    private void clear() {
        next = 0;
        orderedNext = 0;
        departed.set(0);
    }

    /**
     * Dynamic schedules: takes the next {@code size} iterations and returns the first of them (the count,
     * or beyond, when none was left).
     */
    long claim(long size) {
        return (long) NEXT.getAndAdd(this, size);
    }

    /** Guided schedules: takes {@code [start, start + size)}, unless another member took iterations since. */
    boolean claim(long start, long size) {
        return NEXT.compareAndSet(this, start, start + size);
    }

    /** The slot of the calling member's next construct, ready; waits while it still serves an earlier one. */
    static WorkShare enter(ThreadState ts) {
        Team team = ts.team;
        long seq = ts.member.workShareCount++;
        WorkShare ws = team.workShares[(int) (seq & (SLOTS - 1))];
        int limit = team.spinLimit;
        int spins = 0;
        try {
            while (ws.ready != seq) {
                team.checkFailed();
                spins = Spin.pause(ts, spins, limit);
            }
        } finally {
            ts.restoreInterrupt();
        }
        return ws;
    }

    /** The calling member is done with this construct; the last one readies the slot for its next construct. */
    void depart() {
        if (departed.incrementAndGet() == teamSize) {
            clear();
            ready = ready + SLOTS;
        }
    }
}

/**
 * Cache-line padding around the chunk counter. The int fills the gap after the object header, where the
 * JVM would otherwise place a subclass's field (it fills a superclass's gaps).
 */
abstract class WorkSharePadBefore {
    int p00;
    long p01, p02, p03, p04, p05, p06, p07, p08;
}

abstract class WorkShareCounter extends WorkSharePadBefore {
    /** Next unassigned (normalized) iteration of a dynamic or guided loop. */
    volatile long next;
}

/** Padding after the counter, away from the slot's other fields and the next object in the heap. */
abstract class WorkSharePadAfter extends WorkShareCounter {
    long p11, p12, p13, p14, p15, p16, p17, p18;
}
