package io.github.ompt4j.jfr;

import io.github.ompt4j.model.OmptCallback;
import io.github.ompt4j.model.OmptEvent;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * The callbacks the rows of {@link JfrBinding} give, by OMPT event. The runtime takes one callback per event:
 * when the rows of several event types on at once handle the same event, their handlers are chained into one,
 * in the order of the rows, so that each row states only what its own type needs.
 */
final class Callbacks {
    private final Map<OmptEvent, OmptCallback> byEvent = new EnumMap<>(OmptEvent.class);
    private final boolean tasks;

    /** {@code tasks}: whether the per-task events are on, so that the rows' {@link #withTasks} callbacks count. */
    Callbacks(boolean tasks) {
        this.tasks = tasks;
    }

    /** {@code callback} handles each of {@code events}. */
    Callbacks on(OmptCallback callback, OmptEvent... events) {
        for (OmptEvent event : events) {
            byEvent.merge(event, callback, Callbacks::chain);
        }
        return this;
    }

    /** {@code callback} handles each of {@code events} when the per-task events are on too. */
    Callbacks withTasks(OmptCallback callback, OmptEvent... events) {
        return tasks ? on(callback, events) : this;
    }

    Map<OmptEvent, OmptCallback> byEvent() {
        return Collections.unmodifiableMap(byEvent);
    }

    /** One callback that calls {@code first}, then {@code then}; for the signatures two rows share. */
    private static OmptCallback chain(OmptCallback first, OmptCallback then) {
        if (first instanceof OmptCallback.ParallelBegin) {
            OmptCallback.ParallelBegin a = (OmptCallback.ParallelBegin) first;
            OmptCallback.ParallelBegin b = (OmptCallback.ParallelBegin) then;
            return (OmptCallback.ParallelBegin) (task, frame, region, size, codeptr, invoker) -> {
                a.onParallelBegin(task, frame, region, size, codeptr, invoker);
                b.onParallelBegin(task, frame, region, size, codeptr, invoker);
            };
        }
        if (first instanceof OmptCallback.ImplicitTask) {
            OmptCallback.ImplicitTask a = (OmptCallback.ImplicitTask) first;
            OmptCallback.ImplicitTask b = (OmptCallback.ImplicitTask) then;
            return (OmptCallback.ImplicitTask) (region, task, teamSize, threadNum) -> {
                a.onImplicitTask(region, task, teamSize, threadNum);
                b.onImplicitTask(region, task, teamSize, threadNum);
            };
        }
        if (first instanceof OmptCallback.TaskBegin) {
            OmptCallback.TaskBegin a = (OmptCallback.TaskBegin) first;
            OmptCallback.TaskBegin b = (OmptCallback.TaskBegin) then;
            return (OmptCallback.TaskBegin) (parent, frame, task, flags, codeptr) -> {
                a.onTaskBegin(parent, frame, task, flags, codeptr);
                b.onTaskBegin(parent, frame, task, flags, codeptr);
            };
        }
        if (first instanceof OmptCallback.Worksharing) {
            OmptCallback.Worksharing a = (OmptCallback.Worksharing) first;
            OmptCallback.Worksharing b = (OmptCallback.Worksharing) then;
            return (OmptCallback.Worksharing) (type, region, task, count, codeptr) -> {
                a.onWorksharing(type, region, task, count, codeptr);
                b.onWorksharing(type, region, task, count, codeptr);
            };
        }
        if (first instanceof OmptCallback.Wait) {
            OmptCallback.Wait a = (OmptCallback.Wait) first;
            OmptCallback.Wait b = (OmptCallback.Wait) then;
            return (OmptCallback.Wait) (waitId, codeptr) -> {
                a.onWait(waitId, codeptr);
                b.onWait(waitId, codeptr);
            };
        }
        if (first instanceof OmptCallback.ThreadType) {
            OmptCallback.ThreadType a = (OmptCallback.ThreadType) first;
            OmptCallback.ThreadType b = (OmptCallback.ThreadType) then;
            return (OmptCallback.ThreadType) (type, threadId) -> {
                a.onThread(type, threadId);
                b.onThread(type, threadId);
            };
        }
        throw new IllegalStateException("two rows handle an event of signature " + first.getClass());
    }
}
