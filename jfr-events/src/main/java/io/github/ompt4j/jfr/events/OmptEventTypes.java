package io.github.ompt4j.jfr.events;

import java.util.List;
import jdk.jfr.Event;

/** Every event type of ompt4j, in the order of the README's table. */
public final class OmptEventTypes {
    /** The event types; each has an {@code ompt.}-prefixed {@link jdk.jfr.Name}. */
    public static final List<Class<? extends Event>> ALL = List.of(
            ParallelRegionEvent.class, ImplicitTaskEvent.class, InitialTaskEvent.class, TaskEvent.class,
            TaskCreateEvent.class, TaskDependenceEvent.class, SyncRegionEvent.class, SyncRegionWaitEvent.class,
            MutexAcquireEvent.class, MutexHeldEvent.class, LockInitEvent.class, LockDestroyEvent.class,
            WorkEvent.class, DispatchEvent.class, MasterEvent.class, IdleEvent.class, ThreadBeginEvent.class,
            ThreadEndEvent.class, ThreadStateEvent.class, ControlEvent.class);

    /** The duration events, one per begin/end pair of callbacks; the others are instants (and one sample). */
    public static final List<Class<? extends Event>> SPANS = List.of(
            ParallelRegionEvent.class, ImplicitTaskEvent.class, TaskEvent.class, SyncRegionEvent.class,
            SyncRegionWaitEvent.class, MutexAcquireEvent.class, MutexHeldEvent.class, WorkEvent.class,
            DispatchEvent.class, MasterEvent.class, IdleEvent.class);

    private OmptEventTypes() {
    }

    /** The JFR name of an event type, {@code ompt.ParallelRegion} for {@link ParallelRegionEvent}. */
    public static String nameOf(Class<? extends Event> type) {
        return type.getAnnotation(jdk.jfr.Name.class).value();
    }
}
