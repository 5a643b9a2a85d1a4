package io.github.ompt4j.jfr.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Unsigned;

/**
 * Where the program entered a construct whose work runs on other threads, with the entering thread's stack:
 * a region's begin ({@code parallel_begin}), or the creation of a task by serial code ({@code task_begin} from
 * an initial task: a {@code CompletableFuture} stage) or by a task outside any region calling the program's code
 * (from an explicit task, with a call site: a stage a request's code creates). The stack is the user model's master
 * call-stack preface of that work; one taken inside a task stands on that task's own origin. It is taken here, at the begin, and not when the region's span is committed at its
 * end: a pool submission's region ends on the worker that completes its root task, whose stack says nothing
 * of the submitter.
 *
 * <p>Code that creates stages from one method, one after another, shares one stack among those it creates
 * within {@code 100 us} (a walk costs a microsecond or two, as much as the rest of a stage's bookkeeping): a task's
 * origin stands for the tasks its {@code parentTaskId} creates after it (by ID) until that task's next origin.
 */
@Name(OriginEvent.NAME)
@Label("Origin")
@Category({OmptCategories.ROOT, OmptCategories.REGIONS})
@Description("The stack where the program entered a region (parallelId) or created a task from serial code or from a task outside regions (taskId): the call stack its work stands on in the user model.")
@StackTrace(true)
public final class OriginEvent extends Event {
    /** The JFR name, for readers of recordings. */
    public static final String NAME = "ompt.Origin";

    @Label("Parallel Region ID")
    @Description("The region that began; 0 for a task's origin.")
    @ParallelId
    @Unsigned
    public long parallelId;

    @Label("Task ID")
    @Description("The task created; 0 for a region's origin.")
    @TaskId
    @Unsigned
    public long taskId;

    @Label("Parent Task ID")
    @Description("For a task's origin, the task that created it (serial code's, or a task outside regions, on whose"
            + " own origin this one stands): the origin stands for the tasks it creates after this one, until its next"
            + " origin; 0 for a region's origin.")
    @TaskId
    @Unsigned
    public long parentTaskId;
}
