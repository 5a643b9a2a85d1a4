package io.github.ompt4j.jfr.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Unsigned;

/**
 * A worker waiting for work between regions, from {@code idle_begin} to {@code idle_end}: its state is
 * {@code idle} for the whole span.
 */
@Name(IdleEvent.NAME)
@Label("Idle")
@Category({OmptCategories.ROOT, OmptCategories.THREADS})
@Description("A worker thread waits for work between parallel regions (idle_begin to idle_end).")
@StackTrace(false)
public final class IdleEvent extends Event {
    /** The JFR name, for readers of recordings. */
    public static final String NAME = "ompt.Idle";

    @Label("OMPT Thread ID")
    @Description("The worker's OMPT thread ID.")
    @OmptThreadId
    @Unsigned
    public long ompThreadId;
}
