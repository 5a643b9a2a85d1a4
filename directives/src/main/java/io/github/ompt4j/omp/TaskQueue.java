package io.github.ompt4j.omp;

/**
 * One team member's ready tasks: a ring-buffer deque. The owner pushes and pops the newest (depth first,
 * warm caches); thieves take the oldest (the biggest pieces of work). A monitor guards it: tasks are
 * coarse enough that an uncontended lock is not what limits them.
 */
final class TaskQueue {
    private ExplicitTask[] ring = new ExplicitTask[32];
    private int head;
    private int size;

    synchronized void push(ExplicitTask task) {
        if (size == ring.length) {
            ExplicitTask[] bigger = new ExplicitTask[ring.length * 2];
            for (int i = 0; i < size; i++) {
                bigger[i] = ring[(head + i) & (ring.length - 1)];
            }
            ring = bigger;
            head = 0;
        }
        ring[(head + size) & (ring.length - 1)] = task;
        size++;
    }

    synchronized ExplicitTask popNewest() {
        if (size == 0) {
            return null;
        }
        size--;
        int i = (head + size) & (ring.length - 1);
        ExplicitTask task = ring[i];
        ring[i] = null;
        return task;
    }

    synchronized ExplicitTask stealOldest() {
        if (size == 0) {
            return null;
        }
        ExplicitTask task = ring[head];
        ring[head] = null;
        head = (head + 1) & (ring.length - 1);
        size--;
        return task;
    }

    /** Drops every queued task: used after a team failed, when no one will run them. */
    synchronized void clear() {
        java.util.Arrays.fill(ring, null);
        head = 0;
        size = 0;
    }
}
