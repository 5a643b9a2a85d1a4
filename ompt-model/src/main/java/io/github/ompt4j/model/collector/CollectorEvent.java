package io.github.ompt4j.model.collector;

import io.github.ompt4j.model.OmptEvent;
import java.util.List;

/**
 * The events a collector can register for ({@code OMP_COLLECTORAPI_EVENT}), with the header's codes and
 * the OMPT events each one is made from. While a collector callback is registered for an event, the
 * bridge listens to exactly those OMPT events ({@link #sources()}); some of them carry more than one
 * collector event, told apart by their arguments (see {@code COLLECTOR.md}):
 * {@code barrier_*} gives IBAR or EBAR by the barrier kind, {@code worksharing_*} gives SINGLE only
 * for the thread that executes a single block, and {@code acquired_ordered} ends ODWT and begins ORDERED.
 * The end of a barrier or of a wait is delivered only if the bridge saw its begin, so its sources
 * include the begin's.
 *
 * <p>Every event here is supported. Codes from {@link #FIRST_IMPLEMENTATION_CODE} on are the
 * implementation's range; we define none there, so registering one answers UNSUPPORTED.
 */
public enum CollectorEvent {
    FORK(1, OmptEvent.PARALLEL_BEGIN),
    JOIN(2, OmptEvent.PARALLEL_END),
    THR_BEGIN_IDLE(3, OmptEvent.IDLE_BEGIN),
    THR_END_IDLE(4, OmptEvent.IDLE_END),
    THR_BEGIN_IBAR(5, OmptEvent.BARRIER_BEGIN),
    THR_END_IBAR(6, OmptEvent.BARRIER_BEGIN, OmptEvent.BARRIER_END),
    THR_BEGIN_EBAR(7, OmptEvent.BARRIER_BEGIN),
    THR_END_EBAR(8, OmptEvent.BARRIER_BEGIN, OmptEvent.BARRIER_END),
    THR_BEGIN_LKWT(9, OmptEvent.WAIT_LOCK, OmptEvent.WAIT_NEST_LOCK),
    THR_END_LKWT(10, OmptEvent.WAIT_LOCK, OmptEvent.WAIT_NEST_LOCK, OmptEvent.ACQUIRED_LOCK,
            OmptEvent.ACQUIRED_NEST_LOCK_FIRST),
    THR_BEGIN_CTWT(11, OmptEvent.WAIT_CRITICAL),
    THR_END_CTWT(12, OmptEvent.WAIT_CRITICAL, OmptEvent.ACQUIRED_CRITICAL),
    THR_BEGIN_ODWT(13, OmptEvent.WAIT_ORDERED),
    THR_END_ODWT(14, OmptEvent.WAIT_ORDERED, OmptEvent.ACQUIRED_ORDERED),
    THR_BEGIN_MASTER(15, OmptEvent.MASTER_BEGIN),
    THR_END_MASTER(16, OmptEvent.MASTER_END),
    THR_BEGIN_SINGLE(17, OmptEvent.WORKSHARING_BEGIN),
    THR_END_SINGLE(18, OmptEvent.WORKSHARING_END),
    THR_BEGIN_ORDERED(19, OmptEvent.ACQUIRED_ORDERED),
    THR_END_ORDERED(20, OmptEvent.RELEASE_ORDERED),
    THR_BEGIN_ATWT(21, OmptEvent.WAIT_ATOMIC),
    THR_END_ATWT(22, OmptEvent.WAIT_ATOMIC, OmptEvent.ACQUIRED_ATOMIC);

    /** {@code OMP_EVENT_THR_RESERVED_IMPL}: implementation-specific events start here. */
    public static final int FIRST_IMPLEMENTATION_CODE = 4096;

    /** Codes are dense from 1 in declaration order (checked by the tests), so {@code code - 1} indexes this. */
    private static final CollectorEvent[] VALUES = values();

    /** One more than the largest code: the size of tables indexed by code. */
    static final int TABLE_SIZE = VALUES.length + 1;

    private final int code;
    private final List<OmptEvent> sources;

    CollectorEvent(int code, OmptEvent... sources) {
        this.code = code;
        this.sources = List.of(sources);
    }

    /** The header's {@code OMP_EVENT_*} value. */
    public int code() {
        return code;
    }

    /** The OMPT events this event is made from. */
    public List<OmptEvent> sources() {
        return sources;
    }

    /** The event with this code, or {@code null} if there is none. */
    public static CollectorEvent ofCode(int code) {
        return code >= 1 && code <= VALUES.length ? VALUES[code - 1] : null;
    }
}
