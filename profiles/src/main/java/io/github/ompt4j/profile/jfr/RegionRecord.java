package io.github.ompt4j.profile.jfr;

/** One {@code ompt.ParallelRegion} event. Times are nanoseconds since the epoch. */
public final class RegionRecord {
    public final long parallelId;
    public final long encounteringTaskId;
    public final ThreadRecord thread;
    public final long start;
    public final long end;
    public final int requestedTeamSize;
    public final int teamSize;
    /** The threads that ran a task of the region, as the runtime counted them; 0 if not recorded. */
    public final int participants;
    /** {@code Class.method(File.java:line)}, or empty. */
    public final String callSite;
    /** The stack trace's index in {@link StackTable}, -1 if the event has none. */
    public final int stack;
    /**
     * The region of the encountering task (0 for an initial task): as the event records it ({@code parentParallelId}),
     * or, in a recording without that field, from the task's own events; {@code null} if neither says. And the thread
     * that ran the task, if it has an event. The reader sets both once every task is read.
     */
    Long encounteringRegion;
    ThreadRecord encounteringThread;

    RegionRecord(long parallelId, long encounteringTaskId, ThreadRecord thread, long start, long end,
            int requestedTeamSize, int teamSize, int participants, String callSite, int stack) {
        this.parallelId = parallelId;
        this.encounteringTaskId = encounteringTaskId;
        this.thread = thread;
        this.start = start;
        this.end = end;
        this.requestedTeamSize = requestedTeamSize;
        this.teamSize = teamSize;
        this.participants = participants;
        this.callSite = callSite;
        this.stack = stack;
    }

    /** The region of the encountering task (0 outside regions), {@code null} if the recording does not say. */
    public Long encounteringRegion() {
        return encounteringRegion;
    }

    /** The thread that ran the encountering task, {@code null} if the recording does not say. */
    public ThreadRecord encounteringThread() {
        return encounteringThread;
    }
}
