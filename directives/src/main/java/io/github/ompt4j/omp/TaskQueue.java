package io.github.ompt4j.omp;

import java.util.Arrays;

/**
 * One team member's ready tasks: a ring-buffer deque. The owner pushes and pops the newest (depth first,
 * warm caches); thieves take the oldest (the biggest pieces of work). A monitor guards it: tasks are
 * coarse enough that an uncontended lock is not what limits them. {@link #size} is volatile so that
 * others can look for work without taking the monitor.
 */
final class TaskQueue {
    private ExplicitTask[] ring = new ExplicitTask[32];
    private int head;
    private volatile int size;

    boolean isEmpty() {
        return size == 0;
    }

    int size() {
        return size;
    }

    synchronized void push(ExplicitTask task) {
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
    }

    synchronized ExplicitTask popNewest() {
        int n = size;
        if (n == 0) {
            return null;
        }
        size = n - 1;
        int i = (head + n - 1) & (ring.length - 1);
        ExplicitTask task = ring[i];
        ring[i] = null;
        return task;
    }

    synchronized ExplicitTask stealOldest() {
        int n = size;
        if (n == 0) {
            return null;
        }
        ExplicitTask task = ring[head];
        ring[head] = null;
        head = (head + 1) & (ring.length - 1);
        size = n - 1;
        return task;
    }

    /** Drops every queued task: used after a team failed, when no one will run them. */
    synchronized void clear() {
        Arrays.fill(ring, null);
        head = 0;
        size = 0;
    }
}
