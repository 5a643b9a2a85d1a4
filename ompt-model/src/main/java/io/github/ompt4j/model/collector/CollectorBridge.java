package io.github.ompt4j.model.collector;

import io.github.ompt4j.model.OmptCallback;
import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptFrame;
import io.github.ompt4j.model.OmptInvoker;
import io.github.ompt4j.model.OmptRegistry;
import io.github.ompt4j.model.OmptSyncRegionKind;
import io.github.ompt4j.model.OmptThreads;
import io.github.ompt4j.model.OmptWorkType;
import java.util.Arrays;

/**
 * Turns OMPT events into collector events. It owns one listener per OMPT event that some collector
 * event is made from ({@link CollectorEvent#sources()}), and keeps each one attached to the
 * {@link OmptRegistry} exactly while a callback it could deliver to is active; with no collector, or
 * with a paused one, nothing is attached and the runtime's call sites see no callback at all.
 *
 * <p><b>Hot path.</b> A listener reads the active table (one volatile load), and calls the callback
 * of its collector event if there is one: no allocation (after a thread's first event), no lock.
 * Barrier and wait listeners also keep the thread's counts, below, through one ThreadLocal, and wait
 * listeners read the thread's model data. A callback's exception goes back to {@code OmptDispatch},
 * which contains and counts it as for any tool.
 *
 * <p><b>Barriers and waits, as the header defines them.</b> IBAR and EBAR begin when a thread enters a
 * barrier and end when it leaves: they come from {@code barrier_begin}/{@code _end}, which every member
 * reports, not from the barrier's wait, which the last member to arrive does not. LKWT, CTWT and ATWT
 * begin only when the thread found the mutex held ({@code OmptThread.acquireContended()}, which the runtime
 * sets before {@code wait_*}: a late acquisition's is dispatched as the thread blocks, or just before
 * {@code acquired_*}, not contended); OMPT's {@code wait_*} comes for every acquisition.
 *
 * <p><b>No end without its begin.</b> Per thread, the bridge counts the barriers and waits (by pair:
 * IBAR, EBAR, LKWT, CTWT, ODWT, ATWT) whose begin it saw, and delivers an end only against such a
 * count. Registrations that change a pair's listeners may hide begins and ends from the bridge, so each
 * such change starts a new generation of that pair, and a thread's counts from an older generation are
 * dropped when the thread next reports that pair: a wait in progress across such a change, or across a
 * PAUSE, loses its end, never gains an end without begin. Barriers nest (a task run by a thread waiting
 * at a barrier may fork a region), so theirs are counts; mutex waits do not, so theirs are 0 or 1.
 *
 * <p><b>Fork scope.</b> The header expects a collector to ask CURRENT_PRID and PARENT_PRID from its
 * FORK callback, on the master that is forking. In OMPT the new region exists but the master has not
 * entered it yet, so while a FORK callback runs the bridge remembers, per thread, the region being
 * forked ({@link #forkingRegion()}).
 *
 * <p><b>Barrier scope.</b> In the header, THR_BEGIN_EBAR and THR_BEGIN_IBAR say that the thread is now
 * in the barrier's state, and a collector asks STATE from their callbacks. In OMPT, {@code barrier_begin}
 * comes before the member's wait (which the last member to arrive never has), so while those callbacks
 * run the bridge remembers, per thread, the barrier being entered ({@link #enteringBarrier}).
 */
final class CollectorBridge {
    private static final CollectorCallback[] NONE = new CollectorCallback[CollectorEvent.TABLE_SIZE];
    private static final int IBAR = 0;
    private static final int EBAR = 1;
    private static final int LKWT = 2;
    private static final int CTWT = 3;
    private static final int ODWT = 4;
    private static final int ATWT = 5;
    private static final int PAIRS = 6;
    /** The generation group of each pair: IBAR and EBAR share their listeners, so they share a group. */
    private static final int[] GROUP = {0, 0, 1, 2, 3, 4};
    private static final int GROUPS = 5;
    private static final ThreadLocal<Local> LOCAL = ThreadLocal.withInitial(Local::new);

