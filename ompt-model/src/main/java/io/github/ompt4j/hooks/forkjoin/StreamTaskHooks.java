package io.github.ompt4j.hooks.forkjoin;

import static io.github.ompt4j.hooks.forkjoin.ForkJoin.HEALTH;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.inRegion;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.setTask;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.start;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.taskOf;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.taskSite;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.thread;

import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptTask;
import io.github.ompt4j.model.OmptTaskFlag;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreads;
import java.util.concurrent.CountedCompleter;
import java.util.concurrent.ForkJoinTask;

/**
 * The hooks of a parallel stream's tasks ({@code doLeaf} of the JDK's stream task types).
 *
 * <p>A parallel stream's task splits in a loop of its own frame: each split forks one child and goes on
 * computing the other, which never passes through {@code fork} or {@code doExec}. That inline child is an
 * undeferred task of the task it split from (its {@code CountedCompleter} completer), begun when it is first
 * seen on the thread computing it: when it forks a child of its own, or when its leaf ({@code doLeaf})
 * starts. A leaf ends when its {@code doLeaf} returns; the inline tasks above it end, innermost first, when
 * the {@code doExec} that started the loop ends. A {@code forEach} task forks itself to requeue the part it
 * has not split off: the requeued part is a new task of the forking thread's current task, while the thread
 * goes on as before.
 */
public final class StreamTaskHooks {
    private static final ClassValue<Boolean> STREAM_TASKS = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return type.getName().startsWith("java.util.stream.");
        }
    };

    private StreamTaskHooks() {
    }

    /**
     * Begins {@code task}, if it is a stream task computed inline that has not begun yet, after the inline
     * tasks it was split from (outermost first); each is an undeferred task of the thread's current task
     * and becomes the current task. The chain is as deep as the splits, about log2 of the elements.
     */
    static void beginInline(OmptThread t, ForkJoinTask<?> task) {
        if (task == null || taskOf(task) != null || !STREAM_TASKS.get(task.getClass())) {
            return;
        }
        if (task instanceof CountedCompleter) {
            beginInline(t, ((CountedCompleter<?>) task).getCompleter());
        }
        OmptTask inline = OmptRuntime.taskCreate(t, OmptTaskFlag.UNDEFERRED, taskSite(t, task));
        setTask(task, inline);
        start(t, inline);
    }

    /**
     * A stream task's {@code doLeaf} starts: if the task was computed inline, it (and the inline tasks it
     * was split from) begin now; returns the leaf's task to end, or null.
     */
    public static Object leafBegin(Object taskObject) {
        if (HEALTH.active()) {
            ForkJoinTask<?> task = (ForkJoinTask<?>) taskObject;
            OmptThread t = OmptThreads.current();
            if (taskOf(task) != null || !inRegion(t)) {
                return null;
            }
            beginInline(t, task);
            return taskOf(task);
        }
        return null;
    }

    /** The {@code doLeaf} that {@link #leafBegin} began a task for returned or threw: the leaf task ends. */
    public static void leafEnd(Object started, Object task) {
        if (started != null && HEALTH.enabled()) {
            OmptThread t = thread();
            if (t.currentTask() == started) {
                OmptRuntime.taskComplete(t);
            }
            TaskSlot.SLOT.clear((ForkJoinTask<?>) task, (OmptTask) started);
        }
    }
}
