package io.github.ompt4j.hooks.barriers;

import io.github.ompt4j.hooks.AdapterHealth;
import io.github.ompt4j.hooks.locks.Locks;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptSyncRegionKind;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreads;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Phaser;

/**
 * The hooks of {@code java.util.concurrent}'s barriers: {@code CyclicBarrier.await},
 * {@code Phaser.arriveAndAwaitAdvance} and {@code CountDownLatch.await} are explicit barriers
 * ({@code barrier_begin}/{@code _end} of kind {@code barrier_explicit}), with a wait
 * ({@code wait_barrier_begin}/{@code _end}, state {@code wait_barrier_explicit}) unless the thread is
 * the last to arrive (as DESIGN §7 decided for the directive library); an open latch is no barrier. The
 * last-arriver test reads the barrier's count as the thread arrives, so two threads arriving together
 * may both report a wait. The wait ID is the barrier's identity (see {@link Locks#waitId}). A barrier a thread
 * reaches inside another synchronizer is that one's own, as its locks are: not reported (a thread-per-task executor
 * waits for its tasks on a latch, a taskwait of its own).
 */
public final class BarrierHooks {
    static final AdapterHealth HEALTH = AdapterHealth.of("barriers");
    private static final int NONE = 0;
    private static final int REGION = 1;
    private static final int REGION_AND_WAIT = 2;

    private BarrierHooks() {
    }

    /** A thread arrives at {@code barrier}; returns what was begun, for {@link #barrierEnd}. */
    public static int barrierBegin(Object barrier) {
        if (HEALTH.active()) {
            OmptThread t = Locks.thread();
            if (t == null || t.currentTask() == null || t.inTool() || t.synchronizerDepth() > 0) {
                return NONE; // inside a synchronizer the barrier is its own (a thread-per-task executor's latch)
            }
            // First: asking a CyclicBarrier how many wait takes its lock, which is the barrier's own.
            t.enterSynchronizer();
            boolean last;
            if (barrier instanceof CyclicBarrier) {
                CyclicBarrier b = (CyclicBarrier) barrier;
                last = b.getNumberWaiting() >= b.getParties() - 1;
            } else if (barrier instanceof Phaser) {
                last = ((Phaser) barrier).getUnarrivedParties() <= 1;
            } else if (((CountDownLatch) barrier).getCount() == 0) {
                t.exitSynchronizer();
                return NONE;
            } else {
                last = false;
            }
            OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.BARRIER_EXPLICIT, 0);
            if (last) {
                return REGION;
            }
            OmptRuntime.syncWaitBegin(t, Locks.waitId(barrier));
            return REGION_AND_WAIT;
        }
        return NONE;
    }

    public static void barrierEnd(int began) {
        if (began != NONE && HEALTH.enabled()) {
            OmptThread t = OmptThreads.current();
            t.exitSynchronizer();
            if (began == REGION_AND_WAIT) {
                OmptRuntime.syncWaitEnd(t);
            }
            OmptRuntime.syncRegionEnd(t);
        }
    }
}