    /** The callbacks events go to now, indexed by event code; replaced as a whole, never written. */
    private volatile CollectorCallback[] active = NONE;
    /** The generation of each group of pairs ({@link #GROUP}); replaced as a whole, never written. */
    private volatile int[] generations = new int[GROUPS];
    /** Listeners indexed by OMPT event code; {@code null} for events no collector event comes from. */
    private final OmptCallback[] listeners = new OmptCallback[OmptEvent.TABLE_SIZE];
    /** The group of the pairs each listener keeps counts for, indexed by OMPT event code; -1 for none. */
    private final int[] groupOf = new int[OmptEvent.TABLE_SIZE];
    /** Which listeners are attached; guarded by the caller's lock, as {@link #publish} is. */
    private final boolean[] attached = new boolean[OmptEvent.TABLE_SIZE];

    CollectorBridge() {
        Arrays.fill(groupOf, -1);
        listen(OmptEvent.PARALLEL_BEGIN, new Fork());
        listen(OmptEvent.PARALLEL_END, new Relay(CollectorEvent.JOIN));
        listen(OmptEvent.IDLE_BEGIN, new Relay(CollectorEvent.THR_BEGIN_IDLE));
        listen(OmptEvent.IDLE_END, new Relay(CollectorEvent.THR_END_IDLE));
        listen(OmptEvent.BARRIER_BEGIN, new BarrierBegin(), IBAR);
        listen(OmptEvent.BARRIER_END, new BarrierEnd(), IBAR);
        listen(OmptEvent.WAIT_LOCK, new MutexWait(LKWT, CollectorEvent.THR_BEGIN_LKWT), LKWT);
        listen(OmptEvent.WAIT_NEST_LOCK, new MutexWait(LKWT, CollectorEvent.THR_BEGIN_LKWT), LKWT);
        listen(OmptEvent.ACQUIRED_LOCK, new MutexAcquired(LKWT, CollectorEvent.THR_END_LKWT), LKWT);
        listen(OmptEvent.ACQUIRED_NEST_LOCK_FIRST, new MutexAcquired(LKWT, CollectorEvent.THR_END_LKWT), LKWT);
        listen(OmptEvent.WAIT_CRITICAL, new MutexWait(CTWT, CollectorEvent.THR_BEGIN_CTWT), CTWT);
        listen(OmptEvent.ACQUIRED_CRITICAL, new MutexAcquired(CTWT, CollectorEvent.THR_END_CTWT), CTWT);
        listen(OmptEvent.WAIT_ATOMIC, new MutexWait(ATWT, CollectorEvent.THR_BEGIN_ATWT), ATWT);
        listen(OmptEvent.ACQUIRED_ATOMIC, new MutexAcquired(ATWT, CollectorEvent.THR_END_ATWT), ATWT);
        listen(OmptEvent.WAIT_ORDERED, new MutexWait(ODWT, CollectorEvent.THR_BEGIN_ODWT), ODWT);
        listen(OmptEvent.ACQUIRED_ORDERED, new OrderedAcquired(), ODWT);
        listen(OmptEvent.RELEASE_ORDERED, new Relay(CollectorEvent.THR_END_ORDERED));
        listen(OmptEvent.MASTER_BEGIN, new Relay(CollectorEvent.THR_BEGIN_MASTER));
        listen(OmptEvent.MASTER_END, new Relay(CollectorEvent.THR_END_MASTER));
        listen(OmptEvent.WORKSHARING_BEGIN, new Single(CollectorEvent.THR_BEGIN_SINGLE));
        listen(OmptEvent.WORKSHARING_END, new Single(CollectorEvent.THR_END_SINGLE));
    }

    private void listen(OmptEvent source, OmptCallback listener) {
        listeners[source.code()] = listener;
    }

    /** A listener that keeps counts for {@code pair} and the pairs of its group. */
    private void listen(OmptEvent source, OmptCallback listener, int pair) {
        listen(source, listener);
        groupOf[source.code()] = GROUP[pair];
    }

