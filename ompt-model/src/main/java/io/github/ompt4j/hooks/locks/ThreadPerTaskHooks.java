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
 * program's code (the executor's {@code TaskRunner.run}, or {@code FutureTask.run} of its {@code ThreadBoundFuture}),
 * completed as the thread tells the executor it is done ({@code taskComplete}: in their {@code finally} on JDK 25, in
 * the future's {@code done()} on 21), or withdrawn where the thread will not start (the executor shut down between its
 * check and the start: {@code start} calls {@code taskComplete} from the submitter; on 21 a future cancelled before it
 * ran calls it too, from the cancelling thread). A thread that ends with its task still open (on 21, a future
 * cancelled while it ran completes without it) completes it as it ends ({@code ThreadHooks}). So the thread's samples
 * stand on the stack that handed the task over, and a parallel stream the task runs stands there too.
 *
 * <p>Until it starts the task is kept under its thread, the one key every step can name; the future of {@code submit}
 * (a {@code ThreadBoundFuture}, a {@code FutureTask} on 21 and 25) holds it in its field too, announced as the future
 * is made (it makes its thread), so that a {@code get} names it and a {@code cancel} before the start withdraws it
 * (the thread then runs and finds the task claimed). Its call site is the program's line that handed it over: found
 * once per class of the program's code, which {@code execute} and {@code submit} keep for the task announced inside
 * them (a walk of the stack per task cost 3 us, three times the thread's own start); the executor wraps the code in
 * classes of its own before the point where the task is known. {@code invokeAny}'s tasks, which the executor makes
 * without either, walk the stack.
 *
 * <p>A {@code CompletableFuture} stage handed to such an executor is the {@code completable} adapter's task, its
 * thread none of its own: known by the stage the thread is handing over ({@link OmptThread#handOver}), which a stage
 * run at once inside its hand-over keeps while it runs, so that a task its code hands to such an executor then is not
 * one either.
 *
 * <p>{@code close()} and {@code awaitTermination} wait for the executor's tasks to complete: a taskwait (wait ID 0, as
 * a completion service's {@code take}), from the call on if the executor has not terminated; the latch they wait on
 * is the executor's own.
 */
public final class ThreadPerTaskHooks {
    /** Whether a {@code FutureTask}'s class is a thread-per-task executor's future, whose thread runs it. */
    private static final ClassValue<Boolean> BOUND_FUTURES = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return type.getName().equals("java.util.concurrent.ThreadPerTaskExecutor$ThreadBoundFuture");
        }
    };

    /** What {@link #handing} returns when the thread kept nothing before. */
    private static final Object NO_PRIOR = new Object();

    private ThreadPerTaskHooks() {
    }

    /**
     * {@code execute} or {@code submit} begins with {@code code}, the program's: the thread keeps its class as the
     * hand-over in progress ({@link OmptThread#handOver}) until the method returns, for the call site of the task
     * announced inside. Not a stage ({@code CompletableHooks} keeps its own hand-over), nor the JDK's wrapper that one
     * {@code submit} hands to the other. Returns what {@link #handed} restores; null: nothing kept.
     */
    public static Object handing(Object code) {
        if (code == null || code instanceof ForkJoinTask || !HEALTH.active() || ForkJoin.isJdks(code.getClass())) {
            return null;
        }
        OmptThread t = Locks.thread();
        if (t == null) {
            return null;
        }
        Object prior = t.handOver();
        t.setHandOver(code.getClass());
        return prior == null ? NO_PRIOR : prior;
    }

    /** The method that {@link #handing} kept a class for returned: the thread's hand-over is as it was. */
    public static void handed(Object prior) {
        OmptThread t = prior == null ? null : OmptThreads.current();
        if (t != null) {
            t.setHandOver(prior == NO_PRIOR ? null : prior);
        }
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
        Object code = t.handOver();
        OmptTask task = OmptRuntime.taskCreate(t, 0, code instanceof Class
                ? ForkJoin.handedTaskSite((Class<?>) code) : ForkJoin.submitter(OmptEvent.TASK_BEGIN));
        ExecutorTasks.keep(thread, task);
        return task;
    }

    /** {@code FutureTask.run} begins on {@code future}: a {@code ThreadBoundFuture}'s thread begins its task. */
    public static void futureRuns(Object future) {
        if (BOUND_FUTURES.get(future.getClass())) {
            runs();
        }
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
     * {@code start} could not start it, or on JDK 21 the thread that cancelled its future) the task is withdrawn, unless
     * it started.
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
