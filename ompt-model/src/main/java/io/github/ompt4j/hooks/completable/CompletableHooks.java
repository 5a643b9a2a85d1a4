package io.github.ompt4j.hooks.completable;

import io.github.ompt4j.hooks.AdapterHealth;
import io.github.ompt4j.hooks.forkjoin.ForkJoin;
import io.github.ompt4j.hooks.forkjoin.JoinHooks;
import io.github.ompt4j.hooks.forkjoin.PoolHooks;
import io.github.ompt4j.hooks.forkjoin.TaskHooks;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreads;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinTask;

/**
 * The hooks of {@code CompletableFuture}'s async stages. Every async stage is a {@code ForkJoinTask}
 * ({@code AsyncSupply}, {@code AsyncRun}, the {@code Completion}s of dependent stages) whatever its executor,
 * so its OMPT task lives in the field the {@code forkjoin} adapter adds, and this adapter works with that
 * one only.
 *
 * <p><b>Tasks, not regions.</b> A stage's task is created where it is handed to its executor, once it is sure
 * to be: for {@code supplyAsync}/{@code runAsync}/{@code completeAsync} on the calling thread (parent: its
 * current task), as the stage is constructed; for a dependent {@code *Async} stage on the thread that claims it
 * (parent: the task that thread runs, the stage whose completion triggered it), once its claim has won. Two
 * threads may claim one stage (each completes one of its sources, or one pushes it as the other completes its
 * source) and only the winner of the claim's compare-and-set hands it over: announced before that, it was
 * announced twice, or again after it had run, and one of the two never ran. A dependent stage whose source is
 * already complete is handed over at once, without a claim, and is created where its executor receives it (a
 * pool's submission, the thread-per-task executor). Its execution is a switch to it and its end on the thread
 * that runs it: through {@code doExec} on a pool, through {@code run()} on any other executor (on JDK 17 and
 * 21 a common pool of parallelism 1 gives every stage a thread of its own). Such a thread begins as an initial
 * thread when its stage starts, and ends with the thread (see {@code ThreadHooks}).
 *
 * <p><b>Stages that do not run.</b> An executor that refuses a stage (it throws, as a pool shut down does)
 * leaves it unrun: its task is withdrawn (it ends as cancelled). A stage given to a {@code delayedExecutor} is
 * not created until its delay has elapsed and the delayer hands it to the executor behind ({@code TaskSubmitter}),
 * on the delayer's thread (an initial thread, its parent that thread's initial task): before that the program
 * may end, or never wait that long, and a task announced must run or end. Its call site is then unknown (0).
 *
 * <p><b>Hand-overs.</b> Between the woven call that begins a hand-over (the stage methods, {@code claim}) and the
 * one inside it that decides (the constructor, the claim's compare-and-set), the thread keeps what it needs in
 * {@link OmptThread#handOver}: whether the executor delays, and which stage it hands over; the hand-over's end
 * restores what it found, so that a stage an executor runs at once, handing over stages of its own, leaves the
 * outer hand-over as it was.
 */
