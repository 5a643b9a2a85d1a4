package io.github.ompt4j.model;

import java.util.Arrays;

/**
 * One parallel region: its ID, its team, and the task that encountered it, fixed when it is created, so
 * that any thread (a sampler, a live inspector) may read them without locks; and the threads that took
 * part in it, which grow (under the region's own lock, once per thread) as threads start its tasks.
 */
public final class OmptParallel {
    private final long id;
    private final int requestedTeamSize;
    private final int teamSize;
    private final OmptTask encounteringTask;
    private final OmptInvoker invoker;
    private final long codeptr;
    /**
     * The program's call that started the region, as woven code marked it on the encountering thread; set by
     * that thread before the fork, so the members read it after theirs. A call-site token, 0 if none.
     */
    private long markedCallSite;
    private long[] participants;
    private int participantCount;

    OmptParallel(long id, int requestedTeamSize, int teamSize, OmptTask encounteringTask, OmptInvoker invoker,
            long codeptr) {
        this.id = id;
        this.requestedTeamSize = requestedTeamSize;
        this.teamSize = teamSize;
        this.encounteringTask = encounteringTask;
        this.invoker = invoker;
        this.codeptr = codeptr;
        this.participants = new long[Math.max(1, teamSize)];
    }

    /** Thread {@code threadId} runs a task of this region; a thread is counted once. */
    synchronized void participate(long threadId) {
        for (int i = 0; i < participantCount; i++) {
            if (participants[i] == threadId) {
                return;
            }
        }
        if (participantCount == participants.length) {
            participants = Arrays.copyOf(participants, 2 * participantCount);
        }
        participants[participantCount++] = threadId;
    }

    /** The IDs of the threads that ran a task of this region so far, in the order they first did. */
    public synchronized long[] participants() {
        return Arrays.copyOf(participants, participantCount);
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

    /** The token of the program's call that started the region, if woven code marked it; else 0. */
    public long markedCallSite() {
        return markedCallSite;
    }

    /** Called by the encountering thread before the members start: see {@link #markedCallSite()}. */
    public void markCallSite(long token) {
        markedCallSite = token;
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
