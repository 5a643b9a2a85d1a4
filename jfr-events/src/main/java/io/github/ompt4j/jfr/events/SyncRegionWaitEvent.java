package io.github.ompt4j.jfr.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Unsigned;

/**
 * A thread waiting in a barrier, taskwait or taskgroup ({@code wait_barrier_begin} to
 * {@code wait_barrier_end} and the like): its state is the kind's wait state for the whole span. A task the
 * thread runs while it waits ends the wait first and begins it again afterwards, as TR2 requires.
 */
@Name(SyncRegionWaitEvent.NAME)
@Label("Synchronization Wait")
@Category({OmptCategories.ROOT, OmptCategories.SYNCHRONIZATION})
@Description("A thread waits in a barrier, taskwait or taskgroup; a task it runs meanwhile splits the wait in two.")
@StackTrace(false)
public final class SyncRegionWaitEvent extends Event {
    /** The JFR name, for readers of recordings. */
    public static final String NAME = "ompt.SyncRegionWait";

    @Label("Kind")
    @Description("barrier, barrier_explicit, barrier_implicit_parallel, barrier_implicit_workshare, taskwait or taskgroup.")
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

    @Label("Wait ID")
    @Description("What the thread waits for: the region of a barrier, the awaited task of a taskwait.")
    @WaitId
    @Unsigned
    public long waitId;

    @Label("Call Site")
    @Description("Where the program entered the construct, as Class.method(File.java:line); absent when unknown.")
    public String callSite;
}
