package io.github.ompt4j.profile.jfr;

/**
 * One {@code ompt.*} duration event on one thread, reduced to what folding needs. Times are nanoseconds since
 * the epoch. Fields hold the event's IDs where it has them (0 otherwise); {@code kind} is its {@code kind}
 * field (sync regions and mutexes), {@code callSite} its call site, or {@code null}.
 */
public final class Span {
    public final SpanType type;
    public final long start;
    public final long end;
    public final long parallelId;
    public final long taskId;
    public final long waitId;
    /** An implicit task's member number in its team; 0 for other spans. */
    public final int threadNum;
    public final String kind;
    public final String callSite;

    public Span(SpanType type, long start, long end, long parallelId, long taskId, long waitId, int threadNum,
            String kind, String callSite) {
        this.type = type;
        this.start = start;
        this.end = end;
        this.parallelId = parallelId;
        this.taskId = taskId;
        this.waitId = waitId;
        this.threadNum = threadNum;
        this.kind = kind;
        this.callSite = callSite;
    }

    public boolean contains(long t) {
        return start <= t && t < end;
    }

    @Override
    public String toString() {
        return type + " [" + start + ", " + end + ") region " + parallelId + " task " + taskId + " wait " + waitId
                + (kind == null ? "" : " " + kind);
    }
}