    /**
     * Make {@code callbacks} (indexed by event code, never modified afterwards) the active table, and
     * attach or detach listeners to match. Callers serialize calls.
     */
    void publish(CollectorCallback[] callbacks) {
        boolean[] needed = new boolean[OmptEvent.TABLE_SIZE];
        for (CollectorEvent event : CollectorEvent.values()) {
            if (callbacks[event.code()] != null) {
                for (OmptEvent source : event.sources()) {
                    needed[source.code()] = true;
                }
            }
        }
        int[] next = generations.clone();
        for (int code = 0; code < listeners.length; code++) {
            if (needed[code] != attached[code] && groupOf[code] >= 0) {
                next[groupOf[code]]++;
            }
        }
        generations = next;
        active = callbacks;
        for (int code = 0; code < listeners.length; code++) {
            if (needed[code] && !attached[code]) {
                OmptRegistry.attach(OmptEvent.ofCode(code), listeners[code]);
            } else if (!needed[code] && attached[code]) {
                OmptRegistry.detach(listeners[code]);
            }
            attached[code] = needed[code];
        }
    }

    /** Detach every listener, whatever this bridge believes is attached (the registry may have been reset). */
    void detachAll() {
        active = NONE;
        int[] next = generations.clone();
        for (int group = 0; group < GROUPS; group++) {
            next[group]++;
        }
        generations = next;
        for (int code = 0; code < listeners.length; code++) {
            if (listeners[code] != null) {
                OmptRegistry.detach(listeners[code]);
            }
            attached[code] = false;
        }
    }

    /** The state of the barrier the calling thread enters, while it runs its THR_BEGIN callback; else null. */
    CollectorState enteringBarrier() {
        return LOCAL.get().barrierState;
    }

    /** The ID of the barrier the calling thread enters (its region's), while {@link #enteringBarrier} answers. */
    long enteringBarrierId() {
        return LOCAL.get().barrierId;
    }

    /** The ID of the region the calling thread is forking, while it runs a FORK callback; else 0. */
    long forkingRegion() {
        return LOCAL.get().forkingRegion;
    }

    private void deliver(CollectorEvent event) {
        CollectorCallback callback = active[event.code()];
        if (callback != null) {
            callback.event(event);
        }
    }

    /** The calling thread's counts of {@code pair}, emptied first if they are from an older generation. */
    private Local counting(int pair) {
        Local local = LOCAL.get();
        int generation = generations[GROUP[pair]];
        if (local.generation[pair] != generation) {
            local.generation[pair] = generation;
            local.open[pair] = 0;
        }
        return local;
    }

    /** A begin of {@code pair} seen on the calling thread. */
    private void opened(int pair) {
        counting(pair).open[pair]++;
    }

    /** An end of {@code pair} on the calling thread: whether a begin seen in this generation matches it. */
    private boolean closed(int pair) {
        Local local = counting(pair);
        if (local.open[pair] == 0) {
            return false;
        }
        local.open[pair]--;
        return true;
    }

    /**
     * Per thread: the region being forked, the barrier being entered (state and ID), and the begins seen
     * of each pair, with their generation.
     */
    private static final class Local {
        long forkingRegion;
        CollectorState barrierState;
        long barrierId;
        final int[] open = new int[PAIRS];
        final int[] generation = new int[PAIRS];
    }

    /** The listener of the OMPT events that carry one collector event, whatever their arguments. */
    private final class Relay implements OmptCallback.ThreadId, OmptCallback.ParallelEnd, OmptCallback.Wait,
            OmptCallback.Parallel {
        private final CollectorEvent event;

        Relay(CollectorEvent event) {
            this.event = event;
        }

        @Override
        public void onThread(long threadId) {
            deliver(event);
        }

        @Override
        public void onParallelEnd(long parallelId, long taskId, OmptInvoker invoker, long codeptr) {
            deliver(event);
        }

        @Override
        public void onWait(long waitId, long codeptr) {
            deliver(event);
        }

        @Override
        public void onParallel(long parallelId, long taskId, long codeptr) {
            deliver(event);
        }
    }

    /** {@code parallel_begin}: FORK, with the new region in scope for CURRENT_PRID and PARENT_PRID. */
    private final class Fork implements OmptCallback.ParallelBegin {
        @Override
        public void onParallelBegin(long parentTaskId, OmptFrame parentFrame, long parallelId, int requestedTeamSize,
                long codeptr, OmptInvoker invoker) {
            CollectorCallback callback = active[CollectorEvent.FORK.code()];
            if (callback == null) {
                return;
            }
            Local local = LOCAL.get();
            local.forkingRegion = parallelId;
            try {
                callback.event(CollectorEvent.FORK);
            } finally {
                local.forkingRegion = 0;
            }
        }
    }

