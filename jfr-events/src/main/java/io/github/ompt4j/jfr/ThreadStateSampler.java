package io.github.ompt4j.jfr;

import io.github.ompt4j.jfr.events.ThreadStateEvent;
import io.github.ompt4j.model.CallSites;
import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptState;
import io.github.ompt4j.model.OmptTask;
import io.github.ompt4j.model.OmptTaskType;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import io.github.ompt4j.model.VirtualThreads;
import io.github.ompt4j.model.OmptThreads;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import jdk.jfr.FlightRecorder;

/**
 * The periodic hook of {@link ThreadStateEvent}: reads every thread the runtime knows from the model's
 * per-thread data with the acquire loads that make it safe to read from another thread (a thread caught
 * between two updates shows the state before or after, as TR2 allows for a sampler), and, for a thread
 * waiting for a mutex, the thread that holds it (from every thread's held mutexes,
 * {@link OmptThread#heldWaitIds}). It writes a thread's sample when what it read differs from the thread's
 * last sample, or after {@link ThreadStateEvent#MAX_UNCHANGED_PERIODS} periods without a change: a sample
 * stands for the time until its thread's next one. It runs on JFR's periodic thread, at the period the
 * recordings ask for, and only while one does.
 */
final class ThreadStateSampler {
    private static final AtomicBoolean INSTALLED = new AtomicBoolean();
    /** How many times a thread's state and wait ID are read again before the last reading is taken as it is. */
    private static final int MAX_READS = 4;
    /** The sampler JFR's periodic thread runs; a test runs one of its own. */
    private static final ThreadStateSampler PERIODIC = new ThreadStateSampler();

    /**
     * Each live thread's last sample as written, by the thread; only the sampling thread touches it. Weak: between
     * two passes the threads of the last one may end, and a batch of 10,000 virtual threads' data (each with its
     * {@code Thread} and continuation) stayed reachable until the next pass, 15–19 MB in {@code StressIT}'s measure
     * of the heap after the run. {@code OmptThread} keeps {@code Object}'s identity, so the map compares keys as
     * the pass does.
     */
    private Map<OmptThread, Written> written = new WeakHashMap<>();

    /** Add the hook once per JVM: it depends on no tool's state, only on the model's threads. */
    static void install() {
        if (INSTALLED.compareAndSet(false, true)) {
            FlightRecorder.addPeriodicEvent(ThreadStateEvent.class, PERIODIC::sample);
        }
    }

    /** One sampling pass over the threads the runtime knows. */
    void sample() {
        List<OmptThread> threads = OmptThreads.live();
        Map<OmptThread, Written> before = written;
        written = new WeakHashMap<>(threads.size() * 2);
        Map<Long, OmptThread> holders = null;
        for (OmptThread t : threads) {
            Thread thread = t.javaThread();
            // The wait ID is stored before the state: a state read again unchanged after the wait ID says that
            // this wait ID is the one of that state, not of the next wait (the bank demo moves on every 100 ns).
            OmptState state = t.state();
            long waitId = t.waitId();
            for (int tries = 0; tries < MAX_READS && t.state() != state; tries++) {
                state = t.state();
                waitId = t.waitId();
            }
            OmptTask task = t.observedTask();
            Written last = before.get(t);
            boolean nothingNew = saysNothingNew(t, state, task);
            if (nothingNew && (last == null || last.nothingNew)) {
                continue;
            }
            OmptParallel region = task == null || state == OmptState.IDLE ? null : task.parallel();
            OmptTask origin = region == null ? createdBySerialCode(task) : null;
            OmptThread holder = null;
            String holderSite = null;
            if (state.isMutexWait()) {
                if (holders == null) {
                    holders = holdersByWaitId(threads);
                }
                holder = holders.get(waitId);
                holder = holder == t ? null : holder;
                holderSite = holder == null ? null : holder.heldCallSite(waitId);
            }
            Written now = new Written(state, state.isWait() ? waitId : 0, region, task, origin, holder != null,
                    holderSite, nothingNew);
            if (last != null && last.sameAs(now) && ++last.unchanged < ThreadStateEvent.MAX_UNCHANGED_PERIODS) {
                written.put(t, last);
                continue;
            }
            written.put(t, now);
            ThreadStateEvent e = new ThreadStateEvent();
            e.aboutVirtualThread = VirtualThreads.is(thread);
            e.thread = thread;
            e.ompThreadId = t.id();
            e.state = Names.state(state);
            e.waitId = state.isWait() ? waitId : 0;
            e.parallelId = region == null ? 0 : region.id();
            e.taskId = task == null ? 0 : task.id();
            e.originTaskId = origin == null ? 0 : origin.id();
            e.originParentTaskId = origin == null ? 0 : origin.parent().id();
            if (state.isMutexWait()) {
                e.callSite = CallSites.describe(t.markedCallSite());
                e.holder = holder == null ? null : holder.javaThread();
                e.holderCallSite = holderSite;
            }
            e.commit();
        }
    }

