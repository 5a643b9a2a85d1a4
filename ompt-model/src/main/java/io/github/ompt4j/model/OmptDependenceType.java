package io.github.ompt4j.model;

/** Task dependence types (TR2 A.3 {@code ompt_task_dependence_flag_t}, a two-bit field). */
public enum OmptDependenceType implements Codes.Coded {
    OUT(1),
    IN(2),
    INOUT(3);

    private static final OmptDependenceType[] BY_CODE = Codes.index(values());

    private final int code;
    private final String ompName;

    OmptDependenceType(int code) {
        this.code = code;
        this.ompName = "ompt_task_dependence_type_" + Codes.lowerName(this);
    }

    /** The numeric code. */
    public int code() {
        return code;
    }

    /** The spec's name, {@code ompt_task_dependence_type_...}. */
    public String ompName() {
        return ompName;
    }

    /** The constant with this code, or {@code null} if there is none. */
    public static OmptDependenceType ofCode(int code) {
        return Codes.lookup(BY_CODE, code);
    }
}
