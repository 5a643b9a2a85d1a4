package io.github.ompt4j.omp;

/**
 * Ordered regions inside an ordered loop run in iteration order. The loop's {@link WorkShare} holds
 * the iteration whose turn it is; an iteration that runs no ordered region still passes the turn on when
 * it ends (see {@link Worksharing}).
 */
final class Ordered {
    private Ordered() {
    }

    static void run(Runnable body) {
        ThreadState ts = ThreadState.current();
        LoopScheduler loop = ts.currentLoop();
        if (loop == null || !loop.ordered) {
            throw new IllegalStateException("Omp.ordered outside an ordered loop (Omp.forLoopOrdered)");
        }
        if (loop.orderedDone) {
            throw new IllegalStateException("an iteration of an ordered loop may run at most one ordered region");
        }
        enter(ts, loop);
        try {
            body.run();
        } finally {
            exit(loop);
        }
    }

    /** Weave point: ordered acquire and acquired. Waits for the preceding iterations. */
    static void enter(ThreadState ts, LoopScheduler loop) {
        WorkShare ws = loop.workShare;
        if (ws == null) {
            return;
        }
        long mine = loop.iteration;
        if (ws.orderedNext == mine) {
            return;
        }
        int limit = ts.team.spinLimit;
        int spins = 0;
        try {
            while (ws.orderedNext != mine) {
                ts.team.checkFailed();
                spins = Spin.pause(ts, spins, limit);
            }
        } finally {
            ts.restoreInterrupt();
        }
    }

    /** Weave point: ordered released. Passes the turn to the next iteration. */
    static void exit(LoopScheduler loop) {
        loop.orderedDone = true;
        if (loop.workShare != null) {
            loop.workShare.orderedNext = loop.iteration + 1;
        }
    }
}
