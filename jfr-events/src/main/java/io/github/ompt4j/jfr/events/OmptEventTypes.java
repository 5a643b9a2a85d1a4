package io.github.ompt4j.jfr.events;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import jdk.jfr.Event;
import jdk.jfr.FlightRecorder;

/** Every event type of ompt4j, in the order of the README's table. */
public final class OmptEventTypes {
    /** The event types; each has an {@code ompt.}-prefixed {@link jdk.jfr.Name}. */
    public static final List<Class<? extends Event>> ALL = List.of(
            ParallelRegionEvent.class, OriginEvent.class, ImplicitTaskEvent.class, InitialTaskEvent.class,
            TaskEvent.class, TaskCreateEvent.class, TaskDependenceEvent.class, SyncRegionEvent.class, SyncRegionWaitEvent.class,
            MutexAcquireEvent.class, MutexHeldEvent.class, LockInitEvent.class, LockDestroyEvent.class,
            WorkEvent.class, DispatchEvent.class, MasterEvent.class, IdleEvent.class, ThreadBeginEvent.class,
            ThreadEndEvent.class, ThreadStateEvent.class, VirtualThreadMountEvent.class, ControlEvent.class);

    /** The duration events, one per begin/end pair of callbacks; the others are instants (and one sample). */
    public static final List<Class<? extends Event>> SPANS = List.of(
            ParallelRegionEvent.class, ImplicitTaskEvent.class, TaskEvent.class, SyncRegionEvent.class,
            SyncRegionWaitEvent.class, MutexAcquireEvent.class, MutexHeldEvent.class, WorkEvent.class,
            DispatchEvent.class, MasterEvent.class, IdleEvent.class);

    private static final AtomicBoolean REGISTERED = new AtomicBoolean();

    private OmptEventTypes() {
    }

    /**
     * Registers every type with JFR, once per JVM, so that recordings list the types (and JMC shows them)
     * before their first commit. Once: each {@link FlightRecorder#register} marks JFR's metadata stale, even
     * for a type registered before, and stale metadata is written again at the next flush of a running
     * recording; that rewrite made the C2 compiler spend about 300 ms on JFR's metadata writer while the
     * Mandelbrot demo ran. Called before the agent's recording starts, a registration costs nothing later.
     */
    public static void registerAll() {
        if (REGISTERED.compareAndSet(false, true)) {
            for (Class<? extends Event> type : ALL) {
                FlightRecorder.register(type);
            }
        }
    }

    /** The JFR name of an event type, {@code ompt.ParallelRegion} for {@link ParallelRegionEvent}. */
    public static String nameOf(Class<? extends Event> type) {
        return type.getAnnotation(jdk.jfr.Name.class).value();
    }
}
