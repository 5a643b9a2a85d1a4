package io.github.ompt4j.model;

/**
 * The out-parameters of {@code ompt_get_task_info}, in one reusable object so that a tool (a sampler,
 * say) can ask in a loop without allocating. The frame is the task's own, made when first asked for here:
 * a tool that asks for IDs only (the JFR tool, at every task switch) makes none.
 *
 * <p>The object lives as long as the tool keeps it, and a reference stored into a long-lived object passes G1's
 * post-write barrier, which fences the processor when the value lies in another region: the type is kept as its
 * ordinal, and the task only when it differs from the one kept (a tool asking twice about one task stores once).
 */
public final class OmptTaskInfo {
    private static final OmptTaskType[] TYPES = OmptTaskType.values();

    /** The type's ordinal, -1 until filled in. */
    int type = -1;
    long taskId;
    OmptTask task;
    long parallelId;

    /** Fill in {@code task}'s information. */
    void fill(OmptTask of) {
        type = of.type().ordinal();
        taskId = of.type() == OmptTaskType.DEGENERATE ? 0 : of.id();
        if (task != of) {
            task = of;
        }
        parallelId = of.parallelId();
    }

    public OmptTaskType type() {
        return type < 0 ? null : TYPES[type];
    }

    /** The task's ID; 0 for a degenerate task. */
    public long taskId() {
        return taskId;
    }

    public OmptFrame frame() {
        return task == null ? null : task.frame();
    }

    /** The ID of the task's region; 0 outside any region. */
    public long parallelId() {
        return parallelId;
    }
}
