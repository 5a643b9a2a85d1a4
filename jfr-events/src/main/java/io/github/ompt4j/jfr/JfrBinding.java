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
import io.github.ompt4j.jfr.events.VirtualThreadMountEvent;
import io.github.ompt4j.jfr.events.WorkEvent;
import io.github.ompt4j.model.OmptCallback;
import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptMutexKind;
import java.util.Map;
import java.util.Set;
import jdk.jfr.Event;

/**
 * The JFR event types and the OMPT callbacks each one needs, with their handlers: one row per type, the one
 * place that says which callback feeds which event. Adding an event type is its class in
 * {@link io.github.ompt4j.jfr.events} and a row here (its handlers in a span or instant class). The tool
 * registers only the callbacks of the types its settings switch on ({@link #callbacks}), because registering
 * a callback is not free even when JFR then drops the event. Where rows share an OMPT event, their handlers
 * run in the order of the rows ({@link Callbacks}). A row binds in a body of its own, not a lambda: the tool starts
 * in premain, where every lambda's first use links method handles, about a millisecond apiece.
 */
enum JfrBinding {
    PARALLEL_REGION(ParallelRegionEvent.class) {
        @Override
        void bind(Handlers h, Callbacks c) {
            c.on((OmptCallback.ParallelBegin) h.regions::parallelBegin, PARALLEL_BEGIN)
                    .on((OmptCallback.ParallelEnd) h.regions::parallelEnd, PARALLEL_END)
                    .on((OmptCallback.ImplicitTask) h.regions::implicitTaskBegin, IMPLICIT_TASK_BEGIN);
        }
    },
    /**
     * A region's master begins its implicit task at once, a pool submission creates its root task: the task
     * creations of serial code are the others. With the tasks, serial code's task creations (a CompletableFuture
     * stage) commit their origin; without, they are left out, since their call sites cost the adapter a walk each.
     */
    ORIGIN(OriginEvent.class) {
        @Override
        void bind(Handlers h, Callbacks c) {
            c.on((OmptCallback.ParallelBegin) h.origins::parallelBegin, PARALLEL_BEGIN)
                    .on((OmptCallback.ImplicitTask) h.origins::implicitTaskBegin, IMPLICIT_TASK_BEGIN)
                    .withTasks((OmptCallback.TaskBegin) h.origins::taskCreate, TASK_BEGIN);
        }
    },
    IMPLICIT_TASK(ImplicitTaskEvent.class) {
        @Override
        void bind(Handlers h, Callbacks c) {
            c.on((OmptCallback.ImplicitTask) h.spans::implicitTaskBegin, IMPLICIT_TASK_BEGIN)
                    .on((OmptCallback.ImplicitTask) h.spans::implicitTaskEnd, IMPLICIT_TASK_END);
        }
    },
    INITIAL_TASK(InitialTaskEvent.class) {
        @Override
        void bind(Handlers h, Callbacks c) {
            c.on((OmptCallback.Task) h.instants::initialTask, INITIAL_TASK_BEGIN);
        }
    },
    TASK(TaskEvent.class) {
        @Override
        void bind(Handlers h, Callbacks c) {
            c.on((OmptCallback.TaskSwitch) h.spans::taskSwitch, TASK_SWITCH);
        }
    },
    TASK_CREATE(TaskCreateEvent.class) {
        @Override
        void bind(Handlers h, Callbacks c) {
            c.on((OmptCallback.TaskBegin) h.instants::taskCreate, TASK_BEGIN);
        }
    },
    TASK_DEPENDENCE(TaskDependenceEvent.class) {
        @Override
        void bind(Handlers h, Callbacks c) {
            c.on((OmptCallback.TaskPair) h.instants::dependence, TASK_DEPENDENCE_PAIR);
        }
    },
    /**
     * Taskwait and taskgroup come once per task in task-heavy code, and the adapter walks the stack for the call
     * site of each one a tool listens to: they go with the per-task events. Their waits, which carry the thread's
     * state, cost no walk and are always recorded.
     */
    SYNC_REGION(SyncRegionEvent.class) {
        @Override
        void bind(Handlers h, Callbacks c) {
            c.on((OmptCallback.SyncRegion) h.spans::syncRegionBegin, BARRIER_BEGIN, REDUCTION_BEGIN)
                    .on((OmptCallback.SyncRegion) h.spans::syncRegionEnd, BARRIER_END, REDUCTION_END)
                    .withTasks((OmptCallback.SyncRegion) h.spans::syncRegionBegin, TASKWAIT_BEGIN, TASKGROUP_BEGIN)
                    .withTasks((OmptCallback.SyncRegion) h.spans::syncRegionEnd, TASKWAIT_END, TASKGROUP_END);
        }
    },
    SYNC_REGION_WAIT(SyncRegionWaitEvent.class) {
        @Override
        void bind(Handlers h, Callbacks c) {
            c.on((OmptCallback.SyncRegion) h.spans::syncWaitBegin,
                            WAIT_BARRIER_BEGIN, WAIT_TASKWAIT_BEGIN, WAIT_TASKGROUP_BEGIN)
                    .on((OmptCallback.SyncRegion) h.spans::syncWaitEnd,
                            WAIT_BARRIER_END, WAIT_TASKWAIT_END, WAIT_TASKGROUP_END);
        }
    },
    /** Acquisitions end waits (before {@link #MUTEX_HELD} begins the hold). */
    MUTEX_ACQUIRE(MutexAcquireEvent.class) {
        @Override
        void bind(Handlers h, Callbacks c) {
            c.on(h.mutexes.waitFor(OmptMutexKind.LOCK), WAIT_LOCK)
                    .on(h.mutexes.waitFor(OmptMutexKind.NEST_LOCK), WAIT_NEST_LOCK)
                    .on(h.mutexes.waitFor(OmptMutexKind.CRITICAL), WAIT_CRITICAL)
                    .on(h.mutexes.waitFor(OmptMutexKind.ATOMIC), WAIT_ATOMIC)
                    .on(h.mutexes.orderedWait(), WAIT_ORDERED)
                    .on((OmptCallback.Wait) h.mutexes::acquired, ACQUIRED_LOCK, ACQUIRED_NEST_LOCK_FIRST,
                            ACQUIRED_CRITICAL, ACQUIRED_ATOMIC, ACQUIRED_ORDERED);
        }
    },
    /** Acquisitions begin timed holds. */
    MUTEX_HELD(MutexHeldEvent.class) {
        @Override
        void bind(Handlers h, Callbacks c) {
            c.on(h.mutexes.holdOf(OmptMutexKind.LOCK), ACQUIRED_LOCK)
                    .on(h.mutexes.holdOf(OmptMutexKind.NEST_LOCK), ACQUIRED_NEST_LOCK_FIRST)
                    .on(h.mutexes.holdOf(OmptMutexKind.CRITICAL), ACQUIRED_CRITICAL)
                    .on(h.mutexes.holdOf(OmptMutexKind.ATOMIC), ACQUIRED_ATOMIC)
                    .on(h.mutexes.holdOf(OmptMutexKind.ORDERED), ACQUIRED_ORDERED)
                    .on((OmptCallback.Wait) h.mutexes::released, RELEASE_LOCK, RELEASE_NEST_LOCK_LAST, RELEASE_CRITICAL,
                            RELEASE_ATOMIC, RELEASE_ORDERED);
        }
    },
    LOCK_INIT(LockInitEvent.class) {
        @Override
        void bind(Handlers h, Callbacks c) {
            c.on(h.instants.lockInit(OmptMutexKind.LOCK), INIT_LOCK)
                    .on(h.instants.lockInit(OmptMutexKind.NEST_LOCK), INIT_NEST_LOCK);
        }
    },
    LOCK_DESTROY(LockDestroyEvent.class) {
        @Override
        void bind(Handlers h, Callbacks c) {
            c.on((OmptCallback.Wait) h.instants::lockDestroy, DESTROY_LOCK);
        }
    },
    /**
     * A construct's chunks nest in it: this row comes before {@link #WORK}, so that a construct's last chunk
     * ends before the construct does.
     */
    DISPATCH_CHUNK(DispatchEvent.class) {
        @Override
        void bind(Handlers h, Callbacks c) {
            c.on((OmptCallback.Worksharing) h.spans::chunksOpen, WORKSHARING_BEGIN)
                    .on((OmptCallback.Worksharing) h.spans::chunksClose, WORKSHARING_END)
                    .on((OmptCallback.Dispatch) h.spans::dispatch, DISPATCH);
        }
    },
    WORK(WorkEvent.class) {
        @Override
        void bind(Handlers h, Callbacks c) {
            c.on((OmptCallback.Worksharing) h.spans::workBegin, WORKSHARING_BEGIN)
                    .on((OmptCallback.Worksharing) h.spans::workEnd, WORKSHARING_END);
        }
    },
    MASTER(MasterEvent.class) {
        @Override
        void bind(Handlers h, Callbacks c) {
            c.on((OmptCallback.Parallel) h.spans::masterBegin, MASTER_BEGIN)
                    .on((OmptCallback.Parallel) h.spans::masterEnd, MASTER_END);
        }
    },
    IDLE(IdleEvent.class) {
        @Override
        void bind(Handlers h, Callbacks c) {
            c.on((OmptCallback.ThreadId) h.spans::idleBegin, IDLE_BEGIN)
                    .on((OmptCallback.ThreadId) h.spans::idleEnd, IDLE_END);
        }
    },
    THREAD_BEGINS(ThreadBeginEvent.class) {
        @Override
        void bind(Handlers h, Callbacks c) {
            c.on((OmptCallback.ThreadType) h.instants::threadBegin, THREAD_BEGIN);
        }
    },
    THREAD_ENDS(ThreadEndEvent.class) {
        @Override
        void bind(Handlers h, Callbacks c) {
            c.on((OmptCallback.ThreadType) h.instants::threadEnd, THREAD_END);
        }
    },
    /** Sampled ({@link ThreadStateSampler}), not called back. */
    THREAD_STATE(ThreadStateEvent.class) {
        @Override
        void bind(Handlers h, Callbacks c) {
        }
    },
    /** Reported by the model's mount hooks ({@link Mounts}), not called back. */
    VIRTUAL_THREAD_MOUNT(VirtualThreadMountEvent.class) {
        @Override
        void bind(Handlers h, Callbacks c) {
        }
    },
    /** Also where {@code pause} and {@code stop} take effect. */
    CONTROLS(ControlEvent.class) {
        @Override
        void bind(Handlers h, Callbacks c) {
            c.on((OmptCallback.Control) h.instants::control, CONTROL);
        }
    };

    final Class<? extends Event> type;

    JfrBinding(Class<? extends Event> type) {
        this.type = type;
    }

    /** Gives {@code c} this row's callbacks, made from the tool's handlers {@code h}. */
    abstract void bind(Handlers h, Callbacks c);

    /**
     * The callbacks that the given event types need, by OMPT event; {@code thread_end} whenever any callback is
     * registered, since it also drops the thread's spans.
     */
    static Map<OmptEvent, OmptCallback> callbacks(Set<Class<? extends Event>> types, Handlers handlers) {
        Callbacks callbacks = new Callbacks(types.contains(TaskEvent.class));
        for (JfrBinding b : values()) {
            if (types.contains(b.type)) {
                b.bind(handlers, callbacks);
            }
        }
        if (!callbacks.byEvent().isEmpty()) {
            callbacks.on((OmptCallback.ThreadType) (type, threadId) -> handlers.context.threads.remove(), THREAD_END);
        }
        return callbacks.byEvent();
    }

    /** The OMPT events whose callbacks the given event types need. */
    static Set<OmptEvent> callbacksFor(Set<Class<? extends Event>> types) {
        return callbacks(types, new Handlers(new JfrContext(true))).keySet();
    }
}
