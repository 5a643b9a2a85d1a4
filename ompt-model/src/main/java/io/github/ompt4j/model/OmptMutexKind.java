package io.github.ompt4j.model;

/** Mutex kinds (TR2 A.3 {@code ompt_mutex_kind_t}). */
public enum OmptMutexKind {
    /** Any mutex, when the runtime cannot tell which kind; never reported by this runtime. */
    MUTEX(0x10),
    LOCK(0x11),
    NEST_LOCK(0x12),
    CRITICAL(0x13),
    ATOMIC(0x14),
    ORDERED(0x20);

    private static final OmptMutexKind[] BY_CODE = Codes.index(values(), OmptMutexKind::code);

    private final int code;
    private final String ompName;

    OmptMutexKind(int code) {
        this.code = code;
        this.ompName = "ompt_mutex_" + Codes.lowerName(this);
    }

    /** The numeric code. */
    public int code() {
        return code;
    }

    /** The spec's name, {@code ompt_mutex_...}. */
    public String ompName() {
        return ompName;
    }

    /** The constant with this code, or {@code null} if there is none. */
    public static OmptMutexKind ofCode(int code) {
        return Codes.lookup(BY_CODE, code);
    }
}
