package io.github.ompt4j.jfr;

import static io.github.ompt4j.model.OmptEvent.ACQUIRED_ATOMIC;
import static io.github.ompt4j.model.OmptEvent.ACQUIRED_CRITICAL;
import static io.github.ompt4j.model.OmptEvent.ACQUIRED_LOCK;
import static io.github.ompt4j.model.OmptEvent.ACQUIRED_NEST_LOCK_FIRST;
import static io.github.ompt4j.model.OmptEvent.ACQUIRED_ORDERED;
import static io.github.ompt4j.model.OmptEvent.BARRIER_BEGIN;
import static io.github.ompt4j.model.OmptEvent.BARRIER_END;
import static io.github.ompt4j.model.OmptEvent.CONTROL;
import static io.github.ompt4j.model.OmptEvent.DESTROY_LOCK;
import static io.github.ompt4j.model.OmptEvent.DISPATCH;
import static io.github.ompt4j.model.OmptEvent.IDLE_BEGIN;
import static io.github.ompt4j.model.OmptEvent.IDLE_END;
import static io.github.ompt4j.model.OmptEvent.IMPLICIT_TASK_BEGIN;
import static io.github.ompt4j.model.OmptEvent.IMPLICIT_TASK_END;
import static io.github.ompt4j.model.OmptEvent.INITIAL_TASK_BEGIN;
import static io.github.ompt4j.model.OmptEvent.INIT_LOCK;
import static io.github.ompt4j.model.OmptEvent.INIT_NEST_LOCK;
import static io.github.ompt4j.model.OmptEvent.MASTER_BEGIN;
import static io.github.ompt4j.model.OmptEvent.MASTER_END;
import static io.github.ompt4j.model.OmptEvent.PARALLEL_BEGIN;
import static io.github.ompt4j.model.OmptEvent.PARALLEL_END;
import static io.github.ompt4j.model.OmptEvent.REDUCTION_BEGIN;
import static io.github.ompt4j.model.OmptEvent.REDUCTION_END;
import static io.github.ompt4j.model.OmptEvent.RELEASE_ATOMIC;
import static io.github.ompt4j.model.OmptEvent.RELEASE_CRITICAL;
import static io.github.ompt4j.model.OmptEvent.RELEASE_LOCK;
import static io.github.ompt4j.model.OmptEvent.RELEASE_NEST_LOCK_LAST;
import static io.github.ompt4j.model.OmptEvent.RELEASE_ORDERED;
import static io.github.ompt4j.model.OmptEvent.TASKGROUP_BEGIN;
import static io.github.ompt4j.model.OmptEvent.TASKGROUP_END;
import static io.github.ompt4j.model.OmptEvent.TASKWAIT_BEGIN;
import static io.github.ompt4j.model.OmptEvent.TASKWAIT_END;
import static io.github.ompt4j.model.OmptEvent.TASK_BEGIN;
import static io.github.ompt4j.model.OmptEvent.TASK_DEPENDENCE_PAIR;
import static io.github.ompt4j.model.OmptEvent.TASK_SWITCH;
import static io.github.ompt4j.model.OmptEvent.THREAD_BEGIN;
import static io.github.ompt4j.model.OmptEvent.THREAD_END;
import static io.github.ompt4j.model.OmptEvent.WAIT_ATOMIC;
import static io.github.ompt4j.model.OmptEvent.WAIT_BARRIER_BEGIN;
import static io.github.ompt4j.model.OmptEvent.WAIT_BARRIER_END;
import static io.github.ompt4j.model.OmptEvent.WAIT_CRITICAL;
import static io.github.ompt4j.model.OmptEvent.WAIT_LOCK;
import static io.github.ompt4j.model.OmptEvent.WAIT_NEST_LOCK;
import static io.github.ompt4j.model.OmptEvent.WAIT_ORDERED;
import static io.github.ompt4j.model.OmptEvent.WAIT_TASKGROUP_BEGIN;
import static io.github.ompt4j.model.OmptEvent.WAIT_TASKGROUP_END;
import static io.github.ompt4j.model.OmptEvent.WAIT_TASKWAIT_BEGIN;
import static io.github.ompt4j.model.OmptEvent.WAIT_TASKWAIT_END;
import static io.github.ompt4j.model.OmptEvent.WORKSHARING_BEGIN;
import static io.github.ompt4j.model.OmptEvent.WORKSHARING_END;

