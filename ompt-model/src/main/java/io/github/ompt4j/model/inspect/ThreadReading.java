package io.github.ompt4j.model.inspect;

import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptState;
import io.github.ompt4j.model.OmptTask;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.VirtualThreads;
import java.util.concurrent.locks.LockSupport;

/**
 * One look at a thread the runtime knows, taken from another thread without stopping it: state (acquired
 * first), then wait ID and the time the wait began, then a copy of its task stack. Each read is of a value the
 * owner publishes; together they are the thread as it was at about one instant.
 */
final class ThreadReading {
    final OmptThread thread;
    final long javaId;
    /**
     * A virtual thread, and then its state as the JVM says it and what it is parked on (the JVM's thread bean, which
     * says both of the others, knows no virtual thread).
     */
    final boolean virtual;
    final Thread.State virtualState;
    final Object virtualBlocker;
    final OmptState state;
    final long waitId;
    final long waitSince;
    final OmptTask[] tasks;
    final int[] threadNums;
    final int depth;

    @SuppressWarnings("deprecation") // Thread.getId: threadId() is JDK 19+, and this runs on 17
    ThreadReading(OmptThread thread, Thread javaThread) {
        this.thread = thread;
        this.javaId = javaThread.getId();
        this.virtual = VirtualThreads.is(javaThread);
        this.virtualState = virtual ? javaThread.getState() : null;
        this.virtualBlocker = virtual ? LockSupport.getBlocker(javaThread) : null;
        this.state = thread.state();
        this.waitId = thread.waitId();
        this.waitSince = thread.waitSinceNanos();
        int room = thread.taskDepth() + 1;
        this.tasks = new OmptTask[room];
        this.threadNums = new int[room];
        this.depth = thread.copyTaskStack(tasks, threadNums);
    }

    /** The thread's name, or for a virtual thread that has none (most have), {@code virtual thread <Java ID>}. */
    String name() {
        return virtual && thread.name().isEmpty() ? "virtual thread " + javaId : thread.name();
    }

    /** The task the thread runs, or {@code null}. */
    OmptTask current() {
        return depth == 0 ? null : tasks[depth - 1];
    }

    /** The region of the thread's current task, or {@code null} outside any. */
    OmptParallel region() {
        OmptTask t = current();
        return t == null ? null : t.parallel();
    }

    int threadNum() {
        return depth == 0 ? 0 : threadNums[depth - 1];
    }

    /** The thread number of the outermost task of {@code region} on this thread's stack, or -1 if none is there. */
    int threadNumIn(OmptParallel region) {
        for (int i = 0; i < depth; i++) {
            if (tasks[i].parallel() == region) {
                return threadNums[i];
            }
        }
        return -1;
    }

    /** Whether the thread waits at the barrier of {@code region}: an implicit or explicit barrier of its own team. */
    boolean atBarrierOf(OmptParallel region) {
        return isBarrierWait() && region.id() == waitId && region() == region;
    }

    boolean isBarrierWait() {
        return state == OmptState.WAIT_BARRIER || state == OmptState.WAIT_BARRIER_IMPLICIT
                || state == OmptState.WAIT_BARRIER_EXPLICIT;
    }

    /** Milliseconds in the current state at {@code now}, or -1 for states that are not timed. */
    long inStateMillis(long now) {
        boolean timed = state.isWait() || state == OmptState.IDLE;
        return timed && waitSince != 0 ? Math.max(0, (now - waitSince) / 1_000_000) : -1;
    }

    /** Whether {@code task} or a task descended from it is on this thread's stack. */
    boolean runsTaskOrDescendantOf(long taskId) {
        for (int i = 0; i < depth; i++) {
            for (OmptTask t = tasks[i]; t != null; t = t.parent()) {
                if (t.id() == taskId) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether {@code taskId} is on this thread's stack itself. */
    boolean runs(long taskId) {
        for (int i = 0; i < depth; i++) {
            if (tasks[i].id() == taskId) {
                return true;
            }
        }
        return false;
    }
}
