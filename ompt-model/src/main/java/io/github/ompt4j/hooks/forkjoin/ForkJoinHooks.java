package io.github.ompt4j.hooks.forkjoin;

import io.github.ompt4j.hooks.AdapterHealth;
import io.github.ompt4j.model.CallSites;
import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptInvoker;
import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptSyncRegionKind;
import io.github.ompt4j.model.OmptTask;
import io.github.ompt4j.model.OmptTaskFlag;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import io.github.ompt4j.model.OmptThreads;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountedCompleter;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ForkJoinWorkerThread;
import jdk.internal.vm.annotation.DontInline;

/**
 * The hooks of {@code java.util.concurrent}'s fork/join framework: {@code ForkJoinPool} workers and
 * submissions, {@code ForkJoinTask} forks, executions and joins.
 *
 * <p><b>Regions.</b> A submission to a pool from a thread that is not one of its workers ({@code invoke},
 * {@code submit}, {@code execute}, a {@code fork} outside the pool) begins a region on the submitting
 * thread, with the pool's parallelism as its requested team size and the program's line as its call site (a
 * walk per region), and a root task; the region ends when
 * that root task completes, on whichever worker completes it. A task run inline by a thread outside any
 * region ({@code ForkJoinTask.invoke()}) is a region the thread takes part in as member 0, ending when
 * the task returns. A thread already in a region (a stream's caller, a directive team member) adds
 * tasks to it instead.
 *
 * <p><b>Tasks.</b> A fork inside a region creates an explicit task (parent: the forking thread's current
 * task); its execution ({@code doExec}) is a switch to it on the thread that runs it, nested when that
 * thread was joining (helping is a task switch), and its completion ends it. A task run inline without
 * a fork is an undeferred task of the running thread's current task. Our task lives in the field this
 * adapter adds to {@code ForkJoinTask} (its {@code ompt_data_t}; after an attach, beside it: {@link TaskSlot}) and is
 * cleared when the task completes, or when it is reinitialized to run again as a new task. A task announced that will not run (rejected, cancelled
 * or completed before it starts, taken back or out of its pool) is withdrawn: it ends as cancelled, with its
 * region if it is a root. Starting and withdrawing both claim the task ({@link OmptTask#claim}), so that
 * whichever thread comes first decides, once.
 * A join that has to wait ({@code awaitDone}, entered only when the task is not done) is a taskwait
 * region with its wait, the wait ID being the awaited task; it begins when the join blocks or runs another
 * task. A join that finds the task in its own queue and runs it is that task's switch alone: it never waits,
 * and in a fine-grained program it is most joins, whose three taskwait events each would outnumber the task's own.
 *
 * <p><b>Stream tasks.</b> A parallel stream's task splits in a loop of its own frame: each split forks one
 * child and goes on computing the other, which never passes through {@code fork} or {@code doExec}.
 * That inline child is an undeferred task of the task it split from (its {@code CountedCompleter}
 * completer), begun when it is first seen on the thread computing it: when it forks a child of its own,
 * or when its leaf ({@code doLeaf}) starts. A leaf ends when its {@code doLeaf} returns; the inline
 * tasks above it end, innermost first, when the {@code doExec} that started the loop ends. A
 * {@code forEach} task forks itself to requeue the part it has not split off: the requeued part is a new
 * task of the forking thread's current task, while the thread goes on as before.
 *
 * <p><b>Threads.</b> Workers begin and end with {@code runWorker}, and are idle in {@code awaitWork}. Any other
 * thread that reaches a construct begins as an initial thread, and ends with its Java thread
 * ({@code ThreadHooks}).
 * The virtual-thread scheduler is not a region of the program, and its submissions are never reported.
 * Its carrier threads are reported only when asked ({@link #reportCarriers}): as workers, idle while they
 * wait for a virtual thread to run and {@code work_serial} while one is mounted, with no region or task
 * (what a virtual thread does is reported on the virtual thread).
 *
 * <p><b>Out of line.</b> The hooks a task passes through (fork, start, end, join) test inline whether to report and
 * report in a method of their own that the JIT never inlines ({@code @DontInline}, as {@code OmptDispatch} does for
 * the tools): woven into {@code fork}, {@code doExec} and {@code awaitDone}, which C2 inlines into one another and into
 * the program's {@code compute}, the model's code was compiled again into each of them. On a fine-grained program
 * ({@code FineGrained}, a million tasks a second, a tool registered) C2 spent 5.0 s of CPU where it spends 1.0 s
 * without the agent, 1.7 s of it on {@code awaitDone} alone (compiled six times, 40 KB each); out of line, 2.7 s.
 */