import io.github.ompt4j.jfr.events.ControlEvent;
import io.github.ompt4j.jfr.events.DispatchEvent;
import io.github.ompt4j.jfr.events.IdleEvent;
import io.github.ompt4j.jfr.events.ImplicitTaskEvent;
import io.github.ompt4j.jfr.events.InitialTaskEvent;
import io.github.ompt4j.jfr.events.LockDestroyEvent;
import io.github.ompt4j.jfr.events.LockInitEvent;
import io.github.ompt4j.jfr.events.MasterEvent;
import io.github.ompt4j.jfr.events.MutexAcquireEvent;
import io.github.ompt4j.jfr.events.MutexHeldEvent;
import io.github.ompt4j.jfr.events.OriginEvent;
import io.github.ompt4j.jfr.events.ParallelRegionEvent;
import io.github.ompt4j.jfr.events.SyncRegionEvent;
import io.github.ompt4j.jfr.events.SyncRegionWaitEvent;
import io.github.ompt4j.jfr.events.TaskCreateEvent;
import io.github.ompt4j.jfr.events.TaskDependenceEvent;
import io.github.ompt4j.jfr.events.TaskEvent;
import io.github.ompt4j.jfr.events.ThreadBeginEvent;
import io.github.ompt4j.jfr.events.ThreadEndEvent;
import io.github.ompt4j.jfr.events.ThreadStateEvent;
import io.github.ompt4j.jfr.events.WorkEvent;
import io.github.ompt4j.model.OmptEvent;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import jdk.jfr.Event;

/**
 * Which OMPT callbacks each JFR event type needs, one row per type: adding an event type is a row here (and its
 * handler in {@link JfrTool}). The tool registers only the callbacks of the types its settings switch on
 * ({@link #callbacksFor}), because registering a callback is not free even when JFR then drops the event.
 */
