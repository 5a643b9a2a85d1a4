package io.github.ompt4j.model;

/**
 * Thread states, with the codes of OMPT TR2 Appendix A.1.
 *
 * <p>OpenMP 5.x split some states further, for example the implicit barrier of a parallel region from
 * the implicit barrier of a worksharing construct ({@code ompt_state_wait_barrier_implicit_parallel} and
 * {@code ..._workshare}). We keep TR2's codes: both of those are {@link #WAIT_BARRIER_IMPLICIT} here, and
 * the sync-region kind passed with the barrier events ({@link OmptSyncRegionKind}) tells them apart.
 * Explicit barriers are {@link #WAIT_BARRIER_EXPLICIT}; the generic {@link #WAIT_BARRIER} is never
 * reported by this runtime but stays in the enumeration because TR2 defines it.
 */
public enum OmptState implements Codes.Coded {
    WORK_SERIAL(0x00),
    WORK_PARALLEL(0x01),
    WORK_REDUCTION(0x02),
    IDLE(0x10),
    OVERHEAD(0x20),
    WAIT_BARRIER(0x40),
    WAIT_BARRIER_IMPLICIT(0x41),
    WAIT_BARRIER_EXPLICIT(0x42),
    WAIT_TASKWAIT(0x50),
    WAIT_TASKGROUP(0x51),
    WAIT_LOCK(0x60),
    WAIT_CRITICAL(0x62),
    WAIT_ATOMIC(0x63),
    WAIT_ORDERED(0x64),
    WAIT_TARGET(0x70),
    WAIT_TARGET_DATA(0x71),
    WAIT_TARGET_UPDATE(0x72),
    UNDEFINED(0x80),
    /** Placeholder that starts {@code ompt_enumerate_state}; no thread is ever in it. */
    FIRST(0x81);

    private static final OmptState[] BY_CODE = Codes.index(values());

    private final int code;
    private final String ompName;

    OmptState(int code) {
        this.code = code;
        this.ompName = "ompt_state_" + Codes.lowerName(this);
    }

    /** The TR2 numeric code. */
    public int code() {
        return code;
    }

    /** The TR2 name, for example {@code ompt_state_wait_lock}. */
    public String ompName() {
        return ompName;
    }

    /** Whether a thread in this state is waiting (barrier, task, mutex or target waits). */
    public boolean isWait() {
        return code >= 0x40 && code < 0x80;
    }

    /** Whether a thread in this state waits for a mutex: a lock, critical, atomic or ordered construct (0x60s). */
    public boolean isMutexWait() {
        return code >= 0x60 && code < 0x70;
    }

    /** The state with this code, or {@code null} if there is none. */
    public static OmptState ofCode(int code) {
        return Codes.lookup(BY_CODE, code);
    }
}
