package io.github.ompt4j.model.collector;

/**
 * The requests of {@code __omp_collector_api} ({@code OMP_COLLECTORAPI_REQUEST}), with the header's
 * codes and the layout of each one's {@code mem} in a request buffer (see {@link CollectorApi#request}).
 *
 * <p>{@link #memBytes()} is what {@code mem} must hold, input or output; {@link #returnBytes()} is what
 * a successful request writes (its {@code rsz}). The requests whose {@code mem} holds a {@code long}
 * need {@code mem} at an 8-byte-aligned index ({@link #holdsLong()}).
 */
public enum CollectorRequest {
    /** Starts a session. */
    START(0, 0, 0),
    /** In: {@code {int event, int pad, long handle}}. */
    REGISTER(1, 16, 0),
    /** In: {@code int event}. */
    UNREGISTER(2, 4, 0),
    /** Out: {@code {int THR_state, int pad, long wait_id}}. */
    STATE(3, 16, 16),
    /** Out: {@code long region_id}. */
    CURRENT_PRID(4, 8, 8),
    /** Out: {@code long region_id}. */
    PARENT_PRID(5, 8, 8),
    STOP(6, 0, 0),
    PAUSE(7, 0, 0),
    RESUME(8, 0, 0);

    /** Codes are dense from 0 in declaration order (checked by the tests), so a code indexes this. */
    private static final CollectorRequest[] VALUES = values();

    private final int code;
    private final int memBytes;
    private final int returnBytes;

    CollectorRequest(int code, int memBytes, int returnBytes) {
        this.code = code;
        this.memBytes = memBytes;
        this.returnBytes = returnBytes;
    }

    /** The header's {@code OMP_REQ_*} value. */
    public int code() {
        return code;
    }

    /** How many bytes of {@code mem} the request reads or writes. */
    public int memBytes() {
        return memBytes;
    }

    /** The {@code rsz} of a successful request: the size of the data it returns. */
    public int returnBytes() {
        return returnBytes;
    }

    /** Whether {@code mem} holds a {@code long}, and so must start at an 8-byte-aligned index. */
    public boolean holdsLong() {
        return memBytes >= Long.BYTES;
    }

    /** The request with this code, or {@code null} if there is none. */
    public static CollectorRequest ofCode(int code) {
        return code >= 0 && code < VALUES.length ? VALUES[code] : null;
    }
}
