package io.github.ompt4j.jfr.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Unsigned;

/**
 * One thread's part of a worksharing construct, from {@code worksharing_begin} to
 * {@code worksharing_end}; the construct's implicit barrier follows as a {@link SyncRegionEvent}.
 */
@Name(WorkEvent.NAME)
@Label("Worksharing Construct")
@Category({OmptCategories.ROOT, OmptCategories.WORKSHARING})
@Description("A thread is in a loop, sections or single construct, from worksharing_begin to worksharing_end (before the construct's barrier).")
@StackTrace(false)
public final class WorkEvent extends Event {
    /** The JFR name, for readers of recordings. */
    public static final String NAME = "ompt.Work";

    @Label("Type")
    @Description("loop_static, loop_dynamic, loop_guided, loop_auto, sections, single (the executor), single_other or workshare.")
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

    @Label("Count")
    @Description("Iterations of a loop, sections of a sections construct, 1 for single.")
    @Unsigned
    public long count;

    @Label("Call Site")
    @Description("Where the program entered the construct, as Class.method(File.java:line); absent when unknown.")
    public String callSite;
}