enum JfrBinding {
    /** The implicit tasks' begin tells the region its team size. */
    PARALLEL_REGION(ParallelRegionEvent.class, List.of(PARALLEL_BEGIN, PARALLEL_END, IMPLICIT_TASK_BEGIN)),
    /**
     * A region's master begins its implicit task at once, a pool submission creates its root task: the task
     * creations of serial code are the others. With the tasks, serial code's task creations (a CompletableFuture
     * stage) commit their origin; without, they are left out, since their call sites cost the adapter a walk each.
     */
    ORIGIN(OriginEvent.class, List.of(PARALLEL_BEGIN, IMPLICIT_TASK_BEGIN), List.of(TASK_BEGIN)),
    IMPLICIT_TASK(ImplicitTaskEvent.class, List.of(IMPLICIT_TASK_BEGIN, IMPLICIT_TASK_END)),
    INITIAL_TASK(InitialTaskEvent.class, List.of(INITIAL_TASK_BEGIN)),
    TASK(TaskEvent.class, List.of(TASK_SWITCH)),
    TASK_CREATE(TaskCreateEvent.class, List.of(TASK_BEGIN)),
    TASK_DEPENDENCE(TaskDependenceEvent.class, List.of(TASK_DEPENDENCE_PAIR)),
    /**
     * Taskwait and taskgroup come once per task in task-heavy code, and the adapter walks the stack for the call
     * site of each one a tool listens to: they go with the per-task events. Their waits, which carry the thread's
     * state, cost no walk and are always recorded.
     */
    SYNC_REGION(SyncRegionEvent.class, List.of(BARRIER_BEGIN, BARRIER_END, REDUCTION_BEGIN, REDUCTION_END),
            List.of(TASKWAIT_BEGIN, TASKWAIT_END, TASKGROUP_BEGIN, TASKGROUP_END)),
    SYNC_REGION_WAIT(SyncRegionWaitEvent.class, List.of(WAIT_BARRIER_BEGIN, WAIT_BARRIER_END, WAIT_TASKWAIT_BEGIN,
            WAIT_TASKWAIT_END, WAIT_TASKGROUP_BEGIN, WAIT_TASKGROUP_END)),
    /** Acquisitions end waits. */
    MUTEX_ACQUIRE(MutexAcquireEvent.class, List.of(WAIT_LOCK, WAIT_NEST_LOCK, WAIT_CRITICAL, WAIT_ATOMIC,
            WAIT_ORDERED, ACQUIRED_LOCK, ACQUIRED_NEST_LOCK_FIRST, ACQUIRED_CRITICAL, ACQUIRED_ATOMIC,
            ACQUIRED_ORDERED)),
    /** Acquisitions begin timed holds. */
    MUTEX_HELD(MutexHeldEvent.class, List.of(ACQUIRED_LOCK, ACQUIRED_NEST_LOCK_FIRST, ACQUIRED_CRITICAL,
            ACQUIRED_ATOMIC, ACQUIRED_ORDERED, RELEASE_LOCK, RELEASE_NEST_LOCK_LAST, RELEASE_CRITICAL,
            RELEASE_ATOMIC, RELEASE_ORDERED)),
    LOCK_INIT(LockInitEvent.class, List.of(INIT_LOCK, INIT_NEST_LOCK)),
    LOCK_DESTROY(LockDestroyEvent.class, List.of(DESTROY_LOCK)),
    WORK(WorkEvent.class, List.of(WORKSHARING_BEGIN, WORKSHARING_END)),
    /** A construct's chunks nest in it. */
    DISPATCH_CHUNK(DispatchEvent.class, List.of(WORKSHARING_BEGIN, WORKSHARING_END, DISPATCH)),
    MASTER(MasterEvent.class, List.of(MASTER_BEGIN, MASTER_END)),
    IDLE(IdleEvent.class, List.of(IDLE_BEGIN, IDLE_END)),
    THREAD_BEGINS(ThreadBeginEvent.class, List.of(THREAD_BEGIN)),
    THREAD_ENDS(ThreadEndEvent.class, List.of(THREAD_END)),
    /** Sampled ({@link ThreadStateSampler}), not called back. */
    THREAD_STATE(ThreadStateEvent.class, List.of()),
    CONTROLS(ControlEvent.class, List.of(CONTROL));

    final Class<? extends Event> type;
    private final List<OmptEvent> needs;
    /** What the type needs too when the per-task events ({@code ompt.Task}) are on. */
    private final List<OmptEvent> withTasks;

    JfrBinding(Class<? extends Event> type, List<OmptEvent> needs) {
        this(type, needs, List.of());
    }

    JfrBinding(Class<? extends Event> type, List<OmptEvent> needs, List<OmptEvent> withTasks) {
        this.type = type;
        this.needs = needs;
        this.withTasks = withTasks;
    }

    /**
     * The OMPT events whose callbacks the given event types need; {@code thread_end} whenever any callback is
     * registered, since it also drops the thread's spans.
     */
    static Set<OmptEvent> callbacksFor(Set<Class<? extends Event>> types) {
        EnumSet<OmptEvent> events = EnumSet.noneOf(OmptEvent.class);
        boolean tasks = types.contains(TaskEvent.class);
        for (JfrBinding b : values()) {
            if (types.contains(b.type)) {
                events.addAll(b.needs);
                if (tasks) {
                    events.addAll(b.withTasks);
                }
            }
        }
        if (!events.isEmpty()) {
            events.add(THREAD_END);
        }
        return events;
    }
}
