package io.github.ompt4j.model.collector;

import io.github.ompt4j.model.OmptState;

/**
 * Thread states as the Collector API reports them ({@code OMP_COLLECTOR_API_THR_STATE}), with the
 * header's codes, and {@link #of(OmptState)}: the one table that maps OMPT's states onto them.
 */
public enum CollectorState {
    THR_OVHD_STATE(1, false),
    THR_WORK_STATE(2, false),
    THR_IBAR_STATE(3, true),
    THR_EBAR_STATE(4, true),
    THR_IDLE_STATE(5, false),
    THR_SERIAL_STATE(6, false),
    THR_REDUC_STATE(7, false),
    THR_LKWT_STATE(8, true),
    THR_CTWT_STATE(9, true),
    THR_ODWT_STATE(10, true),
    THR_ATWT_STATE(11, true);

    /** Codes are dense from 1 in declaration order (checked by the tests), so {@code code - 1} indexes this. */
    private static final CollectorState[] VALUES = values();

    private final int code;
    private final boolean hasWaitId;

    CollectorState(int code, boolean hasWaitId) {
        this.code = code;
        this.hasWaitId = hasWaitId;
    }

    /** The header's {@code THR_*_STATE} value. */
    public int code() {
        return code;
    }

    /**
     * Whether STATE reports a wait ID in this state: the lock for LKWT, CTWT and ATWT, the barrier for
     * IBAR and EBAR, the ordered region for ODWT. In other states the header leaves it undefined; we
     * answer 0.
     */
    public boolean hasWaitId() {
        return hasWaitId;
    }

    /**
     * The Collector state of a thread in OMPT state {@code s}.
     *
     * <p>Choices the header leaves to us: a task waiting in {@code taskwait} or at the end of a
     * {@code taskgroup} is in {@link #THR_EBAR_STATE}, because it waits at synchronization the user
     * wrote, as at an explicit barrier; a wait for a target device is overhead; a thread whose state is
     * undefined (not yet or no longer running OpenMP code) is serial, as the header says of threads
     * outside any region.
     */
    public static CollectorState of(OmptState s) {
        switch (s) {
            case WORK_PARALLEL:
                return THR_WORK_STATE;
            case WORK_REDUCTION:
                return THR_REDUC_STATE;
            case IDLE:
                return THR_IDLE_STATE;
            case OVERHEAD:
            case WAIT_TARGET:
            case WAIT_TARGET_DATA:
            case WAIT_TARGET_UPDATE:
                return THR_OVHD_STATE;
            case WAIT_BARRIER:
            case WAIT_BARRIER_IMPLICIT:
                return THR_IBAR_STATE;
            case WAIT_BARRIER_EXPLICIT:
            case WAIT_TASKWAIT:
            case WAIT_TASKGROUP:
                return THR_EBAR_STATE;
            case WAIT_LOCK:
                return THR_LKWT_STATE;
            case WAIT_CRITICAL:
                return THR_CTWT_STATE;
            case WAIT_ATOMIC:
                return THR_ATWT_STATE;
            case WAIT_ORDERED:
                return THR_ODWT_STATE;
            default: // WORK_SERIAL, UNDEFINED, and FIRST, which is no thread's state
                return THR_SERIAL_STATE;
        }
    }

    /** The state with this code, or {@code null} if there is none. */
    public static CollectorState ofCode(int code) {
        return code >= 1 && code <= VALUES.length ? VALUES[code - 1] : null;
    }
}
