package io.github.ompt4j.jfr;

import io.github.ompt4j.jfr.events.ThreadStateEvent;
import io.github.ompt4j.model.CallSites;
import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptState;
import io.github.ompt4j.model.OmptTask;
import io.github.ompt4j.model.OmptTaskType;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import io.github.ompt4j.model.OmptThreads;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import jdk.jfr.FlightRecorder;

/**
 * The periodic hook of {@link ThreadStateEvent}: one event per thread the runtime knows, read from the
 * model's per-thread data with the acquire loads that make it safe to read from another thread (a thread
 * caught between two updates shows the state before or after, as TR2 allows for a sampler), and, for a
 * thread waiting for a mutex, the thread that holds it (from every thread's held mutexes,
 * {@link OmptThread#heldWaitIds}). It runs on JFR's periodic thread, at the period the recordings ask for,
 * and only while one does.
 */
final class ThreadStateSampler {
    private static final AtomicBoolean INSTALLED = new AtomicBoolean();
    /** How many times a thread's state and wait ID are read again before the last reading is taken as it is. */
    private static final int MAX_READS = 4;

    private ThreadStateSampler() {
    }

    /** Add the hook once per JVM: it depends on no tool's state, only on the model's threads. */
    static void install() {
        if (INSTALLED.compareAndSet(false, true)) {
            FlightRecorder.addPeriodicEvent(ThreadStateEvent.class, ThreadStateSampler::sample);
        }
    }

    static void sample() {
        List<OmptThread> threads = OmptThreads.live();
        Map<Long, OmptThread> holders = null;
        for (OmptThread t : threads) {
            Thread thread = t.javaThread();
            if (thread == null) {
                continue;
            }
            // The wait ID is stored before the state: a state read again unchanged after the wait ID says that
            // this wait ID is the one of that state, not of the next wait (the bank demo moves on every 100 ns).
            OmptState state = t.state();
            long waitId = t.waitId();
            for (int tries = 0; tries < MAX_READS && t.state() != state; tries++) {
                state = t.state();
                waitId = t.waitId();
            }
            OmptTask task = t.observedTask();
            if (saysNothingNew(t, state, task)) {
                continue;
            }
            OmptParallel region = task == null || state == OmptState.IDLE ? null : task.parallel();
            OmptTask origin = region == null ? createdBySerialCode(task) : null;
            ThreadStateEvent e = new ThreadStateEvent();
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
                if (holders == null) {
                    holders = holdersByWaitId(threads);
                }
                OmptThread holder = holders.get(e.waitId);
                holder = holder == t ? null : holder;
                e.holder = holder == null ? null : holder.javaThread();
                e.holderCallSite = holder == null ? null : holder.heldCallSite(e.waitId);
            }
            e.commit();
        }
    }

    /**
     * Whether a sample would say nothing the reader uses: a thread that is ending or not yet begun (state undefined),
     * or a thread of the program's (not a pool's worker) in serial work in its initial task, which the reader takes
     * it to be wherever no span says otherwise. Such samples are never read, and every thread that ever took one of
     * the JDK's woven locks is in serial work most of its life (a service's idle request threads, each sampled every
     * period: 100 events a second apiece under the profile settings). The reader takes the period from the settings,
     * not from the gaps between a thread's samples, which this makes uneven.
     */
    private static boolean saysNothingNew(OmptThread t, OmptState state, OmptTask task) {
        return state == OmptState.UNDEFINED || state == OmptState.WORK_SERIAL
                && (task == null || task.type() == OmptTaskType.INITIAL) && t.type() != OmptThreadType.WORKER;
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
