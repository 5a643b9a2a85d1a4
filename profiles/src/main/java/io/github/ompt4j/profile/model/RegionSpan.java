package io.github.ompt4j.profile.model;

import java.util.List;
import java.util.Objects;

/**
 * One parallel region instance: its ID, where it sits (the enclosing region, the thread that committed it),
 * when it ran, its team. Times are nanoseconds since the epoch. Immutable.
 */
public final class RegionSpan {
    private final long parallelId;
    private final long parentParallelId;
    private final ProfileThread thread;
    private final long startNanos;
    private final long endNanos;
    private final int requestedTeamSize;
    private final String callSite;
    private final List<TeamMember> team;

    /**
     * @param parallelId        the region
     * @param parentParallelId  the region of its encountering task, 0 for an outermost region
     * @param thread            the thread whose {@code ompt.ParallelRegion} event it is: the thread that joined
     *                          it, today the encountering thread but for fork/join submissions from outside a pool
     * @param startNanos        the fork
     * @param endNanos          the join
     * @param requestedTeamSize the team size the program asked for
     * @param callSite          where the program entered the construct, {@code Class.method(File.java:line)}, or
     *                          empty when unknown
     * @param team              the members, by thread number
     */
    public RegionSpan(long parallelId, long parentParallelId, ProfileThread thread, long startNanos, long endNanos,
            int requestedTeamSize, String callSite, List<TeamMember> team) {
        this.parallelId = parallelId;
        this.parentParallelId = parentParallelId;
        this.thread = Objects.requireNonNull(thread, "thread");
        this.startNanos = startNanos;
        this.endNanos = endNanos;
        this.requestedTeamSize = requestedTeamSize;
        this.callSite = Objects.requireNonNull(callSite, "callSite");
        this.team = IndexedList.copyOf(team);
    }

    public long parallelId() {
        return parallelId;
    }

    /** The enclosing region, 0 for an outermost one. */
    public long parentParallelId() {
        return parentParallelId;
    }

    /** The thread that committed the region's event (see the constructor). */
    public ProfileThread thread() {
        return thread;
    }

    public long startNanos() {
        return startNanos;
    }

    public long endNanos() {
        return endNanos;
    }

    public int requestedTeamSize() {
        return requestedTeamSize;
    }

    /** {@code Class.method(File.java:line)}, or empty when unknown. */
    public String callSite() {
        return callSite;
    }

    /** The members with their implicit tasks, by thread number. */
    public List<TeamMember> team() {
        return team;
    }
}
