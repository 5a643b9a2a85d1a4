package io.github.ompt4j.hooks.locks;

import static io.github.ompt4j.hooks.locks.Locks.HEALTH;

import io.github.ompt4j.hooks.forkjoin.ForkJoin;
import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptTask;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreads;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinTask;

/**
 * The tasks of a thread-per-task executor (JDK 21+: {@code Executors.newVirtualThreadPerTaskExecutor()} and
 * {@code newThreadPerTaskExecutor(factory)}, a {@code ThreadPerTaskExecutor}), which starts a new thread for every
 * task handed to it ({@code execute}, {@code submit}, {@code invokeAll}, {@code invokeAny}). Each is an explicit task
 * of the submitting thread's current task, as a {@code ThreadPoolExecutor}'s is ({@link ExecutorTasks}): created as
 * the executor starts its thread ({@code start(Thread)}, before it can run), started as that thread begins the
 * program's code (the executor's {@code TaskRunner.run} or {@code ThreadBoundFuture.run}), completed as the thread
 * tells the executor it is done ({@code taskComplete}, in their {@code finally}), or withdrawn where the thread will
 * not start (the executor shut down between its check and the start: {@code start} calls {@code taskComplete} from
 * the submitter). So the thread's samples stand on the stack that handed the task over, and a parallel stream the
 * task runs stands there too.
 *
 * <p>Until it starts the task is kept under its thread, the one key every step can name; a future that is a
 * {@code FutureTask} (JDK 25's {@code ThreadBoundFuture}) holds it in its field too, announced as the future is made
 * (it makes its thread), so that a {@code get} names it and a {@code cancel} before the start withdraws it (the
 * thread then runs and finds the task claimed). Its call site is the program's line that handed it over, a walk of the
 * stack per task (3 us, where a pool executor's task costs a look-up by the class of the program's code): the
 * executor wraps the program's code in classes of its own before the point where the task is known. A
 * {@code CompletableFuture} stage handed to such an executor is the {@code completable} adapter's task, its thread
 * none of its own: known by the stage the thread is handing over ({@link OmptThread#handOver}), which a stage run at
 * once inside its hand-over keeps while it runs, so that a task its code hands to such an executor then is not one
 * either.
 *
 * <p>{@code close()} and {@code awaitTermination} wait for the executor's tasks to complete: a taskwait (wait ID 0, as
 * a completion service's {@code take}), from the call on if the executor has not terminated; the latch they wait on
 * is the executor's own.
 */
public final class ThreadPerTaskHooks {
    private ThreadPerTaskHooks() {
    }

    /**
     * {@code start(thread)} or {@code start(runnable)} begins ({@code starting}): a thread, new, is the task the
     * executor will start, unless its future announced it already ({@link #futureMade}).
     */
    public static void starting(Object starting) {
        if (starting instanceof Thread && HEALTH.active() && !ExecutorTasks.kept(starting)) {
            announce(starting);
        }
    }

    /**
     * Whether the calling thread is handing a {@code CompletableFuture} stage to an executor: the stage is the task
     * (the {@code completable} adapter's), its thread no task of its own, as a pool executor's is not.
     */
    private static boolean handingStage(OmptThread t) {
        return t.handOver() instanceof ForkJoinTask;
    }

    /** A {@code ThreadBoundFuture} was made, with {@code thread} to run it: a future with a field holds its task. */
    public static void futureMade(Object future, Object thread) {
        if (HEALTH.active()) {
            OmptTask task = announce(thread);
            if (task != null) {
                ExecutorTasks.keepInField(future, task);
            }
        }
    }

    private static OmptTask announce(Object thread) {
        OmptThread t = Locks.thread();
        if (t == null || t.inTool() || t.currentTask() == null || handingStage(t)) {
            return null;
        }
        OmptTask task = OmptRuntime.taskCreate(t, 0, ForkJoin.submitter(OmptEvent.TASK_BEGIN));
        ExecutorTasks.keep(thread, task);
        return task;
    }

    /** The executor's thread begins the program's code: its task, unless withdrawn, starts. */
    public static void runs() {
        if (HEALTH.active()) {
            OmptTask ours = ExecutorTasks.take(Thread.currentThread(), false);
            OmptThread t = ours == null ? null : Locks.thread(); // no thread begun for a task it does not run
            if (t != null) {
                ExecutorTasks.start(t, ours);
            }
        }
    }

    /**
     * {@code taskComplete(thread)}: on {@code thread} itself its task completes; on another (the submitter, whose
     * {@code start} could not start it) the task is withdrawn.
     */
    public static void completes(Object thread) {
        if (!HEALTH.enabled()) {
            return;
        }
        if (thread == Thread.currentThread()) {
            OmptThread t = OmptThreads.current();
            if (t != null) {
                ExecutorTasks.ran(t);
            }
        } else {
            ExecutorTasks.withdraw(thread, true);
        }
    }

    /**
     * {@code awaitTermination} starts on {@code executor}: the thread is marked inside it, in a taskwait at once
     * unless the executor has terminated. Returns the mark, for {@link ExecutorHooks#left}.
     */
    public static boolean awaitingTermination(Object executor) {
        boolean marked = ExecutorHooks.awaitingCompletion();
        if (marked && !((ExecutorService) executor).isTerminated()) {
            ExecutorHooks.waits(OmptThreads.current());
        }
        return marked;
    }
}
