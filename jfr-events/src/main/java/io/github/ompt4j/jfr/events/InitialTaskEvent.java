package io.github.ompt4j.jfr.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Unsigned;

/**
 * The initial task of the initial thread ({@code initial_task_begin}); outermost regions name it as their
 * encountering task, which closes the chain region, implicit task, parent task.
 */
@Name(InitialTaskEvent.NAME)
@Label("Initial Task")
@Category({OmptCategories.ROOT, OmptCategories.TASKS})
@Description("The initial thread started its initial task (initial_task_begin): the encountering task of the program's outermost regions.")
@StackTrace(false)
public final class InitialTaskEvent extends PerThreadEvent {
    /** The JFR name, for readers of recordings. */
    public static final String NAME = "ompt.InitialTask";

    @Label("Task ID")
    @Description("The initial task.")
    @TaskId
    @Unsigned
    public long taskId;
}
