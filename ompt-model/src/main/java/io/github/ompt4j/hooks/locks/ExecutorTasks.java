package io.github.ompt4j.hooks.locks;

import static io.github.ompt4j.hooks.locks.Locks.HEALTH;

import io.github.ompt4j.hooks.forkjoin.ForkJoin;
import io.github.ompt4j.hooks.forkjoin.TaskHooks;
import io.github.ompt4j.hooks.forkjoin.WeakIdentityTable;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptTask;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreads;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RunnableScheduledFuture;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The tasks of a {@code ThreadPoolExecutor}. Every {@code Runnable} handed to {@code execute} (the {@code FutureTask}
 * that {@code submit}, {@code invokeAll} and a completion service wrap around the program's code, or the program's
 * own) is an explicit task of the submitting thread's current task, created as {@code execute} starts, before the
 * queue can give it to a worker. It starts on the worker that takes it ({@code getTask} returns it, or a new worker
 * starts with it) and completes when that worker comes back for its next task or dies of this one
 * ({@code processWorkerExit}). So a worker's samples stand on the stack that submitted its task, as a pool's and a
 * stage's do, and a {@code Future.get} waits for a child task of the waiting thread's.
 *
 * <p>A task that will not run as announced is withdrawn (it ends as cancelled, {@link OmptRuntime#taskCancelled}):
 * {@code execute} throws; the rejection handler gets it (a discarding policy drops it; a {@code CallerRunsPolicy}
 * runs it inside {@code execute}, on the submitter's stack, as the submitter's own code), or a
 * {@code DiscardOldestPolicy} takes it out of the queue to make room for another; {@code shutdownNow} returns it;
 * {@code remove} takes it out; its future is cancelled before a worker takes it. A scheduled executor's tasks come in
 * through {@code delayedExecute} instead, the same way after that: one due at once ({@code execute}, {@code submit},
 * a delay of 0) is a task as any other; one with a delay, or periodic, is the worker's serial work when it runs
 * ({@link #scheduling}). Not tasks either: a {@code ForkJoinTask} (a {@code CompletableFuture} stage, the
 * {@code completable} adapter's task), a tool's, and the JDK's own work, a {@code Runnable} of the JDK's class or a
 * future around one (RMI's connection handlers for a JMX client; also the program's code that it wraps in the JDK's
 * own adapter, {@code Executors.callable}, before it hands it over, which its class no longer shows). Not seen: tasks a program takes out of the queue by hand (its own
 * rejection handler that makes room as a {@code DiscardOldestPolicy} does, a drain of {@code getQueue()}, a
 * {@code purge} of futures cancelled through a wrapper of its own); their tasks never end.
 *
 * <p>A {@code FutureTask}'s task (what {@code submit} and {@code invokeAll} hand over) is kept in a field the weaving
 * adds, as a {@code ForkJoinTask}'s is, from {@code execute} on, so that a {@code get} names the task it waits for;
 * before that, from its construction, the field holds the class of the program's code inside, which names the
 * task's call site (a walk of the stack a task would cost microseconds); a future handed over again is not announced
 * again, since it runs once.
 * Any other {@code Runnable} (the program's, which cannot gain a field), and a future after an attach, is kept in a
 * weak identity table, with the task announced for it, or the tasks, oldest first, when the program hands it over
 * again before it ran (a lambda that captures nothing is one object, however often a loop hands it over).
 */
public final class ExecutorTasks {
    /**
     * The field the weaving adds to {@code FutureTask} ({@link TaskHooks#TASK_FIELD}, as {@code ForkJoinTask}'s): the
     * class of the program's code from the future's construction, its task from {@code execute} on. Null if
     * {@code FutureTask} was loaded before the agent came (an attach). Static and final, so compiled code inlines it.
     */
    private static final VarHandle FUTURE_TASK = futureTaskField();
    /** A {@code Runnable}'s announced tasks: one {@link OmptTask}, or several in an {@link Announced}. */
    private static final WeakIdentityTable<Object> ANNOUNCED = new WeakIdentityTable<>();

    private ExecutorTasks() {
    }

    private static VarHandle futureTaskField() {
        try {
            return MethodHandles.publicLookup().findVarHandle(FutureTask.class, TaskHooks.TASK_FIELD, Object.class);
        } catch (NoSuchFieldException e) {
            return null;
        } catch (IllegalAccessException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Whether {@code runnable}'s task is kept in its own field: a {@code FutureTask}, if it has the field. */
    private static boolean hasField(Object runnable) {
        return FUTURE_TASK != null && runnable instanceof FutureTask;
    }

    /**
     * {@code execute(command)} starts: {@code command} is announced as a task, then the thread is marked inside the
     * executor ({@link PoolLockHooks#poolLocking}). Returns the mark, for {@link #executed}.
     */
    public static boolean executing(Object command) {
        if (command != null && HEALTH.active() && !(command instanceof ForkJoinTask)) {
            announce(command); // (execute throws for a null command)
        }
        return PoolLockHooks.poolLocking();
    }

    /**
     * A scheduled executor's {@code delayedExecute(task)} starts ({@code schedule}, and its {@code execute} and
     * {@code submit}, which schedule with no delay): a task due now that runs once is announced as {@link #executing}
     * announces one. Not a periodic one, which runs again and again, each run the worker's serial code; nor one with
     * a delay to wait, which the program may end (or cancel and purge) before it is due, as a {@code CompletableFuture}
     * stage given to a delayed executor is announced only once it is due: a task announced must run or end.
     */
    public static boolean scheduling(Object task) {
        RunnableScheduledFuture<?> scheduled = (RunnableScheduledFuture<?>) task;
        return executing(scheduled.isPeriodic() || scheduled.getDelay(TimeUnit.NANOSECONDS) > 0 ? null : task);
    }

    private static void announce(Object command) {
        boolean inField = hasField(command);
        Object held = inField ? FUTURE_TASK.get(command) : null;
        Class<?> code = inField ? (held instanceof Class ? (Class<?>) held : null) : command.getClass();
        // A future whose task was taken (it ran, or was withdrawn: a rejected one that a discard-oldest policy hands
        // over again) gets a new one, whose call site the field no longer holds (0).
        boolean again = held instanceof OmptTask && ((OmptTask) held).claimed();
        if (code == null ? !again : ForkJoin.isJdks(code)) {
            // Announced and not taken yet (a future runs once, wherever a worker takes it first), made before a tool
            // came, or the JDK's own work (a connection handler of RMI's, for a JMX client): no task of the
            // program's, and its thread is not begun here.
            return;
        }
        OmptThread t = Locks.thread();
        if (t == null || t.inTool() || t.currentTask() == null) {
            return;
        }
        OmptTask task = OmptRuntime.taskCreate(t, 0, code == null ? 0 : ForkJoin.handedTaskSite(code));
        if (inField) {
            if (!FUTURE_TASK.compareAndSet(command, held, (Object) task) && task.claim()) {
                OmptRuntime.taskCancelled(t, task); // another thread handed the future over at the same time
            }
            return;
        }
        keep(command, task);
    }

    /** Keeps {@code task}, announced for {@code key}, in the table until it starts or is withdrawn. */
    static void keep(Object key, OmptTask task) {
        for (Object announced = ANNOUNCED.putIfAbsent(key, task); announced != null;
                announced = ANNOUNCED.putIfAbsent(key, task)) {
            if (announced instanceof OmptTask) {
                if (ANNOUNCED.replace(key, announced, new Announced((OmptTask) announced, task))) {
                    return;
                }
            } else if (((Announced) announced).add(task)) {
                return;
            } else {
                ANNOUNCED.removeIf(key, announced); // emptied, on its way out: make room for the task
            }
        }
    }

    /** Whether a task announced for {@code key} waits in the table. */
    static boolean kept(Object key) {
        return ANNOUNCED.get(key) != null;
    }

    /**
     * Keeps {@code task} in {@code future}'s field too, if it has one, where a {@code get} finds it and a
     * {@code cancel} withdraws it ({@link #take} then finds it there first).
     */
    static void keepInField(Object future, OmptTask task) {
        if (hasField(future)) {
            FUTURE_TASK.set(future, task);
        }
    }

    /**
     * A {@code FutureTask} was made around {@code code}, the program's {@code Callable} or {@code Runnable} (or, for a
     * completion service's future, the future it made around the program's): the class that names the task's call
     * site, kept in the future's field until {@code execute} (the future's own class, the JDK's, says nothing).
     */
    public static void futureMade(Object future, Object code) {
        if (FUTURE_TASK != null && code != null && HEALTH.active()) {
            Object named = hasField(code) ? FUTURE_TASK.get(code) : code.getClass();
            if (named instanceof Class) {
                FUTURE_TASK.set(future, named);
            }
        }
    }

    /** The ID of {@code future}'s task, which a {@code get} waits for: 0 if it has none (it was not handed over). */
    public static long taskOf(Object future) {
        Object held = hasField(future) ? FUTURE_TASK.get(future) : null;
        return held instanceof OmptTask ? ((OmptTask) held).id() : 0;
    }

    /** {@code execute} returned, or threw {@code thrown}: then the task will not run. */
    public static void executed(boolean marked, Throwable thrown, Object command) {
        PoolLockHooks.poolUnlocked(marked);
        if (thrown != null) {
            withdraw(command, true);
        }
    }

    /**
     * The executor calls its rejection handler for {@code command}: it will not run it itself (a handler that runs it
     * runs it as the submitter's code). The thread leaves the executor's marks: returns what
     * {@link PoolLockHooks#callingProgram} does.
     */
    public static int rejecting(Object command) {
        withdraw(command, true);
        return PoolLockHooks.callingProgram();
    }

    /**
     * A {@code DiscardOldestPolicy} is about to take the oldest task out of {@code executor}'s queue, to make room:
     * returns that task (the queue's head now), for {@link #discardedOldest}. The queue's locks are the executor's.
     */
    public static Object discardingOldest(Object executor) {
        if (!HEALTH.active()) {
            return null;
        }
        boolean marked = PoolLockHooks.poolLocking();
        try {
            return ((ThreadPoolExecutor) executor).getQueue().peek();
        } finally {
            PoolLockHooks.poolUnlocked(marked);
        }
    }

    /**
     * The policy returned: {@code oldest} is gone from the queue unless a worker took it first (then it started), so
     * its task will not run. A program's own handler that takes tasks out of the queue is not seen.
     */
    public static void discardedOldest(Object oldest, Object executor) {
        if (oldest == null || !HEALTH.enabled()) {
            return;
        }
        boolean marked = PoolLockHooks.poolLocking();
        try {
            if (!((ThreadPoolExecutor) executor).getQueue().contains(oldest)) {
                withdraw(oldest, false);
            }
        } finally {
            PoolLockHooks.poolUnlocked(marked);
        }
    }

    /** {@code shutdownNow} returned {@code drained}, the tasks no worker took (null if it threw). */
    public static void shutDownNow(Object drained, boolean marked) {
        PoolLockHooks.poolUnlocked(marked);
        if (drained != null) {
            for (Object task : (List<?>) drained) {
                withdraw(task, false);
            }
        }
    }

    /** {@code remove(task)} returned {@code removed}: whether it took the task out of the queue. */
    public static void removed(boolean removed, boolean marked, Object task) {
        PoolLockHooks.poolUnlocked(marked);
        if (removed) {
            withdraw(task, false);
        }
    }

    /** {@code FutureTask.cancel} returned {@code cancelled}: if no worker took the future yet, none will run it. */
    public static void cancelled(boolean cancelled, Object future) {
        if (cancelled) {
            withdraw(future, false);
        }
    }

    /** A worker starts with its first task, {@code firstTask} (null: it takes its tasks from the queue). */
    public static void workerStarts(Object firstTask) {
        if (firstTask != null && HEALTH.active()) {
            OmptThread t = Locks.thread();
            if (t != null) {
                starts(t, firstTask);
            }
        }
    }

    /** The worker {@code t} took {@code task} ({@code getTask} returned it): its task, if announced, starts. */
    static void starts(OmptThread t, Object task) {
        start(t, take(task, false));
    }

    /** {@code ours}, a task announced and taken out of the table or field, starts on {@code t} unless withdrawn. */
    static void start(OmptThread t, OmptTask ours) {
        if (ours != null && ours.claim()) {
            OmptRuntime.taskStart(t, ours);
            t.setExecutorTask(ours);
        }
    }

    /**
     * The worker {@code t} comes back for its next task, or dies, or a thread of a thread-per-task executor ends: the
     * task it ran, if any and still open, completes.
     */
    public static void ran(OmptThread t) {
        OmptTask done = t.executorTask();
        if (done != null) {
            t.setExecutorTask(null);
            while (t.currentTask() != done && ForkJoin.runsHere(t, done)) {
                OmptRuntime.taskComplete(t); // tasks that ended with it, by an exception
            }
            if (t.currentTask() == done) {
                OmptRuntime.taskComplete(t);
            }
        }
    }

    /**
     * {@code processWorkerExit} starts: the worker's task, if one is open (it threw), completes; then the thread is
     * marked as {@link PoolLockHooks#poolLocking} marks it.
     */
    public static boolean workerExits() {
        OmptThread t = HEALTH.enabled() ? OmptThreads.current() : null;
        if (t != null) {
            ran(t);
        }
        return PoolLockHooks.poolLocking();
    }

    /** The newest (or oldest) task announced for {@code task} will not run: it ends as cancelled, on this thread. */
    static void withdraw(Object task, boolean newest) {
        if (HEALTH.enabled()) {
            OmptTask ours = take(task, newest);
            OmptThread t = ours == null ? null : Locks.thread();
            if (t != null && ours.claim()) {
                OmptRuntime.taskCancelled(t, ours);
            }
        }
    }

    /** Takes the newest or oldest task announced for {@code runnable} out of the table, or returns null. */
    static OmptTask take(Object runnable, boolean newest) {
        if (hasField(runnable)) {
            // Left in the field, which names it to a Future.get; its claim decides who takes it, once.
            Object held = FUTURE_TASK.get(runnable);
            return held instanceof OmptTask ? (OmptTask) held : null;
        }
        for (;;) {
            Object announced = ANNOUNCED.get(runnable);
            if (announced == null) {
                return null;
            }
            if (announced instanceof OmptTask) {
                if (ANNOUNCED.replace(runnable, announced, null)) {
                    return (OmptTask) announced;
                }
                continue;
            }
            Announced several = (Announced) announced;
            OmptTask task = several.take(newest);
            if (several.isEmpty()) {
                ANNOUNCED.removeIf(runnable, several);
            }
            if (task != null) {
                return task;
            }
        }
    }

    /**
     * The tasks announced for one {@code Runnable} handed over again before it ran, oldest first. Once emptied it takes
     * no more (its entry is on its way out of the table), so that no task is added to an entry dropped.
     */
    private static final class Announced {
        private final ArrayDeque<OmptTask> tasks = new ArrayDeque<>(4);
        private boolean emptied;

        Announced(OmptTask first, OmptTask second) {
            tasks.addLast(first);
            tasks.addLast(second);
        }

        synchronized boolean add(OmptTask task) {
            if (emptied) {
                return false;
            }
            tasks.addLast(task);
            return true;
        }

        synchronized OmptTask take(boolean newest) {
            OmptTask task = newest ? tasks.pollLast() : tasks.pollFirst();
            emptied = tasks.isEmpty();
            return task;
        }

        synchronized boolean isEmpty() {
            return emptied;
        }
    }
}
