package io.github.ompt4j.jfr.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Timespan;

/**
 * A stretch of a virtual thread the runtime knows on a carrier thread, reported by the virtual thread after it ended
 * ({@link io.github.ompt4j.model.VirtualThreadMounts}). async-profiler samples the carrier's OS thread and names the
 * carrier; folding gives the samples a carrier took in a stretch to its virtual thread, so that they stand where the
 * virtual thread's task does. An instant with the stretch's length and its distance from the event: JFR sets a
 * duration event's start and end itself, and the stretch was timed on the carrier.
 */
@Name(VirtualThreadMountEvent.NAME)
@Label("Virtual Thread Mount")
@Category({OmptCategories.ROOT, OmptCategories.THREADS})
@Description("A virtual thread the OpenMP runtime knows ran on a carrier thread for the time given, ending the time"
        + " given before this event.")
@StackTrace(false)
public final class VirtualThreadMountEvent extends Event {
    /** The JFR name, for readers of recordings. */
    public static final String NAME = "ompt.VirtualThreadMount";

    @Label("Carrier Thread")
    public Thread carrier;

    @Label("Virtual Thread")
    public Thread virtualThread;

    @Label("Mounted")
    @Description("How long the virtual thread was mounted on the carrier.")
    @Timespan(Timespan.NANOSECONDS)
    public long mounted;

    @Label("Reported After")
    @Description("How long after the stretch ended the virtual thread reported it: the stretch ended this long before"
            + " the event's time.")
    @Timespan(Timespan.NANOSECONDS)
    public long reportedAfter;
}
