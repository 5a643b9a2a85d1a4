package io.github.ompt4j.profile.model;

import java.util.Objects;

/** One member of a region's team: the thread, its number, and its implicit task's span. Immutable. */
public final class TeamMember {
    private final ProfileThread thread;
    private final int threadNum;
    private final long implicitTaskId;
    private final long startNanos;
    private final long endNanos;

    public TeamMember(ProfileThread thread, int threadNum, long implicitTaskId, long startNanos, long endNanos) {
        this.thread = Objects.requireNonNull(thread, "thread");
        this.threadNum = threadNum;
        this.implicitTaskId = implicitTaskId;
        this.startNanos = startNanos;
        this.endNanos = endNanos;
    }

    public ProfileThread thread() {
        return thread;
    }

    /** {@code omp_get_thread_num()} in the team: 0 is the master. */
    public int threadNum() {
        return threadNum;
    }

    public long implicitTaskId() {
        return implicitTaskId;
    }

    /** The implicit task's begin, nanoseconds since the epoch. */
    public long startNanos() {
        return startNanos;
    }

    /** The implicit task's end (after the region's closing barrier), nanoseconds since the epoch. */
    public long endNanos() {
        return endNanos;
    }
}
