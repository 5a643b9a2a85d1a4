package io.github.ompt4j.agent.it;

import io.github.ompt4j.model.OmptInquiry;
import io.github.ompt4j.model.OmptState;
import io.github.ompt4j.model.OmptTaskInfo;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreads;

/**
 * What the test programs print about themselves, like LLVM's {@code print_ids}: the answers of the
 * inquiry functions, on the calling thread, in the print tool's line shape.
 */
final class Probe {
    private Probe() {
    }

    /** {@code <thread>: task level L: parallel_id=.., task_id=.., team_size=.., type=..}. */
    static void ids(int level) {
        OmptTaskInfo info = new OmptTaskInfo();
        boolean exists = OmptInquiry.taskInfo(level, info);
        System.out.println(OmptInquiry.threadId() + ": task level " + level + ": parallel_id=0x"
                + Long.toHexString(exists ? info.parallelId() : 0) + ", task_id=0x"
                + Long.toHexString(exists ? info.taskId() : 0) + ", team_size=" + OmptInquiry.parallelTeamSize(level)
                + ", type=" + (exists ? info.type().ompName() : "none"));
    }

    /** {@code <thread>: state=<name>, wait_id=<id>}. */
    static void state() {
        long[] wait = new long[1];
        int code = OmptInquiry.state(wait);
        System.out.println(OmptInquiry.threadId() + ": state=" + OmptState.ofCode(code).ompName() + ", wait_id=" + wait[0]);
    }

    /**
     * {@code <thread>: thread <other>: state=<name>, wait_id=<id>}: another thread's state as a sampler sees
     * it, once it is {@code expected} (or after 30 s, whatever it is then).
     */
    static void stateOf(Thread other, OmptState expected) {
        long deadline = System.nanoTime() + 30_000_000_000L;
        OmptThread t = OmptThreads.of(other);
        while ((t == null || t.state() != expected) && System.nanoTime() < deadline) {
            Thread.onSpinWait();
            t = OmptThreads.of(other);
        }
        System.out.println(OmptInquiry.threadId() + ": thread " + (t == null ? 0 : t.id()) + ": state="
                + (t == null ? "none" : t.state().ompName()) + ", wait_id=" + (t == null || !t.state().isWait() ? 0
                : t.waitId()));
    }

    /** A marker line, to order the program's own steps against the events. */
    static void say(String what) {
        System.out.println(OmptInquiry.threadId() + ": " + what);
    }

    /** Holds the calling thread until {@code count} threads have called, so that teams really overlap. */
    static void meet(java.util.concurrent.CyclicBarrier barrier) {
        try {
            barrier.await(30, java.util.concurrent.TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
