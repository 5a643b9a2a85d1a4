package io.github.ompt4j.model;

/** Task types (TR2 A.3 {@code ompt_task_type_t}). A degenerate task is the task of a serialized region that creates no new task. */
public enum OmptTaskType implements Codes.Coded {
    INITIAL(1),
    IMPLICIT(2),
    EXPLICIT(3),
    TARGET(4),
    DEGENERATE(5);

    private static final OmptTaskType[] BY_CODE = Codes.index(values());

    private final int code;
    private final String ompName;

    OmptTaskType(int code) {
        this.code = code;
        this.ompName = "ompt_task_" + Codes.lowerName(this);
    }

    /** The numeric code. */
    public int code() {
        return code;
    }

    /** The spec's name, {@code ompt_task_...}. */
    public String ompName() {
        return ompName;
    }

    /** The constant with this code, or {@code null} if there is none. */
    public static OmptTaskType ofCode(int code) {
        return Codes.lookup(BY_CODE, code);
    }
}