public final class ForkJoinHooks {
    /** The field the weaving adds to {@code ForkJoinTask}. */
    public static final String TASK_FIELD = "ompt$task";
    static final AdapterHealth HEALTH = AdapterHealth.of("forkjoin");
    private static final CallSiteByClass TASK_SITES = new CallSiteByClass();
    private static final CallSiteByClass JOIN_SITES = new CallSiteByClass();
    /** The JDK's own task classes (streams', sorts', the adapters of callables and runnables), shared by every caller. */
    private static final ClassValue<Boolean> JDK_TASKS = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return type.getClassLoader() == null;
        }
    };
    private static final ClassValue<Boolean> STREAM_TASKS = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return type.getName().startsWith("java.util.stream.");
        }
    };
    private static final ClassValue<Boolean> VIRTUAL_THREAD_FACTORIES = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> factory) {
            return factory.getName().startsWith("java.lang.VirtualThread");
        }
    };

    /** What a task's deferred join becomes once it waits ({@link OmptThread#join}): its taskwait is reported. */
    private static final Object JOIN_WAITING = new Object();
    /** What {@link #execBegin} returns for a carrier that mounts a virtual thread. */
    private static final Object MOUNTED = new Object();
    private static volatile boolean carriers;

    private ForkJoinHooks() {
    }

    /** Report the virtual-thread scheduler's carrier threads (the agent's {@code carriers=on}). */
    public static void reportCarriers() {
        carriers = true;
    }

    static OmptTask taskOf(ForkJoinTask<?> task) {
        return TaskSlot.SLOT.get(task);
    }

    private static void setTask(ForkJoinTask<?> task, OmptTask value) {
        TaskSlot.SLOT.set(task, value);
    }

    static OmptThread thread() {
        OmptThread t = OmptThreads.current();
        return t != null ? t : OmptRuntime.threadBegin(OmptThreadType.INITIAL);
    }

    /**
     * Whether the thread runs tasks of a region: it has a current task that belongs to one, and is not
     * running tool code (a tool's own streams and tasks are not the program's).
     */
    private static boolean inRegion(OmptThread t) {
        return t != null && !t.inTool() && t.currentTask() != null && t.currentTask().parallel() != null;
    }

    private static boolean isCarrier(Thread thread) {
        return thread instanceof ForkJoinWorkerThread && isVirtualThreadScheduler(((ForkJoinWorkerThread) thread).getPool());
    }

    static boolean isVirtualThreadScheduler(ForkJoinPool pool) {
        return VIRTUAL_THREAD_FACTORIES.get(pool.getFactory().getClass());
    }

    private static long callSite(CallSiteByClass sites, OmptEvent event, Object construct) {
        return CallSites.wanted(event) ? sites.of(construct.getClass()) : 0;
    }

    /** The program's frame that entered the runtime, if a tool takes the call sites of {@code event}. */
    static long submitter(OmptEvent event) {
        return CallSites.wanted(event) ? CallSites.caller(CallSiteByClass.RUNTIME) : 0;
    }

    // ---- workers -----------------------------------------------------------------------------------

    /** {@code ForkJoinPool.runWorker} starts, on the new worker. */
    public static boolean workerBegin() {
        if (HEALTH.active()) {
            Thread me = Thread.currentThread();
            if ((!carriers && isCarrier(me)) || OmptThreads.current() != null) {
                return false;
            }
            OmptRuntime.threadBegin(OmptThreadType.WORKER);
            return true;
        }
        return false;
    }

    public static void workerEnd(boolean began) {
        if (began && HEALTH.enabled()) {
            OmptRuntime.threadEnd(thread());
        }
    }

    /** {@code ForkJoinPool.awaitWork}: a worker found no task and waits. */
    public static boolean idleBegin() {
        if (HEALTH.active()) {
            OmptThread t = OmptThreads.current();
            if (t == null || t.type() != OmptThreadType.WORKER || t.currentTask() != null) {
                return false;
            }
            OmptRuntime.idleBegin(t);
            return true;
        }
        return false;
    }

    public static void idleEnd(boolean began) {
        if (began && HEALTH.enabled()) {
            OmptRuntime.idleEnd(thread());
        }
    }

    // ---- regions -----------------------------------------------------------------------------------

    /**
     * {@code task} is submitted to {@code pool} ({@code externalSubmit} or {@code poolSubmit}). From outside
     * the pool it begins a region whose root is the task; from a worker of the pool it is a fork. Returns the
     * thread if the submission is now inside the runtime (else null): the pool's own locks (it takes its
     * registration lock to start a worker) are then not reported, until {@link #submitEnd}.
     */
    public static Object submit(Object poolObject, Object taskObject) {
        if (HEALTH.active() && taskObject != null) {
            ForkJoinPool pool = (ForkJoinPool) poolObject;
            ForkJoinTask<?> task = (ForkJoinTask<?>) taskObject;
            Thread me = Thread.currentThread();
            if (isVirtualThreadScheduler(pool) || isCarrier(me)) {
                return null;
            }
            if (taskOf(task) == null) {
                if (task instanceof CompletableFuture.AsynchronousCompletionTask) {
                    // An async stage run at once (its source was complete): a task, never a region.
                    asyncStageCreated(task, null);
                } else if (me instanceof ForkJoinWorkerThread && ((ForkJoinWorkerThread) me).getPool() == pool) {
                    forked(OmptThreads.current(), task);
                } else {
                    beginRegion(pool.getParallelism(), task);
                }
            }
            return enterRuntime(OmptThreads.current());
        }
        return null;
    }

    /**
     * The submission or fork of {@code task} returned, or threw {@code thrown}: then the pool rejected it (it is
     * shut down, or its queue is full) and the task, never to run, is withdrawn. {@code entered} is what
     * {@link #submit} or {@link #fork} returned.
     */
    public static void submitEnd(Object entered, Throwable thrown, Object task) {
        if (entered != null || (thrown != null && HEALTH.enabled())) {
            if (entered != null) {
                ((OmptThread) entered).exitSynchronizer();
            }
            if (thrown != null && task != null) {
                withdraw((ForkJoinTask<?>) task);
            }
        }
    }

    /**
     * {@code ForkJoinTask.trySetCancelled} returned ({@code cancel}, a pool's {@code shutdownNow}, an
     * {@code invokeAll} or {@code invokeAny} cancelling the rest): a cancelled task that had not started is
     * withdrawn. (What it returns differs: the status before on JDK 25, after on 17.)
     */
    public static void cancelled(Object task) {
        if (((ForkJoinTask<?>) task).isCancelled()) {
            withdrawn(task);
        }
    }

    /** {@code ForkJoinTask.tryUnfork} returned {@code unforked}: if true, the caller took the task back and runs it in its own task, if at all. */
    public static void unforked(boolean unforked, Object task) {
        if (unforked) {
            withdrawn(task);
        }
    }

    /** {@code ForkJoinPool.pollSubmission} took {@code task} (or null) out of its pool. */
    public static void polled(Object task) {
        if (task != null) {
            withdrawn(task);
        }
    }

    /** {@code ForkJoinPool.drainTasksTo(tasks)} moved the pool's queued tasks into {@code tasks}. */
    public static void drained(int count, Object tasks) {
        if (count > 0 && HEALTH.enabled()) {
            for (Object task : (Iterable<?>) tasks) {
                if (task instanceof ForkJoinTask) {
                    withdraw((ForkJoinTask<?>) task);
                }
            }
        }
    }

    /**
     * {@code ForkJoinTask.reinitialize}: the task will be run again, as a new task. Its OMPT task goes, withdrawn if
     * it never started; one that ran may still be in the field (its worker ends it after it released the joiner).
     */
    public static void reinitialized(Object taskObject) {
        if (HEALTH.enabled()) {
            ForkJoinTask<?> task = (ForkJoinTask<?>) taskObject;
            if (taskOf(task) != null) {
                withdraw(task);
                setTask(task, null);
            }
        }
    }

    private static void withdrawn(Object task) {
        if (HEALTH.enabled()) {
            withdraw((ForkJoinTask<?>) task);
        }
    }

    /**
     * {@code task} will not run as announced: its submission was rejected, it was cancelled or completed before it
     * started, or taken out of its pool. Unless it started, its OMPT task ends as cancelled ({@code task_end}, a
     * switch with status cancel) on this thread, and its region with it if it was a root; its field is cleared, so
     * that running it later is a new task.
     */
    private static void withdraw(ForkJoinTask<?> task) {
        OmptTask ours = taskOf(task);
        if (ours != null && ours.claim()) {
            TaskSlot.SLOT.clear(task, ours);
            OmptThread t = thread();
            OmptRuntime.taskCancelled(t, ours);
            if (ours.endsRegion()) {
                OmptRuntime.parallelEnd(t, ours.parallel());
            }
        }
    }

    /** {@code t} starts {@code task}, unless the task was started or withdrawn elsewhere: whether it did. */
    private static boolean start(OmptThread t, OmptTask task) {
        if (!task.claim()) {
            return false;
        }
        OmptRuntime.taskStart(t, task);
        return true;
    }

    /** {@code t}, inside the runtime now, or null if there is no {@code t}. */
    private static OmptThread enterRuntime(OmptThread t) {
        if (t != null) {
            t.enterSynchronizer();
        }
        return t;
    }

    /**
     * A region forked by the calling thread with {@code task} as its root, which will end it. Its call site is the
     * program's line that submitted, found by a walk per submission: a task's class says nothing of it (the JDK's
     * wrappers of callables and runnables are shared by every submission).
     */
    private static void beginRegion(int parallelism, ForkJoinTask<?> task) {
        OmptThread t = thread();
        long codeptr = submitter(OmptEvent.PARALLEL_BEGIN);
        OmptParallel region = OmptRuntime.parallelBegin(t, parallelism, parallelism, OmptInvoker.PROGRAM, codeptr);
        setTask(task, OmptRuntime.rootTaskCreate(t, region, 0, codeptr));
        OmptRuntime.parallelForked(t);
    }

    /**
     * {@code ForkJoinTask.fork()}: inside a region a new task of it; from a thread outside any pool and
     * region, a submission to the common pool (a region of its own). Returns the thread if the fork is now
     * inside the runtime, else null (see {@link #submit}).
     */
    public static Object fork(Object taskObject) {
        return HEALTH.active() ? reportFork(taskObject) : null;
    }

    @DontInline
    private static OmptThread reportFork(Object taskObject) {
        OmptThread t = OmptThreads.current();
        forked(t, (ForkJoinTask<?>) taskObject);
        return enterRuntime(t);
    }

    private static void forked(OmptThread t, ForkJoinTask<?> task) {
        OmptTask ours = taskOf(task);
        if (ours != null) {
            if (inRegion(t) && runsHere(t, ours)) {
                // A running stream task requeues itself: the part it requeues is a task of its own.
                setTask(task, OmptRuntime.taskCreate(t, 0, taskSite(t, task)));
            }
            return;
        }
        if (inRegion(t)) {
            if (task instanceof CountedCompleter) {
                beginInline(t, ((CountedCompleter<?>) task).getCompleter());
            }
            setTask(task, OmptRuntime.taskCreate(t, 0, taskSite(t, task)));
        } else if (!(Thread.currentThread() instanceof ForkJoinWorkerThread)) {
            beginRegion(ForkJoinPool.getCommonPoolParallelism(), task);
        }
    }

    /**
     * The call site of a task that {@code t}'s current task creates: a task of the JDK's (a stream's, a sort's) has
     * its region's (every stream shares the same task classes, so their class says nothing); a task of the
     * program's the program's frame that created its class, found once per class.
     */
    private static long taskSite(OmptThread t, ForkJoinTask<?> task) {
        if (!CallSites.wanted(OmptEvent.TASK_BEGIN)) {
            return 0;
        }
        if (JDK_TASKS.get(task.getClass())) {
            OmptParallel region = t.currentTask().parallel();
            if (region != null && region.codeptr() != 0) {
                return region.codeptr();
            }
        }
        return callSite(TASK_SITES, OmptEvent.TASK_BEGIN, task);
    }

    /** Whether {@code task} is the thread's current task or one it is nested in. */
    private static boolean runsHere(OmptThread t, OmptTask task) {
        for (OmptTask k = t.currentTask(); k != null; k = k.parent()) {
            if (k == task) {
                return true;
            }
        }
        return false;
    }

    /**
     * Begins {@code task}, if it is a stream task computed inline that has not begun yet, after the inline
     * tasks it was split from (outermost first); each is an undeferred task of the thread's current task
     * and becomes the current task. The chain is as deep as the splits, about log2 of the elements.
     */
    private static void beginInline(OmptThread t, ForkJoinTask<?> task) {
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

    /**
     * A {@code CompletableFuture} async stage's task is handed to its executor (any executor: a pool, a
     * thread per task, the program's own): an explicit task of the calling thread's current task, which
     * for a dependent stage is the stage whose completion triggered it. No region: a submission of it to a
     * pool then finds the task made. {@code function} is the stage's lambda, whose class names the call
     * site; null when the stage does not expose it, and then the call site is unknown (0).
     */
    static void asyncStageCreated(ForkJoinTask<?> task, Object function) {
        if (taskOf(task) != null) {
            return;
        }
        OmptThread t = thread();
        if (t.inTool() || t.currentTask() == null) {
            return;
        }
        long codeptr = function == null ? 0 : callSite(TASK_SITES, OmptEvent.TASK_BEGIN, function);
        setTask(task, OmptRuntime.taskCreate(t, 0, codeptr));
    }

    /**
     * {@code ForkJoinTask.invoke()}: a thread outside any region and pool runs the task itself; returns
     * the region it begins (member 0 is this thread), or null.
     */
    public static Object invokeBegin(Object taskObject) {
        if (HEALTH.active()) {
            ForkJoinTask<?> task = (ForkJoinTask<?>) taskObject;
            Thread me = Thread.currentThread();
            OmptThread t = OmptThreads.current();
            if (me instanceof ForkJoinWorkerThread || inRegion(t) || taskOf(task) != null || task.isDone()
                    || (t != null && t.inTool())) {
                return null;
            }
            return joinedRegionBegin(thread(), ForkJoinPool.getCommonPoolParallelism(),
                    submitter(OmptEvent.PARALLEL_BEGIN));
        }
        return null;
    }

    /** The end of the region {@link #invokeBegin} began. */
    public static void invokeEnd(Object region) {
        if (region != null && HEALTH.enabled()) {
            joinedRegionEnd((OmptParallel) region);
        }
    }

    /** The end of a region the calling thread took part in as member 0 (an inline invoke, a parallel stream). */
    static void joinedRegionEnd(OmptParallel region) {
        OmptThread t = thread();
        OmptRuntime.implicitTaskEnd(t);
        OmptRuntime.parallelEnd(t, region);
    }

    /** A region whose encountering thread is its member 0 (an implicit task), ended by {@link #invokeEnd}. */
    static OmptParallel joinedRegionBegin(OmptThread t, int parallelism, long codeptr) {
        OmptParallel region = OmptRuntime.parallelBegin(t, parallelism, parallelism, OmptInvoker.PROGRAM, codeptr);
        OmptRuntime.implicitTaskBegin(t, region, 0);
        return region;
    }

    // ---- task execution and joins --------------------------------------------------------------------

    /** {@code ForkJoinTask.doExec} starts: returns the task started on this thread, or null. */
    public static Object execBegin(Object taskObject) {
        return HEALTH.active() ? reportExecBegin(taskObject) : null;
    }

    @DontInline
    private static Object reportExecBegin(Object taskObject) {
        ForkJoinTask<?> task = (ForkJoinTask<?>) taskObject;
        if (task.isDone()) {
            withdraw(task); // completed or cancelled before it ran: it never will
            return null;
        }
        OmptTask ours = taskOf(task);
        OmptThread t = OmptThreads.current();
        if (t != null && t.join() != null && t.join() != task) {
            joinWaits(t); // the join helps: it runs another task while its own is not done
        }
        if (t != null && ours != null && t.currentTask() == ours) {
            // Already running here: an async stage's run() inside the doExec that started it.
            return null;
        }
        if (ours == null) {
            if (!inRegion(t)) {
                return mounts(t) ? MOUNTED : null;
            }
            ours = OmptRuntime.taskCreate(t, OmptTaskFlag.UNDEFERRED,
                    taskSite(t, task));
            setTask(task, ours);
        } else if (t == null) {
            if (isCarrier(Thread.currentThread())) {
                return null;
            }
            t = OmptRuntime.threadBegin(Thread.currentThread() instanceof ForkJoinWorkerThread
                    ? OmptThreadType.WORKER : OmptThreadType.INITIAL);
        }
        return start(t, ours) ? ours : null;
    }

    /** Whether {@code t} is a carrier that is reported and now runs a virtual thread (then in {@code work_serial}). */
    private static boolean mounts(OmptThread t) {
        if (carriers && t != null && t.type() == OmptThreadType.WORKER && t.currentTask() == null
                && isCarrier(Thread.currentThread())) {
            OmptRuntime.workerRunsSerial(t, false);
            return true;
        }
        return false;
    }

    /** {@code ForkJoinTask.doExec} returns or throws: the task started by {@link #execBegin} completes. */
    public static void execEnd(Object started, Object task) {
        if (started != null && HEALTH.enabled()) {
            reportExecEnd(started, task);
        }
    }

    @DontInline
    private static void reportExecEnd(Object started, Object task) {
        OmptThread t = thread();
        if (started == MOUNTED) {
            OmptRuntime.workerRunsSerial(t, true);
            return;
        }
        OmptTask done = (OmptTask) started;
        while (t.currentTask() != done && runsHere(t, done)) {
            OmptRuntime.taskComplete(t); // a stream task's inline children
        }
        if (t.currentTask() == done) {
            OmptRuntime.taskComplete(t);
        }
        // A forEach task that requeued itself holds its requeued part's task by now: keep that.
        TaskSlot.SLOT.clear((ForkJoinTask<?>) task, done);
        if (done.endsRegion()) {
            OmptRuntime.parallelEnd(t, done.parallel());
        }
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
    private static void joinWaits(OmptThread t) {
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
    static void taskwaitEnd(OmptThread t) {
        OmptRuntime.syncWaitEnd(t);
        OmptRuntime.syncRegionEnd(t);
    }

    /**
     * Whether {@code t} can enter a taskwait: it has a task, is not running tool code or already in a taskwait
     * (an inner overload, a nested wait), and does not carry virtual threads. A carrier has no task unless its
     * scheduler is reported ({@link #reportCarriers}), so only then is a thread with a task asked whether it is one:
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
    static boolean taskwaitBegin(Object joined, long waitId) {
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
