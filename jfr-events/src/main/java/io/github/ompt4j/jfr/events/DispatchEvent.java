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
 * A chunk of a loop or a section that one thread took ({@code dispatch}), from the dispatch until the
 * thread's next dispatch or the end of the construct: the time the thread spent on it. Off by default: a
 * {@code dynamic,1} schedule dispatches every iteration.
 */
@Name(DispatchEvent.NAME)
@Label("Loop Chunk")
@Category({OmptCategories.ROOT, OmptCategories.WORKSHARING})
@Description("A thread runs a chunk of a loop or a section, from its dispatch until the next one or the end of the construct; off by default.")
@StackTrace(false)
@Enabled(false)
public final class DispatchEvent extends Event {
    /** The JFR name, for readers of recordings. */
    public static final String NAME = "ompt.Dispatch";

    @Label("Type")
    @Description("The worksharing type, as in ompt.Work.")
    public String type;

    @Label("Parallel Region ID")
    @Description("The region the event belongs to.")
    @ParallelId
    @Unsigned
    public long parallelId;

    @Label("Task ID")
    @Description("The task that encountered the construct.")
    @TaskId
    @Unsigned
    public long taskId;

    @Label("First Iteration")
    @Description("The first logical iteration of the chunk (the section number for sections).")
    @Unsigned
    public long first;

    @Label("Count")
    @Description("Iterations in the chunk (1 for a section).")
    @Unsigned
    public long count;
}
