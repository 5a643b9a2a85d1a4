package io.github.ompt4j.jfr.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Unsigned;

/**
 * One member's implicit task, from {@code implicit_task_begin} to {@code implicit_task_end}, committed
 * on the member's thread: in JMC's thread lanes it is the span during which the thread belongs to the region.
 */
@Name(ImplicitTaskEvent.NAME)
@Label("Implicit Task")
@Category({OmptCategories.ROOT, OmptCategories.TASKS})
@Description("A team member runs its implicit task of a parallel region, on its own thread, from implicit_task_begin to implicit_task_end.")
@StackTrace(false)
public final class ImplicitTaskEvent extends Event {
    /** The JFR name, for readers of recordings. */
    public static final String NAME = "ompt.ImplicitTask";

    @Label("Parallel Region ID")
    @Description("The region the task belongs to.")
    @ParallelId
    @Unsigned
    public long parallelId;

    @Label("Task ID")
    @Description("The implicit task.")
    @TaskId
    @Unsigned
    public long taskId;

    @Label("Team Size")
    @Description("The number of threads in the team.")
    @Unsigned
    public int teamSize;

    @Label("Thread Number")
    @Description("The thread's number in the team (omp_get_thread_num): 0 is the master.")
    @Unsigned
    public int threadNum;
}
