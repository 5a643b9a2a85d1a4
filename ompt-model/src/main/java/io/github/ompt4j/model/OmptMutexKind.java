package io.github.ompt4j.model;

/**
 * Mutex kinds (TR2 A.3 {@code ompt_mutex_kind_t}), each with the state of a thread that waits for one, the
 * events that report its acquisition (a nest lock's first acquisition and last release), and whether it guards
 * a structured block, acquired and released by one construct.
 */
public enum OmptMutexKind implements Codes.Coded {
    /** Any mutex, when the runtime cannot tell which kind; never reported by this runtime. */
    MUTEX(0x10, OmptState.WAIT_LOCK, OmptEvent.WAIT_LOCK, OmptEvent.ACQUIRED_LOCK, OmptEvent.RELEASE_LOCK, false),
    LOCK(0x11, OmptState.WAIT_LOCK, OmptEvent.WAIT_LOCK, OmptEvent.ACQUIRED_LOCK, OmptEvent.RELEASE_LOCK, false),
    NEST_LOCK(0x12, OmptState.WAIT_LOCK, OmptEvent.WAIT_NEST_LOCK, OmptEvent.ACQUIRED_NEST_LOCK_FIRST,
            OmptEvent.RELEASE_NEST_LOCK_LAST, false),
    CRITICAL(0x13, OmptState.WAIT_CRITICAL, OmptEvent.WAIT_CRITICAL, OmptEvent.ACQUIRED_CRITICAL,
            OmptEvent.RELEASE_CRITICAL, true),
    ATOMIC(0x14, OmptState.WAIT_ATOMIC, OmptEvent.WAIT_ATOMIC, OmptEvent.ACQUIRED_ATOMIC, OmptEvent.RELEASE_ATOMIC,
            true),
    ORDERED(0x20, OmptState.WAIT_ORDERED, OmptEvent.WAIT_ORDERED, OmptEvent.ACQUIRED_ORDERED,
            OmptEvent.RELEASE_ORDERED, true);

    private static final OmptMutexKind[] BY_CODE = Codes.index(values());

    private final int code;
    private final String ompName;
    private final OmptState waitState;
    private final OmptEvent waitEvent;
    private final OmptEvent acquiredEvent;
    private final OmptEvent releaseEvent;
    private final boolean structured;

    OmptMutexKind(int code, OmptState waitState, OmptEvent waitEvent, OmptEvent acquiredEvent,
            OmptEvent releaseEvent, boolean structured) {
        this.code = code;
        this.ompName = "ompt_mutex_" + Codes.lowerName(this);
        this.waitState = waitState;
        this.waitEvent = waitEvent;
        this.acquiredEvent = acquiredEvent;
        this.releaseEvent = releaseEvent;
        this.structured = structured;
    }

    /** The numeric code. */
    public int code() {
        return code;
    }

    /** The spec's name, {@code ompt_mutex_...}. */
    public String ompName() {
        return ompName;
    }

    /** The state of a thread that waits for a mutex of this kind. */
    public OmptState waitState() {
        return waitState;
    }

    /** The event that reports a thread starting to acquire a mutex of this kind. */
    public OmptEvent waitEvent() {
        return waitEvent;
    }

    /** The event that reports a mutex of this kind acquired (a nest lock's first acquisition). */
    public OmptEvent acquiredEvent() {
        return acquiredEvent;
    }

    /** The event that reports a mutex of this kind released (a nest lock's last release). */
    public OmptEvent releaseEvent() {
        return releaseEvent;
    }

    /** Whether a mutex of this kind guards a structured block, acquired and released by one construct. */
    public boolean isStructured() {
        return structured;
    }

    /** The constant with this code, or {@code null} if there is none. */
    public static OmptMutexKind ofCode(int code) {
        return Codes.lookup(BY_CODE, code);
    }
}
