package io.github.ompt4j.model;

/**
 * The out-parameters of {@code ompt_get_task_info}, in one reusable object so that a tool (a sampler,
 * say) can ask in a loop without allocating.
 */
public final class OmptTaskInfo {
    OmptTaskType type;
    long taskId;
    OmptFrame frame;
    long parallelId;

    public OmptTaskType type() {
        return type;
    }

    /** The task's ID; 0 for a degenerate task. */
    public long taskId() {
        return taskId;
    }

    public OmptFrame frame() {
        return frame;
    }

    /** The ID of the task's region; 0 outside any region. */
    public long parallelId() {
        return parallelId;
    }
}
