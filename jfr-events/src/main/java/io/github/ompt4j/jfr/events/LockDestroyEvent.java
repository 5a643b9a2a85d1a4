package io.github.ompt4j.jfr.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Unsigned;

/**
 * A lock or nest lock is about to be destroyed ({@code destroy_lock}).
 */
@Name(LockDestroyEvent.NAME)
@Label("Lock Destruction")
@Category({OmptCategories.ROOT, OmptCategories.SYNCHRONIZATION})
@Description("A lock or nest lock is about to be destroyed (destroy_lock).")
@StackTrace(false)
public final class LockDestroyEvent extends Event {
    /** The JFR name, for readers of recordings. */
    public static final String NAME = "ompt.LockDestroy";

    @Label("Wait ID")
    @Description("The lock.")
    @WaitId
    @Unsigned
    public long waitId;

    @Label("Call Site")
    @Description("Where the program entered the construct, as Class.method(File.java:line); absent when unknown.")
    public String callSite;
}
