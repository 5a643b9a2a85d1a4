package io.github.ompt4j.hooks.forkjoin;

import static io.github.ompt4j.hooks.forkjoin.ForkJoin.HEALTH;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.callSite;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.carriers;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.isCarrier;
import static io.github.ompt4j.hooks.forkjoin.ForkJoin.taskOf;

import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptSyncRegionKind;
import io.github.ompt4j.model.OmptTask;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreads;
import java.util.concurrent.ForkJoinTask;
import jdk.internal.vm.annotation.DontInline;

/**
 * The hooks of joins ({@code ForkJoinTask.awaitDone} and the node of a thread about to block in it).
 *
 * <p>A join that has to wait ({@code awaitDone}, entered only when the task is not done) is a taskwait
 * region with its wait, the wait ID being the awaited task; it begins when the join blocks or runs another
 * task. A join that finds the task in its own queue and runs it is that task's switch alone: it never waits,
 * and in a fine-grained program it is most joins, whose three taskwait events each would outnumber the task's
 * own.
 */
public final class JoinHooks {
    private static final CallSiteByClass JOIN_SITES = new CallSiteByClass();
    /** What a task's deferred join becomes once it waits ({@link OmptThread#join}): its taskwait is reported. */
    private static final Object JOIN_WAITING = new Object();

    private JoinHooks() {
    }

    /**
     * {@code ForkJoinTask.awaitDone}: the current task joins {@code task}, which is not done. Its taskwait is
     * deferred until the join waits ({@link #joinWaits}): most joins of a fine-grained program find the task
     * still in their own queue and run it themselves, which is a task switch, not a wait. Another overload
     * entered inside (JDK 21 and later block in one of their own) means the join blocks. Returns the thread
     * if this call began the join, else null.
     */
    public static Object awaitBegin(Object task) {
        return HEALTH.active() ? reportAwaitBegin(task) : null;
    }

    @DontInline
    private static OmptThread reportAwaitBegin(Object task) {
        OmptThread t = OmptThreads.current();
        if (!canWait(t)) {
            return null;
        }
        if (t.join() != null) {
            joinWaits(t);
            return null;
        }
        t.setJoin(task);
        return t;
    }

    /**
     * A {@code ForkJoinTask.Aux} was made: with no exception, it is the node of a thread about to block
     * in {@code awaitDone}, so the join of the calling thread, if deferred, waits now.
     */
    public static void waiterQueued(Object exception) {
        if (exception == null && HEALTH.active()) {
            OmptThread t = OmptThreads.current();
            if (t != null && t.join() != null) {
                joinWaits(t);
            }
        }
    }

    /**
     * The current task's deferred join waits (it blocks, or runs a task other than the one it joins): its
     * taskwait and wait begin now, once, with the awaited task as wait ID.
     */
    static void joinWaits(OmptThread t) {
        Object joined = t.join();
        if (joined == JOIN_WAITING) {
            return;
        }
        OmptTask awaited = taskOf((ForkJoinTask<?>) joined);
        OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.TASKWAIT,
                callSite(JOIN_SITES, OmptEvent.TASKWAIT_BEGIN, joined));
        OmptRuntime.syncWaitBegin(t, awaited == null ? 0 : awaited.id());
        t.setJoin(JOIN_WAITING);
    }

    /** The join {@link #awaitBegin} began (on thread {@code began}) returned or threw: its taskwait ends, if it waited. */
    public static void awaitEnd(Object began) {
        if (began != null && HEALTH.enabled()) {
            reportAwaitEnd((OmptThread) began);
        }
    }

    @DontInline
    private static void reportAwaitEnd(OmptThread t) {
        boolean waited = t.join() == JOIN_WAITING;
        t.setJoin(null);
        if (waited) {
            taskwaitEnd(t);
        }
    }

    /** The end of a taskwait and its wait: a join's that waited, a future's {@code get} ({@link #taskwaitBegin}). */
    public static void taskwaitEnd(OmptThread t) {
        OmptRuntime.syncWaitEnd(t);
        OmptRuntime.syncRegionEnd(t);
    }

    /**
     * Whether {@code t} can enter a taskwait: it has a task, is not running tool code or already in a taskwait
     * (an inner overload, a nested wait), and does not carry virtual threads. A carrier has no task unless its
     * scheduler is reported ({@link PoolHooks#reportCarriers}), so only then is a thread with a task asked whether it is one:
     * the question (its pool's factory's class) costs more than the rest of a join's hook.
     */
    private static boolean canWait(OmptThread t) {
        return t != null && !t.inTool() && t.currentTask() != null && t.syncRegion() != OmptSyncRegionKind.TASKWAIT
                && !(carriers && isCarrier(Thread.currentThread()));
    }

    /**
     * The calling thread's current task waits for {@code joined} (a taskwait region and its wait, wait ID
     * {@code waitId}; the call site is cached per class of {@code joined}, unknown for null); false, and nothing
     * reported, for a thread without a task, running tool code, already in a taskwait (an inner overload or a
     * nested wait) or carrying virtual threads.
     */
    public static boolean taskwaitBegin(Object joined, long waitId) {
        OmptThread t = OmptThreads.current();
        if (!canWait(t)) {
            return false;
        }
        long codeptr = joined == null ? 0 : callSite(JOIN_SITES, OmptEvent.TASKWAIT_BEGIN, joined);
        OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.TASKWAIT, codeptr);
        OmptRuntime.syncWaitBegin(t, waitId);
        return true;
    }
}
