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
 * The creation of an explicit task ({@code task_begin}) on the creating thread, with its flags and the
 * call site of the task construct. Off by default, like {@link TaskEvent}.
 */
@Name(TaskCreateEvent.NAME)
@Label("Task Creation")
@Category({OmptCategories.ROOT, OmptCategories.TASKS})
@Description("An explicit task was created (task_begin), on the creating thread; off by default (one event per task).")
@StackTrace(false)
@Enabled(false)
public final class TaskCreateEvent extends Event {
    /** The JFR name, for readers of recordings. */
    public static final String NAME = "ompt.TaskCreate";

    @Label("Task ID")
    @Description("The new task.")
    @TaskId
    @Unsigned
    public long taskId;

    @Label("Parent Task ID")
    @Description("The task that created it.")
    @TaskId
    @Unsigned
    public long parentTaskId;

    @Label("Flags")
    @Description("undeferred, untied, final, mergeable, merged, joined by |; none when no flag is set.")
    public String flags;

    @Label("Call Site")
    @Description("Where the program entered the construct, as Class.method(File.java:line); absent when unknown.")
    public String callSite;
}
