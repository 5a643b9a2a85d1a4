package io.github.ompt4j.hooks.locks;

import static io.github.ompt4j.hooks.locks.Locks.HEALTH;

import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreads;
import java.util.concurrent.ForkJoinPool;

/**
 * The hooks of the locks a pool takes for itself, a {@code ForkJoinPool} or a {@code ThreadPoolExecutor}: not the
 * program's, so the thread is marked as inside the runtime while the pool's methods that take them run, and its
 * lock operations go unreported; where such a method calls the program back (an executor's rejection handler, which
 * may run the task itself), the program's locks are the program's again.
 */
public final class PoolLockHooks {
    private PoolLockHooks() {
    }

    /**
     * A pool's method that takes the pool's own locks starts (a {@code ForkJoinPool}'s registration on JDK 17 and
     * 21, an executor's main lock and queue): until it returns, the locks the thread takes are the runtime's, not the
     * program's. Returns whether it marked the thread, for {@link #poolUnlocked}. A thread the runtime has not met is
     * not begun here: on JDK 25 a thread of the JDK's submits to a pool through its marked methods (with virtual
     * threads, {@code ForkJoinExactIT}'s threads met), and begun there it never ends.
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

    /**
     * A marked pool method calls the program back: the thread leaves every mark until {@link #programReturned}.
     * Returns how deep it was marked.
     */
    public static int callingProgram() {
        OmptThread t = HEALTH.active() ? OmptThreads.current() : null;
        return t == null ? 0 : t.leaveSynchronizers();
    }

    /** The program's code that {@link #callingProgram} let out returned or threw: the marks it left are back. */
    public static void programReturned(int depth) {
        if (depth > 0) {
            OmptThreads.current().returnToSynchronizers(depth);
        }
    }
}
