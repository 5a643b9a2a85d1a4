package io.github.ompt4j.jfr;

import io.github.ompt4j.jfr.events.ControlEvent;
import io.github.ompt4j.jfr.events.InitialTaskEvent;
import io.github.ompt4j.jfr.events.LockDestroyEvent;
import io.github.ompt4j.jfr.events.LockInitEvent;
import io.github.ompt4j.jfr.events.TaskCreateEvent;
import io.github.ompt4j.jfr.events.TaskDependenceEvent;
import io.github.ompt4j.jfr.events.ThreadBeginEvent;
import io.github.ompt4j.jfr.events.ThreadEndEvent;
import io.github.ompt4j.model.OmptCallback;
import io.github.ompt4j.model.OmptFrame;
import io.github.ompt4j.model.OmptMutexKind;
import io.github.ompt4j.model.OmptThreadType;
import io.github.ompt4j.model.VirtualThreads;

/**
 * The one-off events, one callback each. An instant's event object is new at every commit, since JDK 17 keeps
 * a committed instant event's start time; the probes ask {@code isEnabled()} first, which reads only the
 * type's static state, so nothing is allocated for a type the running recordings leave out.
 */
final class Instants {
    private static final InitialTaskEvent INITIAL_TASK_PROBE = new InitialTaskEvent();
    private static final TaskCreateEvent TASK_CREATE_PROBE = new TaskCreateEvent();
    private static final TaskDependenceEvent DEPENDENCE_PROBE = new TaskDependenceEvent();
    private static final LockInitEvent LOCK_INIT_PROBE = new LockInitEvent();
    private static final LockDestroyEvent LOCK_DESTROY_PROBE = new LockDestroyEvent();
    private static final ThreadBeginEvent THREAD_BEGIN_PROBE = new ThreadBeginEvent();
    private static final ThreadEndEvent THREAD_END_PROBE = new ThreadEndEvent();
    private static final ControlEvent CONTROL_PROBE = new ControlEvent();

    private final JfrContext context;

    Instants(JfrContext context) {
        this.context = context;
    }

    void initialTask(long taskId) {
        if (context.recording() && INITIAL_TASK_PROBE.isEnabled()) {
            InitialTaskEvent e = new InitialTaskEvent();
            e.aboutVirtualThread = VirtualThreads.is(Thread.currentThread());
            e.taskId = taskId;
            e.commit();
        }
    }

    void taskCreate(long parentTaskId, OmptFrame parentFrame, long newTaskId, int flags, long codeptr) {
        if (context.recording() && TASK_CREATE_PROBE.isEnabled()) {
            TaskCreateEvent e = new TaskCreateEvent();
            e.taskId = newTaskId;
            e.parentTaskId = parentTaskId;
            e.flags = Names.taskFlags(flags);
            e.callSite = context.callSites.of(codeptr);
            e.commit();
        }
    }

    void dependence(long predecessorTaskId, long successorTaskId) {
        if (context.recording() && DEPENDENCE_PROBE.isEnabled()) {
            TaskDependenceEvent e = new TaskDependenceEvent();
            e.predecessorTaskId = predecessorTaskId;
            e.successorTaskId = successorTaskId;
            e.commit();
        }
    }

    OmptCallback.Lock lockInit(OmptMutexKind kind) {
        return (waitId, hint, impl, codeptr) -> {
            if (context.recording() && LOCK_INIT_PROBE.isEnabled()) {
                LockInitEvent e = new LockInitEvent();
                e.kind = Names.mutexKind(kind);
                e.waitId = waitId;
                e.implementation = Names.implementation(kind, impl);
                e.hint = hint;
                e.callSite = context.callSites.of(codeptr);
                e.commit();
            }
        };
    }

    void lockDestroy(long waitId, long codeptr) {
        if (context.recording() && LOCK_DESTROY_PROBE.isEnabled()) {
            LockDestroyEvent e = new LockDestroyEvent();
            e.waitId = waitId;
            e.callSite = context.callSites.of(codeptr);
            e.commit();
        }
    }

    void threadBegin(OmptThreadType type, long threadId) {
        if (context.recording() && THREAD_BEGIN_PROBE.isEnabled()) {
            ThreadBeginEvent e = new ThreadBeginEvent();
            e.aboutVirtualThread = VirtualThreads.is(Thread.currentThread());
            e.threadType = Names.threadType(type);
            e.ompThreadId = threadId;
            e.threadName = Thread.currentThread().getName();
            e.commit();
        }
    }

    void threadEnd(OmptThreadType type, long threadId) {
        if (context.recording() && THREAD_END_PROBE.isEnabled()) {
            ThreadEndEvent e = new ThreadEndEvent();
            e.aboutVirtualThread = VirtualThreads.is(Thread.currentThread());
            e.threadType = Names.threadType(type);
            e.ompThreadId = threadId;
            e.commit();
        }
    }

    /** Recorded paused or not; then the command takes effect. */
    void control(long command, long modifier) {
        if (CONTROL_PROBE.isEnabled()) {
            ControlEvent e = new ControlEvent();
            e.commandName = Names.controlCommand(command);
            e.command = command;
            e.modifier = modifier;
            e.commit();
        }
        context.control(command);
    }
}