    /**
     * Whether a sample would say nothing the reader does not assume: a thread that is ending or not yet begun (state
     * undefined), or a thread of the program's (not a pool's worker) in serial work in its initial task, which the
     * reader takes it to be wherever no span says otherwise. Every thread that ever took one of the JDK's woven locks
     * is in serial work most of its life (a service's idle request threads, each sampled every period: 100 events a
     * second apiece under the profile settings), so such a sample is written only to end the stretch of the thread's
     * last sample, once.
     */
    private static boolean saysNothingNew(OmptThread t, OmptState state, OmptTask task) {
        return state == OmptState.UNDEFINED || state == OmptState.WORK_SERIAL
                && (task == null || task.type() == OmptTaskType.INITIAL) && t.type() != OmptThreadType.WORKER;
    }

    /**
     * What a thread's last written sample said, and how many passes since then read the same: a pool's idle workers
     * and a service's threads parked in a queue wait for seconds in one state, and a sample of each every period
     * would weigh 50 to 100 events a second apiece. A mutex's holder counts by where it took the mutex, which is
     * what the blame names: 2,000 virtual threads queued on one lock see a new holder at every pass.
     */
    private static final class Written {
        final OmptState state;
        final long waitId;
        final OmptParallel region;
        final OmptTask task;
        final OmptTask origin;
        final boolean held;
        final String holderSite;
        final boolean nothingNew;
        int unchanged;

        Written(OmptState state, long waitId, OmptParallel region, OmptTask task, OmptTask origin, boolean held,
                String holderSite, boolean nothingNew) {
            this.state = state;
            this.waitId = waitId;
            this.region = region;
            this.task = task;
            this.origin = origin;
            this.held = held;
            this.holderSite = holderSite;
            this.nothingNew = nothingNew;
        }

        boolean sameAs(Written w) {
            return state == w.state && waitId == w.waitId && region == w.region && task == w.task
                    && origin == w.origin && held == w.held && Objects.equals(holderSite, w.holderSite);
        }
    }

    /**
     * {@code task} or its nearest ancestor that serial code (an initial task) created, outside any region: a stage, and
     * the stages it triggered descend from it. Null if there is none.
     */
    private static OmptTask createdBySerialCode(OmptTask task) {
        for (OmptTask t = task; t != null && t.parallel() == null && t.parent() != null; t = t.parent()) {
            if (t.parent().type() == OmptTaskType.INITIAL) {
                return t;
            }
        }
        return null;
    }

    /**
     * Who holds what, read once per sampling pass that finds a thread waiting for a mutex: a lookup per waiter
     * then, not a walk over every thread's holds, which thousands of threads would make quadratic.
     */
    private static Map<Long, OmptThread> holdersByWaitId(List<OmptThread> threads) {
        Map<Long, OmptThread> holders = new HashMap<>();
        for (OmptThread t : threads) {
            for (long waitId : t.heldWaitIds()) {
                holders.putIfAbsent(waitId, t);
            }
        }
        return holders;
    }
}
