package io.github.ompt4j.model;

/** Why a task stopped running at a task switch. TR2 passes a zero prior task ID for a completed task; OpenMP 5.x names the reasons, and we pass them with the switch. Codes from OpenMP 5.x {@code ompt_task_status_t}. */
public enum OmptTaskStatus implements Codes.Coded {
    COMPLETE(1),
    YIELD(2),
    CANCEL(3),
    /** The prior task waits (taskwait, taskgroup, barrier, dependence) and another task runs; 5.x {@code ompt_task_switch}. */
    SWITCH(7);

    private static final OmptTaskStatus[] BY_CODE = Codes.index(values());

    private final int code;
    private final String ompName;

    OmptTaskStatus(int code) {
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
    public static OmptTaskStatus ofCode(int code) {
        return Codes.lookup(BY_CODE, code);
    }
}
