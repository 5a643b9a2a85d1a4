package io.github.ompt4j.omp;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Shared state of one worksharing construct that needs any (dynamic and guided loops, ordered loops,
 * sections). A team has a ring of {@link #SLOTS}; every member numbers these constructs in encounter
 * order ({@link ImplicitTask#workShareCount}), so construct k uses slot k mod SLOTS without any member
 * announcing it. The last member to depart a construct resets its slot for construct k + SLOTS at once, so a
 * member reaching a construct finds its slot ready and goes straight to its chunks; only a member that runs
 * SLOTS constructs ahead of another ({@code nowait}) waits, for the slot's previous construct to end.
 */
final class WorkShare {
    static final int SLOTS = 8;

    /** The construct number whose fields are reset and visible: the slot's current construct. */
    private volatile long ready;
    private final AtomicInteger departed = new AtomicInteger();
    /** Members that depart each construct: the team's size, set with the team. */
    private int teamSize;
    /** Next unassigned (normalized) iteration of a dynamic or guided loop. */
    final AtomicLong next = new AtomicLong();
    /** The iteration whose ordered region may run now. */
    volatile long orderedNext;

    /** A new team of {@code teamSize} (or one restarted after a failure): the slot serves construct {@code index}. */
    void reset(int index, int teamSize) {
        this.teamSize = teamSize;
        clear();
        ready = index;
    }

    private void clear() {
        next.set(0);
        orderedNext = 0;
        departed.set(0);
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
