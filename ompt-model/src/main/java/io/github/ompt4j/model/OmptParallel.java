package io.github.ompt4j.model;

/**
 * One parallel region: its ID, its team, and the task that encountered it. Immutable once created, so
 * that any thread (a sampler, a live inspector) may read it without locks.
 */
public final class OmptParallel {
    private final long id;
    private final int requestedTeamSize;
    private final int teamSize;
    private final OmptTask encounteringTask;
    private final OmptInvoker invoker;
    private final long codeptr;

    OmptParallel(long id, int requestedTeamSize, int teamSize, OmptTask encounteringTask, OmptInvoker invoker,
            long codeptr) {
        this.id = id;
        this.requestedTeamSize = requestedTeamSize;
        this.teamSize = teamSize;
        this.encounteringTask = encounteringTask;
        this.invoker = invoker;
        this.codeptr = codeptr;
    }

    public long id() {
        return id;
    }

    public int requestedTeamSize() {
        return requestedTeamSize;
    }

    /** The number of threads that actually run the region. */
    public int teamSize() {
        return teamSize;
    }

    /** The task that encountered the parallel construct. */
    public OmptTask encounteringTask() {
        return encounteringTask;
    }

    public OmptInvoker invoker() {
        return invoker;
    }

    /** The call site token of the construct, 0 if unknown. */
    public long codeptr() {
        return codeptr;
    }

    /** The directly enclosing region, or {@code null} for an outermost one. */
    public OmptParallel enclosing() {
        return encounteringTask == null ? null : encounteringTask.parallel();
    }

    /** The region {@code level} levels out from this one (0 is this one), or {@code null} beyond. */
    public OmptParallel ancestor(int level) {
        OmptParallel p = this;
        for (int i = 0; i < level && p != null; i++) {
            p = p.enclosing();
        }
        return level < 0 ? null : p;
    }
}
