package io.github.ompt4j.hooks.locks;

import static io.github.ompt4j.hooks.locks.Locks.HEALTH;
import static io.github.ompt4j.hooks.locks.Locks.waitId;

import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreads;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The hooks of blocking and of condition waits: the queueing {@code acquire} of
 * {@code AbstractQueuedSynchronizer} and {@code AbstractQueuedLongSynchronizer} (and a {@code StampedLock}'s
 * {@code acquireWrite} and {@code acquireRead}), where an acquisition blocks or a condition wait takes its lock
 * again, and a condition's wait. A wait on a condition of a nest lock releases every hold, waits as at an
 * explicit barrier, and takes the lock again ({@link OmptRuntime#conditionWaitBegin}).
 */
public final class ConditionHooks {
    /** The synchronizers whose exclusive mode is a nest lock we report: a condition of one is reported. */
    private static final Class<?>[] NEST_LOCK_SYNCS = {
        nested(ReentrantLock.class, "NonfairSync"), nested(ReentrantLock.class, "FairSync"),
        nested(ReentrantReadWriteLock.class, "NonfairSync"), nested(ReentrantReadWriteLock.class, "FairSync")};

    /** The write holds in a {@code ReentrantReadWriteLock}'s synchronizer state (its low 16 bits) up to JDK 24. */
    private static final int WRITE_HOLDS = 0xffff;

    /** The write holds in its {@code long} state (its low 32 bits) from JDK 25 on. */
    private static final long LONG_WRITE_HOLDS = 0xffff_ffffL;

    private ConditionHooks() {
    }

    private static Class<?> nested(Class<?> outer, String name) {
        for (Class<?> c : outer.getDeclaredClasses()) {
            if (c.getSimpleName().equals(name)) {
                return c;
            }
        }
        throw new IllegalStateException(outer.getName() + " has no " + name);
    }

    /**
     * The queueing {@code acquire} of an {@code AbstractQueuedSynchronizer} or {@code AbstractQueuedLongSynchronizer}:
     * the acquisition in progress blocks, or a condition wait is over and the thread takes its lock again.
     */
    public static void blocked() {
        if (HEALTH.active()) {
            OmptThread t = OmptThreads.current();
            if (t != null && !OmptRuntime.mutexBlocked(t, 0)) {
                OmptRuntime.conditionSignalled(t);
            }
        }
    }

    /**
     * A condition of {@code sync}, an {@code AbstractQueuedSynchronizer}, starts waiting (its {@code enableWait},
     * before it releases the lock): {@code heldExclusively} and {@code state} are the synchronizer's. Reported for
     * the nest locks, held by the thread (else the wait throws) and reported when taken.
     */
    public static void conditionWaitBegin(Object sync, boolean heldExclusively, int state, Object condition) {
        if (heldExclusively && HEALTH.active()) {
            Class<?> type = sync.getClass();
            conditionWait(sync, type == NEST_LOCK_SYNCS[0] || type == NEST_LOCK_SYNCS[1] ? state
                    : isReadWriteSync(type) ? state & WRITE_HOLDS : 0, condition);
        }
    }

    /**
     * A condition of {@code sync}, an {@code AbstractQueuedLongSynchronizer}, starts waiting: as
     * {@link #conditionWaitBegin}. A {@code ReentrantReadWriteLock}'s synchronizer is one from JDK 25 on, its
     * write holds the low 32 bits of its state.
     */
    public static void longConditionWaitBegin(Object sync, boolean heldExclusively, long state, Object condition) {
        if (heldExclusively && HEALTH.active()) {
            conditionWait(sync, isReadWriteSync(sync.getClass()) ? (int) (state & LONG_WRITE_HOLDS) : 0, condition);
        }
    }

    private static boolean isReadWriteSync(Class<?> type) {
        return type == NEST_LOCK_SYNCS[2] || type == NEST_LOCK_SYNCS[3];
    }

    /**
     * The calling thread, holding the nest lock of {@code sync} {@code holds} times (0: no nest lock), waits on
     * {@code condition}; inside a synchronizer that is the synchronizer's wait, not reported, unless the thread waits
     * in an executor's queue, for work or for tasks ({@link ExecutorHooks}).
     */
    private static void conditionWait(Object sync, int holds, Object condition) {
        if (holds > 0) {
            OmptThread t = Locks.thread();
            if (t == null || t.inTool()) {
                return;
            }
            if (t.synchronizerDepth() > 0) {
                ExecutorHooks.waits(t);
            } else if (t.currentTask() != null) {
                OmptRuntime.conditionWaitBegin(t, waitId(sync), holds, waitId(condition));
            }
        }
    }

    /**
     * A queueing acquisition returned: if it took the lock again after a condition wait, the wait ends,
     * holding the lock as before.
     */
    public static void conditionWaitEnd() {
        if (HEALTH.enabled()) {
            OmptThread t = OmptThreads.current();
            if (t != null) {
                OmptRuntime.conditionWaitEnd(t);
            }
        }
    }
}
