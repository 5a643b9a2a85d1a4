package io.github.ompt4j.jfr;

/**
 * The task origin a thread recorded last, which the stages its serial code creates next stand on while they come
 * from the same method within {@link #SHARED_NANOS} of it. JFR's stack walk costs a microsecond or two, as much as
 * all the rest of a stage's bookkeeping, and a loop that creates stages creates them from one stack: a walk per
 * stage made the origins most of the agent's cost on a {@code CompletableFuture} pipeline. The method, not the
 * line: a profile's frames are methods, and a method that creates two stages (a quote and a discount) alternates
 * two lines. A thread whose path into the method changes faster than {@link #SHARED_NANOS} (one caller, then
 * another, with no pause between) has that much of the second path's stages under the first's stack.
 * Thread-confined, as {@link ThreadEvents} is.
 */
final class LastOrigin {
    /** How long an origin stands for the stages after it: a hundredth of the default sampling interval. */
    static final long SHARED_NANOS = 100_000;

    private long creator;
    private long method;
    private long takenAt;

    /**
     * Whether a stage that task {@code creator} creates in {@code method} ({@link CallSiteNames#method}) at
     * {@code now} stands on this origin: the same creating task and method, soon enough. An unknown creator or
     * method never does.
     */
    boolean covers(long creator, long method, long now) {
        return creator != 0 && method != 0 && creator == this.creator && method == this.method
                && now - takenAt < SHARED_NANOS;
    }

    /** {@code creator} recorded an origin for a stage it created in {@code method} at {@code now}. */
    void taken(long creator, long method, long now) {
        this.creator = creator;
        this.method = method;
        this.takenAt = now;
    }
}
