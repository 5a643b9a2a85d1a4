package io.github.ompt4j.model.collector;

/** The codes a request answers in its {@code ec} field ({@code OMP_COLLECTORAPI_EC}), with the header's values. */
public enum CollectorErrorCode {
    OK(0),
    /** {@code mem} is not aligned for the request, or a REGISTER names a callback handle that does not exist. */
    ERROR(1),
    /** The request, or the event it names, is not known. */
    UNKNOWN(2),
    /** The event is known but not supported: the implementation range from 4096, where we define none. */
    UNSUPPORTED(3),
    /** The request came before START, after STOP, or is a second START. */
    SEQUENCE_ERR(4),
    /** Never returned: no request has been retired. */
    OBSOLETE(5),
    /** PARENT_PRID from a thread that is not the master of a team. */
    THREAD_ERR(6),
    /** {@code mem} is smaller than the request's layout; {@code rsz} then holds the size needed. */
    MEM_TOO_SMALL(7);

    /** Codes are dense from 0 in declaration order (checked by the tests), so a code indexes this. */
    private static final CollectorErrorCode[] VALUES = values();

    private final int code;

    CollectorErrorCode(int code) {
        this.code = code;
    }

    /** The header's {@code OMP_ERRCODE_*} value. */
    public int code() {
        return code;
    }

    /** The error code with this value, or {@code null} if there is none. */
    public static CollectorErrorCode ofCode(int code) {
        return code >= 0 && code < VALUES.length ? VALUES[code] : null;
    }
}
