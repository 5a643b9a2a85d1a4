package io.github.ompt4j.jfr.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Unsigned;

/**
 * A thread left the runtime ({@code thread_end}). The initial thread reports none (TR2 makes it
 * optional and the JVM has no hook where {@code main}'s thread ends).
 */
@Name(ThreadEndEvent.NAME)
@Label("Thread End")
@Category({OmptCategories.ROOT, OmptCategories.THREADS})
@Description("A thread left the OpenMP runtime (thread_end); the initial thread never reports one.")
@StackTrace(false)
public final class ThreadEndEvent extends PerThreadEvent {
    /** The JFR name, for readers of recordings. */
    public static final String NAME = "ompt.ThreadEnd";

    @Label("Thread Type")
    @Description("initial, worker or other.")
    public String threadType;

    @Label("OMPT Thread ID")
    @Description("The thread's OMPT ID.")
    @OmptThreadId
    @Unsigned
    public long ompThreadId;
}
