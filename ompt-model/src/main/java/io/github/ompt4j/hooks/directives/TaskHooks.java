package io.github.ompt4j.hooks.directives;

import static io.github.ompt4j.hooks.directives.Directives.HEALTH;
import static io.github.ompt4j.hooks.directives.Directives.callSite;
import static io.github.ompt4j.hooks.directives.Directives.thread;

import io.github.ompt4j.model.OmptDependence;
import io.github.ompt4j.model.OmptDependenceType;
import io.github.ompt4j.model.OmptDispatch;
import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptTask;
import io.github.ompt4j.model.OmptTaskFlag;
import io.github.ompt4j.model.OmptThread;

/**
 * The directive library's explicit tasks ({@code ExplicitTask}): created, started, completed or dropped,
 * and their dependences.
 */
public final class TaskHooks {
    private TaskHooks() {
    }

    /** An {@code ExplicitTask} was constructed; returns it, for the task's tool slot. */
    public static Object taskCreate(boolean undeferred, boolean untied, boolean isFinal, boolean mergeable) {
        if (HEALTH.active()) {
            int flags = (undeferred ? OmptTaskFlag.UNDEFERRED : 0) | (untied ? OmptTaskFlag.UNTIED : 0)
                    | (isFinal ? OmptTaskFlag.FINAL : 0) | (mergeable ? OmptTaskFlag.MERGEABLE : 0);
            OmptThread t = thread();
            return OmptRuntime.taskCreate(t, flags, callSite(t, OmptEvent.TASK_BEGIN));
        }
        return null;
    }

    /** {@code ExplicitTask.run}: the thread starts the task (its tool slot). */
    public static void taskStart(Object task) {
        if (task != null && HEALTH.active()) {
            OmptRuntime.taskStart(thread(), (OmptTask) task);
        }
    }

    /** {@code ExplicitTask.complete}: reported only if it is the task its thread started (and is running). */
    public static void taskComplete(Object task) {
        if (task != null && HEALTH.active()) {
            OmptThread t = thread();
            if (t.currentTask() == task) {
                OmptRuntime.taskComplete(t);
            }
        }
    }

    /** {@code ExplicitTask.discarded}: a failed team dropped the task, which never ran; it ends cancelled. */
    public static void taskCancelled(Object task) {
        if (task != null && HEALTH.active()) {
            OmptRuntime.taskCancelled(thread(), (OmptTask) task);
        }
    }

    /** {@code Dependences.register(task, in, out)}: a task's dependences, {@code in} objects then {@code out} ones. */
    public static void taskDependences(Object task, Object[] in, Object[] out) {
        if (task != null && HEALTH.active() && OmptDispatch.enabled(OmptEvent.TASK_DEPENDENCES)) {
            OmptDependence[] deps = new OmptDependence[in.length + out.length];
            for (int i = 0; i < in.length; i++) {
                deps[i] = new OmptDependence(in[i], OmptDependenceType.IN);
            }
            for (int i = 0; i < out.length; i++) {
                deps[in.length + i] = new OmptDependence(out[i], OmptDependenceType.OUT);
            }
            OmptRuntime.taskDependences(thread(), (OmptTask) task, deps);
        }
    }

    /**
     * {@code ExplicitTask.addSuccessor(successor)} on {@code self}: the successor must wait for this task
     * unless it has completed ({@code head} is the {@code done} marker) or is the task itself.
     */
    public static void addSuccessor(Object self, Object successor, Object selfTask, Object successorTask, Object head,
            Object done) {
        if (successor != self && head != done && selfTask != null && successorTask != null && HEALTH.active()) {
            OmptRuntime.dependencePair(thread(), (OmptTask) selfTask, (OmptTask) successorTask);
        }
    }
}
