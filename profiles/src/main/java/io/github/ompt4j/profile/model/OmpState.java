package io.github.ompt4j.profile.model;

import java.util.Locale;

/**
 * A thread's OMPT state, as the recording names it ({@code ompt.ThreadState}'s {@code state} field: the OMPT
 * name without its {@code ompt_state_} prefix), with what the user model makes of it: whether the time counts
 * as "OMP work" or "OMP wait", and the artificial leaf frame Sun's Analyzer puts on top of the user frames.
 *
 * <p>Work is every state in which the thread runs the program's code, serial or parallel, and reductions
 * (the white paper's work states: serial, work, reduction); wait is everything else the runtime does or
 * waits in: barriers, task waits, mutexes, overhead, and idleness (a worker waiting for a region, which the
 * Analyzer collapses to {@code <OMP-idle>}). The two add up to all sampled thread time.
 */
public enum OmpState {
    WORK_SERIAL(true, null),
    WORK_PARALLEL(true, null),
    WORK_REDUCTION(true, "<OMP-reduction>"),
    IDLE(false, "<OMP-idle>"),
    OVERHEAD(false, "<OMP-overhead>"),
    WAIT_BARRIER_IMPLICIT(false, "<OMP-implicit_barrier>"),
    WAIT_BARRIER_EXPLICIT(false, "<OMP-explicit_barrier>"),
    WAIT_TASKWAIT(false, "<OMP-taskwait>"),
    WAIT_TASKGROUP(false, "<OMP-taskgroup>"),
    WAIT_LOCK(false, "<OMP-lock_wait>"),
    WAIT_CRITICAL(false, "<OMP-critical_section_wait>"),
    WAIT_ATOMIC(false, "<OMP-atomic_section_wait>"),
    WAIT_ORDERED(false, "<OMP-ordered_section_wait>"),
    /** A thread the runtime does not know; its time is the program's (the Collector API's serial state). */
    UNDEFINED(true, null);

    private static final OmpState[] VALUES = values();
    private final boolean work;
    private final String artificialFrame;
    private final String ompName;

    OmpState(boolean work, String artificialFrame) {
        this.work = work;
        this.artificialFrame = artificialFrame;
        this.ompName = name().toLowerCase(Locale.ROOT);
    }

    /** The name in recordings and in OMPT without its prefix: {@code work_parallel}, {@code wait_lock} … */
    public String ompName() {
        return ompName;
    }

    /** True if the time counts as "OMP work", false if as "OMP wait". */
    public boolean isWork() {
        return work;
    }

    /**
     * True for a synchronization region's wait (barrier, taskwait, taskgroup), which recordings keep above a
     * threshold only; false for mutex waits, idleness and overhead.
     */
    public boolean isSyncWait() {
        return this == WAIT_BARRIER_IMPLICIT || this == WAIT_BARRIER_EXPLICIT || this == WAIT_TASKWAIT
                || this == WAIT_TASKGROUP;
    }

    /** True for a mutex's wait: a lock's, a critical's, an atomic's or an ordered construct's. */
    public boolean isMutexWait() {
        return this == WAIT_LOCK || this == WAIT_CRITICAL || this == WAIT_ATOMIC || this == WAIT_ORDERED;
    }

    /** The artificial frame the user model shows for this state, {@code null} for plain work. */
    public String artificialFrame() {
        return artificialFrame;
    }

    /**
     * The state a recording names ({@code work_parallel}, or the full {@code ompt_state_work_parallel});
     * {@link #UNDEFINED} for {@code null} and for names this reader does not know, such as the generic
     * {@code wait_barrier}, which becomes the implicit barrier.
     */
    public static OmpState fromOmpName(String name) {
        if (name == null) {
            return UNDEFINED;
        }
        String n = name.startsWith("ompt_state_") ? name.substring("ompt_state_".length()) : name;
        if (n.equals("wait_barrier")) {
            return WAIT_BARRIER_IMPLICIT;
        }
        for (OmpState s : VALUES) {
            if (s.ompName.equals(n)) {
                return s;
            }
        }
        return UNDEFINED;
    }
}
