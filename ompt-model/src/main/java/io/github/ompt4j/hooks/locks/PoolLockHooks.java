package io.github.ompt4j.hooks.locks;

import static io.github.ompt4j.hooks.locks.Locks.HEALTH;

import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreads;
import java.util.concurrent.ForkJoinPool;

/**
 * The hooks of the locks a {@code ForkJoinPool} takes for itself: not the program's, so the thread is marked
 * as inside the runtime while the pool's methods that take them run, and its lock operations go unreported.
 */
public final class PoolLockHooks {
    private PoolLockHooks() {
    }

    /**
     * A {@code ForkJoinPool} method that locks the pool's own registration (JDK 17 and 21) starts: until it
     * returns, the locks the thread takes are the runtime's, not the program's. Returns whether it marked
     * the thread, for {@link #poolUnlocked}.
     */
    public static boolean poolLocking() {
        if (HEALTH.active()) {
            OmptThread t = OmptThreads.current();
            if (t != null) {
                t.enterSynchronizer();
                return true;
            }
        }
        return false;
    }

    /**
     * {@code ForkJoinPool.awaitTermination} starts: the pool's own locking (see {@link #poolLocking}),
     * except for the common pool, which never terminates and instead runs tasks in the caller, whose locks
     * are the program's.
     */
    public static boolean poolAwaitingTermination(Object pool) {
        return pool != ForkJoinPool.commonPool() && poolLocking();
    }

    /** The method that {@link #poolLocking} marked returned or threw. */
    public static void poolUnlocked(boolean marked) {
        if (marked) {
            OmptThreads.current().exitSynchronizer();
        }
    }
}
