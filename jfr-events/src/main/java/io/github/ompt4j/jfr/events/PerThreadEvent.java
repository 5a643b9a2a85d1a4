package io.github.ompt4j.jfr.events;

import jdk.jfr.Description;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.SettingDefinition;

/**
 * An event about one thread that each thread writes once or a few times in its life: its begin and end, its
 * initial task, its state samples. Written for a virtual thread only where the settings ask
 * ({@link VirtualThreadsSetting}); the writer says which thread it is about.
 */
public abstract class PerThreadEvent extends Event {
    /** Whether the thread the event is about is a virtual thread; not recorded. */
    public transient boolean aboutVirtualThread;

    @SettingDefinition
    @Name("virtualThreads")
    @Label("Virtual Threads")
    @Description("Whether virtual threads write this event too: a server makes one per request, so it would be one"
            + " event per request (JFR's own jdk.VirtualThreadStart is off by default for that reason).")
    protected boolean virtualThreads(VirtualThreadsSetting setting) {
        return !aboutVirtualThread || setting.recorded();
    }
}