public final class CompletableHooks {
    static final AdapterHealth HEALTH = AdapterHealth.of("completable");
    /**
     * What a hand-over's begin returns when the thread kept nothing before; null is a begin that kept nothing
     * (as a begin hook that failed "returns"), whose end leaves the thread's hand-over alone.
     */
    private static final Object NO_PRIOR = new Object();
    /** A stage method's hand-over to an executor that runs it when it gets it: the stage is created as it is constructed. */
    private static final Object AT_ONCE = new Object();
    /** A hand-over to a delayed executor: no task until the delay has elapsed. */
    private static final Object DELAYED = new Object();
    private static final ClassValue<Boolean> DELAYED_EXECUTORS = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return type.getName().equals("java.util.concurrent.CompletableFuture$DelayedExecutor");
        }
    };

    private CompletableHooks() {
    }

    private static boolean active() {
        return HEALTH.active() && ForkJoin.HEALTH.enabled();
    }

    private static boolean delays(Object executor) {
        return DELAYED_EXECUTORS.get(executor.getClass());
    }

    /** The calling thread begins a hand-over, keeping {@code value}; returns what it kept before, to restore. */
    private static Object beginHandOver(Object value) {
        OmptThread t = ForkJoin.thread();
        Object prior = t.handOver();
        t.setHandOver(value);
        return prior == null ? NO_PRIOR : prior;
    }

    /** The hand-over that returned {@code prior} ends: returns what it kept. */
    private static Object endHandOver(Object prior) {
        OmptThread t = OmptThreads.current();
        if (t == null) {
            return null;
        }
        Object kept = t.handOver();
        t.setHandOver(prior == NO_PRIOR ? null : prior);
        return kept;
    }

    /** {@code task}, handed to its executor, is created now (a task of the calling thread's current task). */
    private static void created(Object task, Object function) {
        ForkJoin.asyncStageCreated((ForkJoinTask<?>) task, function);
    }

    /**
     * {@code asyncSupplyStage}, {@code asyncRunStage} or {@code completeAsync} starts: the stage it constructs next
     * goes to {@code executor}. Returns what {@link #handedOver} restores.
     */
    public static Object handingOver(Object executor) {
        if (active()) {
            return beginHandOver(executor != null && delays(executor) ? DELAYED : AT_ONCE);
        }
        return null;
    }

    /**
     * {@code AsyncSupply}/{@code AsyncRun} was constructed, to be handed over next: its task, with the stage's lambda
     * ({@code function}) for the call site, unless a delayed executor gets it; kept by the stage method's hand-over.
     */
    public static void stageConstructed(Object task, Object function) {
        if (active()) {
            OmptThread t = ForkJoin.thread();
            Object handOver = t.handOver();
            if (handOver != DELAYED) {
                created(task, function);
            }
            if (handOver == AT_ONCE) {
                t.setHandOver(task);
            }
        }
    }

    /** The stage method that {@link #handingOver} began returned, or threw {@code thrown}: the executor refused the stage. */
    public static void handedOver(Object prior, Throwable thrown) {
        if (prior != null) {
            Object kept = endHandOver(prior);
            if (thrown != null && kept instanceof ForkJoinTask) {
                PoolHooks.submitEnd(null, thrown, kept);
            }
        }
    }

    /**
     * {@code UniCompletion.claim()} starts: with an executor, the dependent stage is handed to it if this thread's
     * claim wins ({@link #tagged}). Returns what {@link #claimed} restores.
     */
    public static Object claiming(Object completion, Object executor) {
        if (executor != null && active()) {
            return beginHandOver(delays(executor) ? DELAYED : completion);
        }
        return null;
    }

    /**
     * {@code ForkJoinTask.compareAndSetForkJoinTaskTag} on {@code task} returned {@code swapped}: the claim this
     * thread is making of a stage it hands over won, and the stage's task is created.
     */
    public static void tagged(boolean swapped, Object task) {
        if (swapped && active()) {
            OmptThread t = OmptThreads.current();
            if (t != null && t.handOver() == task) {
                created(task, null);
            }
        }
    }

    /** The claim that {@link #claiming} began returned, or threw {@code thrown}: the executor refused the stage. */
    public static void claimed(Object prior, Throwable thrown, Object completion) {
        if (prior != null) {
            endHandOver(prior);
            PoolHooks.submitEnd(null, thrown, completion);
        }
    }

    /**
     * {@code CompletableFuture$TaskSubmitter.run}: a delayed executor's delay has elapsed and it hands {@code action}
     * to the executor behind it; a stage's task is created now. Returns the stage, for {@link #submitted}.
     */
    public static Object submitting(Object action) {
        if (action instanceof ForkJoinTask && action instanceof CompletableFuture.AsynchronousCompletionTask
                && active()) {
            created(action, null);
            return action;
        }
        return null;
    }

    /** The hand-over {@link #submitting} began returned, or threw {@code thrown}: the executor refused the stage. */
    public static void submitted(Object stage, Throwable thrown) {
        if (stage != null) {
            PoolHooks.submitEnd(null, thrown, stage);
        }
    }

    /**
     * {@code CompletableFuture$ThreadPerTaskExecutor.execute} (JDK 17 and 21, a common pool of parallelism 1):
     * a stage run at once, its source being complete, reaches its executor without a claim.
     */
    public static void executing(Object runnable) {
        if (runnable instanceof ForkJoinTask && active()) {
            created(runnable, null);
        }
    }

    /** The thread-per-task executor's {@code execute} returned, or threw: no thread will run the stage. */
    public static void executed(Throwable thrown, Object runnable) {
        if (thrown != null && runnable instanceof ForkJoinTask) {
            PoolHooks.submitEnd(null, thrown, runnable);
        }
    }

    /**
     * {@code CompletableFuture.waitingGet}/{@code timedGet}: {@code get()} or {@code join()} found no result and
     * waits: a taskwait of the calling thread's current task. The future is not a task, so the wait ID and
     * the call site are unknown (0).
     */
    public static boolean waitBegin() {
        if (active()) {
            return JoinHooks.taskwaitBegin(null, 0);
        }
        return false;
    }

    /** The wait {@link #waitBegin} began ends (a result, a timeout, an interrupt). */
    public static void waitEnd(boolean began) {
        if (began && HEALTH.enabled()) {
            JoinHooks.taskwaitEnd(OmptThreads.current());
        }
    }

    /** An async stage's {@code run()} starts: its task starts on this thread, unless a {@code doExec} did. */
    public static Object runBegin(Object task) {
        return HEALTH.active() ? TaskHooks.execBegin(task) : null;
    }

    /** The {@code run()} returns or throws. */
    public static void runEnd(Object started, Object task) {
        TaskHooks.execEnd(started, task);
    }
}
