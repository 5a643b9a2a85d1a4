package io.github.ompt4j.jfr.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Unsigned;

/**
 * A synchronization region (barrier, taskwait, taskgroup, reduction) on one thread, from its begin to its
 * end event. The waiting part is {@link SyncRegionWaitEvent}; the rest is the thread's arrival and departure
 * overhead (for a reduction: the combining work).
 */
@Name(SyncRegionEvent.NAME)
@Label("Synchronization Region")
@Category({OmptCategories.ROOT, OmptCategories.SYNCHRONIZATION})
@Description("A barrier, taskwait, taskgroup or reduction, from its begin to its end, on the thread that is in it.")
@StackTrace(false)
public final class SyncRegionEvent extends Event {
    /** The JFR name, for readers of recordings. */
    public static final String NAME = "ompt.SyncRegion";

    @Label("Kind")
    @Description("barrier, barrier_explicit, barrier_implicit_parallel, barrier_implicit_workshare, taskwait, taskgroup or reduction.")
    public String kind;

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

    @Label("Call Site")
    @Description("Where the program entered the construct, as Class.method(File.java:line); absent when unknown.")
    public String callSite;
}
