package io.github.ompt4j.omp;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Shared state of one worksharing construct that needs any (dynamic and guided loops, ordered loops,
 * sections). A team has a ring of {@link #SLOTS}; every member numbers these constructs in encounter
 * order ({@link ImplicitTask#workShareCount}), so construct k uses slot k mod SLOTS without any member
 * announcing it. The first member to reach a slot initializes it once all members have departed its
 * previous construct; with {@code nowait} a member can thus run up to SLOTS - 1 constructs ahead.
 */
final class WorkShare {
    static final int SLOTS = 8;

    /** Construct number that claimed the slot (the initializer's CAS elects it). */
    private final AtomicLong claimed = new AtomicLong();
    /** Construct number whose fields are initialized and visible. */
    private volatile long ready;
    private final AtomicInteger departed = new AtomicInteger();
    /** Next unassigned (normalized) iteration of a dynamic or guided loop. */
    final AtomicLong next = new AtomicLong();
    /** The iteration whose ordered region may run now. */
    volatile long orderedNext;

    void reset(int index, int teamSize) {
        claimed.set(index - SLOTS);
        ready = index - SLOTS;
        departed.set(teamSize);
    }

    /** The slot of the calling member's next construct, initialized; waits while it is still in use. */
    static WorkShare enter(ThreadState ts) {
        Team team = ts.team;
        long seq = ts.member.workShareCount++;
        WorkShare ws = team.workShares[(int) (seq & (SLOTS - 1))];
        int limit = team.spinLimit;
        int spins = 0;
        while (ws.ready != seq) {
            long previous = seq - SLOTS;
            if (ws.claimed.get() == previous && ws.departed.get() == team.size
                    && ws.claimed.compareAndSet(previous, seq)) {
                ws.next.set(0);
                ws.orderedNext = 0;
                ws.departed.set(0);
                ws.ready = seq;
                break;
            }
            team.checkFailed();
            spins = Spin.pause(spins, limit);
        }
        return ws;
    }

    /** The calling member is done with this construct. */
    void depart() {
        departed.incrementAndGet();
    }
}
