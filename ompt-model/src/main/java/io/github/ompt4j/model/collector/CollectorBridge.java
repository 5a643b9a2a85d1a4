package io.github.ompt4j.model.collector;

import io.github.ompt4j.model.OmptCallback;
import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptFrame;
import io.github.ompt4j.model.OmptInvoker;
import io.github.ompt4j.model.OmptRegistry;
import io.github.ompt4j.model.OmptSyncRegionKind;
import io.github.ompt4j.model.OmptWorkType;

/**
 * Turns OMPT events into collector events. It owns one listener per OMPT event that some collector
 * event is made from ({@link CollectorEvent#sources()}), and keeps each one attached to the
 * {@link OmptRegistry} exactly while a callback it could deliver to is active; with no collector, or
 * with a paused one, nothing is attached and the runtime's call sites see no callback at all.
 *
 * <p><b>Hot path.</b> A listener reads the active table (one volatile load), and calls the callback
 * of its collector event if there is one: no allocation, no lock. A callback's exception goes back
 * to {@code OmptDispatch}, which contains and counts it as for any tool.
 *
 * <p><b>Fork scope.</b> The header expects a collector to ask CURRENT_PRID and PARENT_PRID from its
 * FORK callback, on the master that is forking. In OMPT the new region exists but the master has not
 * entered it yet, so while a FORK callback runs the bridge remembers, per thread, the region being
 * forked ({@link #forkingRegion()}).
 */
final class CollectorBridge {
    private static final CollectorCallback[] NONE = new CollectorCallback[CollectorEvent.TABLE_SIZE];
    private static final ThreadLocal<Forking> FORKING = ThreadLocal.withInitial(Forking::new);

    /** The callbacks events go to now, indexed by event code; replaced as a whole, never written. */
    private volatile CollectorCallback[] active = NONE;
    /** Listeners indexed by OMPT event code; {@code null} for events no collector event comes from. */
    private final OmptCallback[] listeners = new OmptCallback[OmptEvent.TABLE_SIZE];
    /** Which listeners are attached; guarded by the caller's lock, as {@link #publish} is. */
    private final boolean[] attached = new boolean[OmptEvent.TABLE_SIZE];

    CollectorBridge() {
        listen(OmptEvent.PARALLEL_BEGIN, new Fork());
        listen(OmptEvent.PARALLEL_END, new Relay(CollectorEvent.JOIN));
        listen(OmptEvent.IDLE_BEGIN, new Relay(CollectorEvent.THR_BEGIN_IDLE));
        listen(OmptEvent.IDLE_END, new Relay(CollectorEvent.THR_END_IDLE));
        listen(OmptEvent.WAIT_BARRIER_BEGIN, new Barrier(CollectorEvent.THR_BEGIN_IBAR, CollectorEvent.THR_BEGIN_EBAR));
        listen(OmptEvent.WAIT_BARRIER_END, new Barrier(CollectorEvent.THR_END_IBAR, CollectorEvent.THR_END_EBAR));
        listen(OmptEvent.WAIT_LOCK, new Relay(CollectorEvent.THR_BEGIN_LKWT));
        listen(OmptEvent.WAIT_NEST_LOCK, new Relay(CollectorEvent.THR_BEGIN_LKWT));
        listen(OmptEvent.ACQUIRED_LOCK, new Relay(CollectorEvent.THR_END_LKWT));
        listen(OmptEvent.ACQUIRED_NEST_LOCK_FIRST, new Relay(CollectorEvent.THR_END_LKWT));
        listen(OmptEvent.WAIT_CRITICAL, new Relay(CollectorEvent.THR_BEGIN_CTWT));
        listen(OmptEvent.ACQUIRED_CRITICAL, new Relay(CollectorEvent.THR_END_CTWT));
        listen(OmptEvent.WAIT_ATOMIC, new Relay(CollectorEvent.THR_BEGIN_ATWT));
        listen(OmptEvent.ACQUIRED_ATOMIC, new Relay(CollectorEvent.THR_END_ATWT));
        listen(OmptEvent.WAIT_ORDERED, new Relay(CollectorEvent.THR_BEGIN_ODWT));
        listen(OmptEvent.ACQUIRED_ORDERED, new OrderedAcquired());
        listen(OmptEvent.RELEASE_ORDERED, new Relay(CollectorEvent.THR_END_ORDERED));
        listen(OmptEvent.MASTER_BEGIN, new Relay(CollectorEvent.THR_BEGIN_MASTER));
        listen(OmptEvent.MASTER_END, new Relay(CollectorEvent.THR_END_MASTER));
        listen(OmptEvent.WORKSHARING_BEGIN, new Single(CollectorEvent.THR_BEGIN_SINGLE));
        listen(OmptEvent.WORKSHARING_END, new Single(CollectorEvent.THR_END_SINGLE));
    }

    private void listen(OmptEvent source, OmptCallback listener) {
        listeners[source.code()] = listener;
    }

    /**
     * Make {@code callbacks} (indexed by event code, never modified afterwards) the active table, and
     * attach or detach listeners to match. Callers serialize calls.
     */
    void publish(CollectorCallback[] callbacks) {
        active = callbacks;
        boolean[] needed = new boolean[OmptEvent.TABLE_SIZE];
        for (CollectorEvent event : CollectorEvent.values()) {
            if (callbacks[event.code()] != null) {
                for (OmptEvent source : event.sources()) {
                    needed[source.code()] = true;
                }
            }
        }
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
        for (int code = 0; code < listeners.length; code++) {
            if (listeners[code] != null) {
                OmptRegistry.detach(listeners[code]);
            }
            attached[code] = false;
        }
    }

    /** The ID of the region the calling thread is forking, while it runs a FORK callback; else 0. */
    long forkingRegion() {
        return FORKING.get().regionId;
    }

    private void deliver(CollectorEvent event) {
        CollectorCallback callback = active[event.code()];
        if (callback != null) {
            callback.event(event);
        }
    }

    private static final class Forking {
        long regionId;
    }

    /** The listener of the OMPT events that carry one collector event, whatever their arguments. */
    private final class Relay implements OmptCallback.ThreadId, OmptCallback.ParallelEnd, OmptCallback.Lock,
            OmptCallback.Wait, OmptCallback.Parallel {
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
        public void onLock(long waitId, int hint, int impl, long codeptr) {
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
            Forking forking = FORKING.get();
            forking.regionId = parallelId;
            try {
                callback.event(CollectorEvent.FORK);
            } finally {
                forking.regionId = 0;
            }
        }
    }

    /** {@code wait_barrier_*}: EBAR for an explicit barrier, IBAR for the implicit ones (and TR2's generic kind). */
    private final class Barrier implements OmptCallback.SyncRegion {
        private final CollectorEvent implicit;
        private final CollectorEvent explicit;

        Barrier(CollectorEvent implicit, CollectorEvent explicit) {
            this.implicit = implicit;
            this.explicit = explicit;
        }

        @Override
        public void onSyncRegion(OmptSyncRegionKind kind, long parallelId, long taskId, long codeptr) {
            deliver(kind == OmptSyncRegionKind.BARRIER_EXPLICIT ? explicit : implicit);
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
     * {@code acquired_ordered}: the wait to enter the ordered region ends, then the region begins. If
     * the first callback throws, the second still gets its event, and the dispatcher sees the failure.
     */
    private final class OrderedAcquired implements OmptCallback.Wait {
        @Override
        public void onWait(long waitId, long codeptr) {
            try {
                deliver(CollectorEvent.THR_END_ODWT);
            } finally {
                deliver(CollectorEvent.THR_BEGIN_ORDERED);
            }
        }
    }
}
