package io.github.ompt4j.omp;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * One team member's ready tasks: a ring-buffer deque. The owner pushes and pops the newest (depth first,
 * warm caches); thieves take the oldest (the biggest pieces of work). A test-and-test-and-set spin lock
 * guards it: the critical sections are a few stores, so a monitor, which inflates and parks when a
 * thief and the owner collide, costs more than it saves. {@code size} is volatile so that others can
 * look for work without taking the lock.
 *
 * <p>A holder that throws (out of memory growing the ring, or a stack overflow at any call when tasks
 * nest deep) must not leave the lock held, or every member that looks for work would spin on it forever:
 * each locked section releases in a handler with a plain volatile write, which needs no call and so
 * cannot overflow the stack again. The normal path releases with a cheaper release store.
 */
final class TaskQueue {
    private static final VarHandle LOCKED;

    static {
        try {
            LOCKED = MethodHandles.lookup().findVarHandle(TaskQueue.class, "locked", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private ExplicitTask[] ring = new ExplicitTask[32];
    /** Tasks in transit from a victim to this queue; only this queue's owner steals into it. */
    private ExplicitTask[] loot = new ExplicitTask[16];
    private int head;
    private volatile int size;
    private volatile int locked;

    private void lock() {
        int spins = 0;
        while (!LOCKED.compareAndSet(this, 0, 1)) {
            do {
                // A preempted holder needs the processor more than this thread does.
                if (++spins % 64 == 0) {
                    Thread.yield();
                } else {
                    Thread.onSpinWait();
                }
            } while (locked != 0);
        }
    }

    private void unlock() {
        LOCKED.setRelease(this, 0);
    }

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    void push(ExplicitTask task) {
        lock();
        try {
            int n = size;
            if (n == ring.length) {
                ExplicitTask[] bigger = new ExplicitTask[ring.length * 2];
                for (int i = 0; i < n; i++) {
                    bigger[i] = ring[(head + i) & (ring.length - 1)];
                }
                ring = bigger;
                head = 0;
            }
            ring[(head + n) & (ring.length - 1)] = task;
            size = n + 1;
            unlock();
        } catch (Throwable e) {
            locked = 0;
            throw e;
        }
    }

    ExplicitTask popNewest() {
        if (size == 0) {
            return null;
        }
        lock();
        try {
            int n = size;
            ExplicitTask task = null;
            if (n != 0) {
                size = n - 1;
                int i = (head + n - 1) & (ring.length - 1);
                task = ring[i];
                ring[i] = null;
            }
            unlock();
            return task;
        } catch (Throwable e) {
            locked = 0;
            throw e;
        }
    }

    /**
     * Takes the older half of {@code victim}'s tasks: returns the oldest, to run now, and keeps the rest
     * here. Stealing in batches means a thief that keeps up with a producing master takes its lock once
     * per batch, not once per task. Never holds both locks at once.
     */
    ExplicitTask stealHalf(TaskQueue victim) {
        if (victim.size == 0) {
            return null;
        }
        victim.lock();
        int k;
        try {
            int n = victim.size;
            k = (n + 1) / 2;
            if (loot.length < k) {
                loot = new ExplicitTask[Math.max(k, loot.length * 2)];
            }
            for (int j = 0; j < k; j++) {
                loot[j] = victim.ring[victim.head];
                victim.ring[victim.head] = null;
                victim.head = (victim.head + 1) & (victim.ring.length - 1);
            }
            victim.size = n - k;
            victim.unlock();
        } catch (Throwable e) {
            victim.locked = 0;
            throw e;
        }
        for (int j = 1; j < k; j++) {
            push(loot[j]);
            loot[j] = null;
        }
        ExplicitTask first = loot[0];
        loot[0] = null;
        return first;
    }

    /** Drops every queued task: used after a team failed, when no one will run them. */
    void clear() {
        lock();
        try {
            for (ExplicitTask t : ring) {
                if (t != null) {
                    t.discarded();
                }
            }
            Arrays.fill(ring, null);
            head = 0;
            size = 0;
            unlock();
        } catch (Throwable e) {
            locked = 0;
            throw e;
        }
    }
}
