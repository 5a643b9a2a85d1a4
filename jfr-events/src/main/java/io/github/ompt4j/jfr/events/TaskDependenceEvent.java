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
 * A dependence that blocked a task ({@code task_dependence_pair}): the successor could not start before the
 * predecessor completed. Off by default, like {@link TaskEvent}.
 */
@Name(TaskDependenceEvent.NAME)
@Label("Task Dependence")
@Category({OmptCategories.ROOT, OmptCategories.TASKS})
@Description("A task could not start before another completed (task_dependence_pair); off by default.")
@StackTrace(false)
@Enabled(false)
public final class TaskDependenceEvent extends Event {
    /** The JFR name, for readers of recordings. */
    public static final String NAME = "ompt.TaskDependence";

    @Label("Predecessor Task ID")
    @Description("The task that had to complete first.")
    @TaskId
    @Unsigned
    public long predecessorTaskId;

    @Label("Successor Task ID")
    @Description("The task that waited for it.")
    @TaskId
    @Unsigned
    public long successorTaskId;
}
