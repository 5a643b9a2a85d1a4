package io.github.ompt4j.model;

/**
 * Kinds of synchronization regions (TR2 A.3 {@code ompt_sync_region_kind_t}: barrier 0, taskwait 1,
 * taskgroup 2).
 *
 * <p>TR2 has one barrier kind. Tools need to tell the implicit barrier that ends a parallel region
 * from the implicit barrier of a worksharing construct and from an explicit {@code barrier}, as
 * OpenMP 5.1 does, and we report {@code reduction} regions too. These refinements are
 * implementation-defined kinds (codes from 128 on, the range TR2 leaves to implementations); each
 * names its TR2 kind in {@link #generic()} and its OpenMP 5.1 code in {@link #openmp51Code()}.
 */
public enum OmptSyncRegionKind implements Codes.Coded {
    BARRIER(0, 1, OmptEvent.BARRIER_BEGIN, OmptEvent.BARRIER_END, OmptEvent.WAIT_BARRIER_BEGIN,
            OmptEvent.WAIT_BARRIER_END),
    TASKWAIT(1, 5, OmptEvent.TASKWAIT_BEGIN, OmptEvent.TASKWAIT_END, OmptEvent.WAIT_TASKWAIT_BEGIN,
            OmptEvent.WAIT_TASKWAIT_END),
    TASKGROUP(2, 6, OmptEvent.TASKGROUP_BEGIN, OmptEvent.TASKGROUP_END, OmptEvent.WAIT_TASKGROUP_BEGIN,
            OmptEvent.WAIT_TASKGROUP_END),
    BARRIER_EXPLICIT(128, BARRIER, 3),
    BARRIER_IMPLICIT_PARALLEL(129, BARRIER, 9),
    BARRIER_IMPLICIT_WORKSHARE(130, BARRIER, 8),
    /** Has no wait events: its combining is work, not waiting. */
    REDUCTION(131, 7, OmptEvent.REDUCTION_BEGIN, OmptEvent.REDUCTION_END, null, null);

    private static final OmptSyncRegionKind[] BY_CODE = Codes.index(values());

    private final int code;
    private final OmptSyncRegionKind generic;
    private final int openmp51Code;
    private final String ompName;
    /** The events of a region of this kind and of a wait in it, its generic kind's: begin, end, wait begin, wait end. */
    private final OmptEvent[] events;

    /** A kind of its own, reported with {@code events}. */
    OmptSyncRegionKind(int code, int openmp51Code, OmptEvent... events) {
        this.code = code;
        this.generic = this;
        this.openmp51Code = openmp51Code;
        this.ompName = "ompt_sync_region_" + Codes.lowerName(this);
        this.events = events;
    }

    /** A refinement of {@code generic}, reported with its events. */
    OmptSyncRegionKind(int code, OmptSyncRegionKind generic, int openmp51Code) {
        this.code = code;
        this.generic = generic;
        this.openmp51Code = openmp51Code;
        this.ompName = "ompt_sync_region_" + Codes.lowerName(this);
        this.events = generic.events;
    }

    public int code() {
        return code;
    }

    public String ompName() {
        return ompName;
    }

    /** The TR2 kind this one refines (itself for TR2's own kinds and for {@link #REDUCTION}). */
    public OmptSyncRegionKind generic() {
        return generic;
    }

    /** The code of the same kind in OpenMP 5.1's {@code ompt_sync_region_t}. */
    public int openmp51Code() {
        return openmp51Code;
    }

    /** The event that reports a region of this kind beginning ({@code begin}) or ending. */
    public OmptEvent regionEvent(boolean begin) {
        return events[begin ? 0 : 1];
    }

    /** The event that reports a wait in a region of this kind beginning or ending; {@code null} for a reduction. */
    public OmptEvent waitEvent(boolean begin) {
        return events[begin ? 2 : 3];
    }

    /** The state of a thread that waits in a region of this kind. */
    public OmptState waitState() {
        switch (this) {
            case TASKWAIT:
                return OmptState.WAIT_TASKWAIT;
            case TASKGROUP:
                return OmptState.WAIT_TASKGROUP;
            case BARRIER_EXPLICIT:
                return OmptState.WAIT_BARRIER_EXPLICIT;
            case REDUCTION:
                return OmptState.WORK_REDUCTION;
            default:
                return OmptState.WAIT_BARRIER_IMPLICIT;
        }
    }

    public static OmptSyncRegionKind ofCode(int code) {
        return Codes.lookup(BY_CODE, code);
    }
}
