package io.github.ompt4j.jfr.events;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;
import jdk.jfr.Unsigned;

/**
 * A thread became known to the runtime ({@code thread_begin}); it maps the JFR thread to its OMPT ID
 * and type.
 */
@Name(ThreadBeginEvent.NAME)
@Label("Thread Begin")
@Category({OmptCategories.ROOT, OmptCategories.THREADS})
@Description("A thread became known to the OpenMP runtime (thread_begin): its OMPT ID and type.")
@StackTrace(false)
public final class ThreadBeginEvent extends PerThreadEvent {
    /** The JFR name, for readers of recordings. */
    public static final String NAME = "ompt.ThreadBegin";

    @Label("Thread Type")
    @Description("initial, worker or other.")
    public String threadType;

    @Label("OMPT Thread ID")
    @Description("The thread's OMPT ID.")
    @OmptThreadId
    @Unsigned
    public long ompThreadId;

    @Label("Thread Name")
    @Description("The thread's name when it began. A recording names each thread as it is when the recording is"
            + " written, and JDK 19 and later rename the launcher's main thread DestroyJavaVM once main returns.")
    public String threadName;
}
