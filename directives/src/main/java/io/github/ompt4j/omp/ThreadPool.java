package io.github.ompt4j.omp;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The workers not bound to a hot team, and the accounting of threads in use.
 *
 * <p>A worker is in use (in a team), hot (idle but kept by a top-level team for its next region) or
 * free (idle here). {@link #busy} counts the threads executing parallel regions: one for the initial thread
 * plus every worker reserved by a fork. Forks reserve workers against thread-limit-var and, when dyn-var is
 * true, against the processors still free. The pool starts a thread only when every worker it has is in
 * use, and every worker in use is reserved, so thread-limit-var bounds the workers that ever exist, however
 * many threads encounter regions at once. A JVM shutdown hook sets {@link #shutdown} and unparks every
 * worker, so idle workers end their threads before the JVM exits. A worker that ended is never taken again: a
 * region that another shutdown hook starts afterwards gets new workers, which end after it.
 */
final class ThreadPool {
    private static final int PROCESSORS = Runtime.getRuntime().availableProcessors();
    private static final AtomicInteger busy = new AtomicInteger(1);
    private static final ArrayDeque<Worker> idle = new ArrayDeque<>();
    private static final List<Worker> all = new ArrayList<>();
    private static volatile boolean shutdown;
    /** A worker could not be started once, and the program was told; guarded by {@link #idle}. */
    private static boolean cannotStart;

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(ThreadPool::shutdown, "omp-shutdown"));
    }

    private ThreadPool() {
    }

    static int busyThreads() {
        return busy.get();
    }

    static boolean isShutdown() {
        return shutdown;
    }

    /** Reserves up to {@code wanted} workers; returns how many were granted (possibly 0). */
    static int reserve(int wanted) {
        Icvs icvs = Icvs.global();
        for (;;) {
            int b = busy.get();
            int granted = Math.min(wanted, Math.max(0, icvs.threadLimit() - b));
            if (icvs.dynamic()) {
                granted = Math.min(granted, Math.max(0, PROCESSORS - b));
            }
            if (granted == 0 || busy.compareAndSet(b, b + granted)) {
                return granted;
            }
        }
    }

    static void unreserve(int count) {
        busy.addAndGet(-count);
    }

    /**
     * A worker for a team: a free one, else an idle one taken from a hot team, else a new thread; null if
     * a thread cannot be started (the first time, with a warning on standard error).
     */
    static Worker acquire() {
        synchronized (idle) {
            for (Worker w = idle.pollLast(); w != null; w = idle.pollLast()) {
                if (w.claimFree()) {
                    return w;
                }
            }
            for (int i = 0; i < all.size(); i++) {
                if (all.get(i).reclaim()) {
                    return all.get(i);
                }
            }
            Worker w = new Worker("omp-worker-" + all.size(), Icvs.global().stackSize());
            try {
                w.start();
            } catch (OutOfMemoryError e) {
                // "unable to create native thread": the process is at a limit (threads, memory for their
                // stacks). The program still runs correctly with the threads it has.
                if (!cannotStart) {
                    cannotStart = true;
                    // A StringBuilder, not string concatenation, whose first use links (loads) classes.
                    System.err.println(new StringBuilder("OMP: warning: cannot start a worker thread (")
                            .append(e.getMessage()).append("); parallel regions run with fewer threads than asked "
                                    + "when this happens (warned once)").toString());
                }
                return null;
            }
            all.add(w);
            return w;
        }
    }

    /** Returns the worker of a nested team to the pool. */
    static void release(Worker w) {
        synchronized (idle) {
            w.free();
            idle.addLast(w);
        }
    }

    private static void shutdown() {
        shutdown = true;
        synchronized (idle) {
            for (Worker w : all) {
                LockSupport.unpark(w);
            }
        }
    }
}
