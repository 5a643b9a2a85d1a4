package io.github.ompt4j.model;

/** The implementations of {@code atomic} that can make a thread wait, enumerated by {@code ompt_enumerate_atomic_types}. Code 0 is {@code ompt_atomic_type_first}, the placeholder that starts the enumeration. */
public enum OmptAtomicType implements Codes.Coded {
    /** {@code ompt_atomic_type_first}: starts an enumeration. */
    FIRST(0),
    /** The atomic construct runs under a lock shared by all atomic constructs. */
    LOCK(1),
    /** A compare-and-swap retry loop. */
    CAS_RETRY(2);

    private static final OmptAtomicType[] BY_CODE = Codes.index(values());

    private final int code;
    private final String ompName;

    OmptAtomicType(int code) {
        this.code = code;
        this.ompName = "ompt_atomic_type_" + Codes.lowerName(this);
    }

    /** The numeric code. */
    public int code() {
        return code;
    }

    /** The spec's name, {@code ompt_atomic_type_...}. */
    public String ompName() {
        return ompName;
    }

    /** The constant with this code, or {@code null} if there is none. */
    public static OmptAtomicType ofCode(int code) {
        return Codes.lookup(BY_CODE, code);
    }
}
