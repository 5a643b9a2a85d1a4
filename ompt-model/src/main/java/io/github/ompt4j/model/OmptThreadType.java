package io.github.ompt4j.model;

/** Thread types (TR2 A.3 {@code ompt_thread_type_t}). */
public enum OmptThreadType implements Codes.Coded {
    INITIAL(1),
    WORKER(2),
    OTHER(3);

    private static final OmptThreadType[] BY_CODE = Codes.index(values());

    private final int code;
    private final String ompName;

    OmptThreadType(int code) {
        this.code = code;
        this.ompName = "ompt_thread_" + Codes.lowerName(this);
    }

    /** The numeric code. */
    public int code() {
        return code;
    }

    /** The spec's name, {@code ompt_thread_...}. */
    public String ompName() {
        return ompName;
    }

    /** The constant with this code, or {@code null} if there is none. */
    public static OmptThreadType ofCode(int code) {
        return Codes.lookup(BY_CODE, code);
    }
}
