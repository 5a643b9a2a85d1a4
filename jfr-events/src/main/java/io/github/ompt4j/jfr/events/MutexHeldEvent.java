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
 * A thread holding a mutex, from {@code acquired_*} to {@code release_*} (for a nest lock: from its first
 * acquisition to its last release). Off by default, like {@link MutexAcquireEvent}.
 */
@Name(MutexHeldEvent.NAME)
@Label("Mutex Held")
@Category({OmptCategories.ROOT, OmptCategories.SYNCHRONIZATION})
@Description("A thread holds a mutex, from acquired_* to release_*; off by default.")
@StackTrace(false)
@Enabled(false)
public final class MutexHeldEvent extends Event {
    /** The JFR name, for readers of recordings. */
    public static final String NAME = "ompt.MutexHeld";

    @Label("Kind")
    @Description("lock, nest_lock, critical, atomic or ordered.")
    public String kind;

    @Label("Wait ID")
    @Description("The mutex.")
    @WaitId
    @Unsigned
    public long waitId;

    @Label("Call Site")
    @Description("Where the mutex was acquired (known when ompt.MutexAcquire is recorded too).")
    public String callSite;
}
