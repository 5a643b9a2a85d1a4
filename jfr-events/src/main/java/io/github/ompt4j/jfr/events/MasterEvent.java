package io.github.ompt4j.jfr.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Unsigned;

/**
 * The master thread running a {@code master} (masked) construct, from {@code master_begin} to
 * {@code master_end}.
 */
@Name(MasterEvent.NAME)
@Label("Master Construct")
@Category({OmptCategories.ROOT, OmptCategories.WORKSHARING})
@Description("The master thread runs a master (masked) construct.")
@StackTrace(false)
public final class MasterEvent extends Event {
    /** The JFR name, for readers of recordings. */
    public static final String NAME = "ompt.Master";

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
