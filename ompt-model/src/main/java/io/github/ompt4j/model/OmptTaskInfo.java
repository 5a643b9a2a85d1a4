package io.github.ompt4j.model;

/**
 * The out-parameters of {@code ompt_get_task_info}, in one reusable object so that a tool (a sampler,
 * say) can ask in a loop without allocating. The frame is the task's own, made when first asked for here:
 * a tool that asks for IDs only (the JFR tool, at every task switch) makes none.
 */
public final class OmptTaskInfo {
    OmptTaskType type;
    long taskId;
    OmptTask task;
    long parallelId;

    public OmptTaskType type() {
        return type;
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
