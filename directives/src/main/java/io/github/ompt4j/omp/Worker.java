package io.github.ompt4j.omp;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A pool thread, {@code omp-worker-N}, daemon. It waits in its dock ({@link #idle}) until a master
 * {@linkplain #assign assigns} it a place in a team, runs that implicit task, and returns to the dock.
 * Only the master that owns it writes {@link #assigned}; only the worker writes {@link #done}.
 */
final class Worker extends Thread {
    private static final int IN_USE = 0;
    private static final int HOT = 1;
    private static final int FREE = 2;
    /** Ended at shutdown; no master may take it again. */
    private static final int RETIRED = 3;
    private static final VarHandle DONE;

    static {
        try {
            DONE = MethodHandles.lookup().findVarHandle(Worker.class, "done", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final ThreadState state;
    /** Who may take this worker; only masters and the pool change it, never the worker itself. */
    private final AtomicInteger use = new AtomicInteger(IN_USE);
    private volatile long assigned;
    private volatile long done;
    private Team team;
    private int tid;

    Worker(String name, long stackSize) {
        super(null, null, name, stackSize);
        setDaemon(true);
        state = new ThreadState(this);
    }

    /** Takes this worker back from its hot team's idle set; false if the pool gave it away. */
    boolean reclaim() {
        return use.compareAndSet(HOT, IN_USE);
    }

    void keepHot() {
        use.lazySet(HOT);
    }

    void free() {
        use.set(FREE);
    }

    /** Takes this worker from the pool's free ones; false if it retired meanwhile. */
    boolean claimFree() {
        return use.compareAndSet(FREE, IN_USE);
    }

    /**
     * At shutdown, ends this worker's service if no master holds it (hot or free); a worker a master holds is
     * about to be assigned a region (a shutdown hook's), which it runs first.
     */
    private boolean retire() {
        return use.compareAndSet(HOT, RETIRED) || use.compareAndSet(FREE, RETIRED);
    }

    /** Hands this worker member {@code tid} of {@code team}; the volatile write publishes both. */
    void assign(Team team, int tid) {
        this.team = team;
        this.tid = tid;
        assigned = assigned + 1;
        if (state.parked) {
            LockSupport.unpark(this);
        }
    }

    /** True when this worker has left the last region it was assigned. */
    boolean isIdle() {
        return done == assigned;
    }

    /** Weave point: thread begin and end (a worker thread). */
    @Override
    public void run() {
        long job = 0;
        while (idle(job)) {
            job = assigned;
            // Each region starts uninterrupted, whatever the last one or anyone meanwhile did (as a
            // ThreadPoolExecutor's worker clears its thread's interrupt before each task).
            Thread.interrupted();
            try {
                team.members[tid].run(state);
            } catch (Throwable e) {
                // The implicit task records the region's failures; this one escaped the recording. The
                // thread must live on: the team waits for it to leave, and the pool counts on it.
                team.fail(e);
            }
            state.team = null;
            state.member = null;
            state.task = null;
            // A release store, no fence: only a master that waits for its workers after a failure reads it.
            DONE.setRelease(this, job);
        }
    }

    /**
     * Weave point: worker idle begin and end. Waits for the next assignment; false at shutdown, once retired.
     */
    private boolean idle(long lastJob) {
        int limit = team != null ? team.spinLimit : Spin.limit();
        int spins = 0;
        while (assigned == lastJob) {
            if (ThreadPool.isShutdown() && retire()) {
                return false;
            }
            if (Spin.shouldPark(spins, limit)) {
                state.parked = true;
                if (assigned == lastJob && !ThreadPool.isShutdown()) {
                    // An interrupt would make every park return at once: the idle thread would spin.
                    Thread.interrupted();
                    LockSupport.park(this);
                }
                state.parked = false;
            } else {
                spins = Spin.pause(null, spins, limit);
            }
        }
        return true;
    }
}
