package io.github.ompt4j.jfr.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Unsigned;

/**
 * A parallel region from {@code parallel_begin} to {@code parallel_end}, committed by the thread that ends it.
 * Its stack is not taken at that commit: the region's {@link OriginEvent}, committed at the begin on the
 * encountering thread, carries the stack that entered it.
 */
@Name(ParallelRegionEvent.NAME)
@Label("Parallel Region")
@Category({OmptCategories.ROOT, OmptCategories.REGIONS})
@Description("A parallel region, from the fork to the join, committed by the thread that ends it (a pool submission ends on the worker that completes its root task); the stack that entered it is on its ompt.Origin event.")
@StackTrace(false)
public final class ParallelRegionEvent extends Event {
    /** The JFR name, for readers of recordings. */
    public static final String NAME = "ompt.ParallelRegion";

    @Label("Parallel Region ID")
    @Description("The region; its members' ompt.ImplicitTask events carry the same ID.")
    @ParallelId
    @Unsigned
    public long parallelId;

    @Label("Encountering Task ID")
    @Description("The task that encountered the construct: the parent of the region's implicit tasks.")
    @TaskId
    @Unsigned
    public long encounteringTaskId;

    @Label("Parent Region ID")
    @Description("The region of the encountering task, the one this region is nested in; 0 for an outermost region. The encountering task may have no event of its own (a pool's task under the threshold), so the nesting is recorded here.")
    @ParallelId
    @Unsigned
    public long parentParallelId;

    @Label("Requested Team Size")
    @Description("The team size the program asked for.")
    @Unsigned
    public int requestedTeamSize;

    @Label("Team Size")
    @Description("The threads that ran the region, from its implicit tasks; 0 when none was seen.")
    @Unsigned
    public int teamSize;

    @Label("Participants")
    @Description("The threads that ran a task of the region: its team for a directive region; for a pool's region or a stream, the workers (and the caller) that ran its tasks.")
    @Unsigned
    public int participants;

    @Label("Invoker")
    @Description("program: the encountering thread runs the master's implicit task; runtime: the runtime does.")
    public String invoker;

    @Label("Call Site")
    @Description("Where the program entered the construct, as Class.method(File.java:line); absent when unknown.")
    public String callSite;
}
