package io.github.ompt4j.jfr.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Enabled;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Unsigned;

/**
 * The execution of an explicit task on the thread that runs it, from the {@code task_switch} that
 * starts it to the one that completes it. Tasks that run while their thread waits (at a barrier, in a taskwait)
 * nest inside the waiting task's span; under a threshold, a task that runs inside another explicit task of its
 * region (taken back by that task's join, not while the thread waits) has none of its own: its time is the enclosing
 * task's, and its switches read no clock. Off by default: a task-heavy program creates millions.
 */
@Name(TaskEvent.NAME)
@Label("Explicit Task")
@Category({OmptCategories.ROOT, OmptCategories.TASKS})
@Description("An explicit task runs on a thread, from the switch to it until it completes; off by default (one event per task).")
@StackTrace(false)
@Enabled(false)
public final class TaskEvent extends Event {
    /** The JFR name, for readers of recordings. */
    public static final String NAME = "ompt.Task";

    @Label("Task ID")
    @Description("The task.")
    @TaskId
    @Unsigned
    public long taskId;

    @Label("Parent Task ID")
    @Description("The task that created it.")
    @TaskId
    @Unsigned
    public long parentTaskId;

    @Label("Parallel Region ID")
    @Description("The region the task belongs to; 0 outside any region.")
    @ParallelId
    @Unsigned
    public long parallelId;
}
