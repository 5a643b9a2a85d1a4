package io.github.ompt4j.hooks.forkjoin;

import io.github.ompt4j.hooks.AdapterHealth;
import io.github.ompt4j.model.OmptThreads;
import java.util.concurrent.ForkJoinTask;

/**
 * The hooks of {@code CompletableFuture}'s async stages. Every async stage is a {@code ForkJoinTask}
 * ({@code AsyncSupply}, {@code AsyncRun}, the {@code Completion}s of dependent stages) whatever its executor,
 * so its OMPT task lives in the field the {@code forkjoin} adapter adds, and this adapter works with that
 * one only.
 *
 * <p><b>Tasks, not regions.</b> A stage's task is created where it is handed to its executor: for
 * {@code supplyAsync}/{@code runAsync} on the calling thread (parent: its current task), for a dependent
 * {@code *Async} stage on the thread that completed its source and claims it (parent: the task that thread
 * runs, the stage whose completion triggered it); a dependent stage whose source is already complete is handed
 * over at once, without a claim, and is created where its executor receives it (a pool's submission, the
 * thread-per-task executor). Its execution is a switch to it and its end on the thread
 * that runs it: through {@code doExec} on a pool, through {@code run()} on any other executor (on JDK 17 and
 * 21 a common pool of parallelism 1 gives every stage a thread of its own). Such a thread begins as an initial
 * thread when its stage starts, and ends with the thread (see {@code ThreadHooks}).
 */
public final class CompletableHooks {
    static final AdapterHealth HEALTH = AdapterHealth.of("completable");

    private CompletableHooks() {
    }

    /** {@code AsyncSupply}/{@code AsyncRun} was constructed, to be executed next: its task. */
    public static void asyncCreated(Object task, Object function) {
        if (HEALTH.active() && ForkJoinHooks.HEALTH.enabled()) {
            try {
                ForkJoinHooks.asyncStageCreated((ForkJoinTask<?>) task, function);
            } catch (Throwable e) {
                HEALTH.failed("async stage created", e);
            }
        }
    }

    /** {@code UniCompletion.claim()}: with an executor, the dependent stage is about to be handed to it. */
    public static void claiming(Object completion, Object executor) {
        if (executor != null) {
            asyncCreated(completion, null);
        }
    }

    /**
     * {@code CompletableFuture$ThreadPerTaskExecutor.execute} (JDK 17 and 21, a common pool of parallelism 1):
     * a stage run at once, its source being complete, reaches its executor without a claim.
     */
    public static void executing(Object runnable) {
        if (runnable instanceof ForkJoinTask && HEALTH.active()) {
            asyncCreated(runnable, null);
        }
    }

    /** The thread-per-task executor's {@code execute} returned, or threw: no thread will run the stage. */
    public static void executed(Throwable thrown, Object runnable) {
        if (thrown != null && runnable instanceof ForkJoinTask) {
            ForkJoinHooks.submitEnd(null, thrown, runnable);
        }
    }

    /**
     * {@code CompletableFuture.waitingGet}/{@code timedGet}: {@code get()} or {@code join()} found no result and
     * waits: a taskwait of the calling thread's current task. The future is not a task, so the wait ID and
     * the call site are unknown (0).
     */
    public static boolean waitBegin() {
        if (HEALTH.active() && ForkJoinHooks.HEALTH.enabled()) {
            try {
                return ForkJoinHooks.taskwaitBegin(null, 0);
            } catch (Throwable e) {
                HEALTH.failed("wait begin", e);
            }
        }
        return false;
    }

    /** The wait {@link #waitBegin} began ends (a result, a timeout, an interrupt). */
    public static void waitEnd(boolean began) {
        if (began && HEALTH.enabled()) {
            try {
                ForkJoinHooks.taskwaitEnd(OmptThreads.current());
            } catch (Throwable e) {
                HEALTH.failed("wait end", e);
            }
        }
    }

    /** An async stage's {@code run()} starts: its task starts on this thread, unless a {@code doExec} did. */
    public static Object runBegin(Object task) {
        return HEALTH.active() ? ForkJoinHooks.execBegin(task) : null;
    }

    /** The {@code run()} returns or throws. */
    public static void runEnd(Object started, Object task) {
        ForkJoinHooks.execEnd(started, task);
    }
}