    /** EBAR for an explicit barrier, IBAR for the implicit ones (and TR2's generic kind). */
    private static int barrierPair(OmptSyncRegionKind kind) {
        return kind == OmptSyncRegionKind.BARRIER_EXPLICIT ? EBAR : IBAR;
    }

    /** {@code barrier_begin}: every member enters the barrier, whether or not it will wait there. */
    private final class BarrierBegin implements OmptCallback.SyncRegion {
        @Override
        public void onSyncRegion(OmptSyncRegionKind kind, long parallelId, long taskId, long codeptr) {
            int pair = barrierPair(kind);
            opened(pair);
            CollectorEvent event = pair == EBAR ? CollectorEvent.THR_BEGIN_EBAR : CollectorEvent.THR_BEGIN_IBAR;
            CollectorCallback callback = active[event.code()];
            if (callback == null) {
                return;
            }
            Local local = LOCAL.get();
            local.barrierState = pair == EBAR ? CollectorState.THR_EBAR_STATE : CollectorState.THR_IBAR_STATE;
            local.barrierId = parallelId;
            try {
                callback.event(event);
            } finally {
                local.barrierState = null;
            }
        }
    }

    /** {@code barrier_end}: the member leaves the barrier. */
    private final class BarrierEnd implements OmptCallback.SyncRegion {
        @Override
        public void onSyncRegion(OmptSyncRegionKind kind, long parallelId, long taskId, long codeptr) {
            int pair = barrierPair(kind);
            if (closed(pair)) {
                deliver(pair == EBAR ? CollectorEvent.THR_END_EBAR : CollectorEvent.THR_END_IBAR);
            }
        }
    }

    /**
     * {@code wait_*} of a mutex: the begin of a wait if the thread found the mutex held.
     * An uncontended acquisition sets the count to 0, so that an acquisition given up earlier (the
     * acquiring code threw, and OMPT reports nothing) cannot leave a begin behind for this one's end.
     */
    private final class MutexWait implements OmptCallback.Lock, OmptCallback.Wait {
        private final int pair;
        private final CollectorEvent begin;

        MutexWait(int pair, CollectorEvent begin) {
            this.pair = pair;
            this.begin = begin;
        }

        @Override
        public void onLock(long waitId, int hint, int impl, long codeptr) {
            began();
        }

        @Override
        public void onWait(long waitId, long codeptr) {
            began();
        }

        private void began() {
            boolean contended = OmptThreads.current().acquireContended();
            counting(pair).open[pair] = contended ? 1 : 0;
            if (contended) {
                deliver(begin);
            }
        }
    }

    /**
     * {@code acquired_*} of a mutex: the end of the wait that began. An acquisition without a wait (a
     * successful lock test) is not contended, and ends nothing.
     */
    private final class MutexAcquired implements OmptCallback.Wait {
        private final int pair;
        private final CollectorEvent end;

        MutexAcquired(int pair, CollectorEvent end) {
            this.pair = pair;
            this.end = end;
        }

        @Override
        public void onWait(long waitId, long codeptr) {
            if (OmptThreads.current().acquireContended() && closed(pair)) {
                deliver(end);
            }
        }
    }

    /** {@code worksharing_*}: SINGLE for the thread that executes a single block; other constructs carry nothing. */
    private final class Single implements OmptCallback.Worksharing {
        private final CollectorEvent event;

        Single(CollectorEvent event) {
            this.event = event;
        }

        @Override
        public void onWorksharing(OmptWorkType type, long parallelId, long taskId, long count, long codeptr) {
            if (type == OmptWorkType.SINGLE) {
                deliver(event);
            }
        }
    }

    /**
     * {@code acquired_ordered}: the wait to enter the ordered region ends (if it began), then the region
     * begins. If the first callback throws, the second still gets its event, and the dispatcher sees the
     * failure.
     */
    private final class OrderedAcquired implements OmptCallback.Wait {
        @Override
        public void onWait(long waitId, long codeptr) {
            try {
                if (OmptThreads.current().acquireContended() && closed(ODWT)) {
                    deliver(CollectorEvent.THR_END_ODWT);
                }
            } finally {
                deliver(CollectorEvent.THR_BEGIN_ORDERED);
            }
        }
    }
}
