package io.github.ompt4j.hooks.forkjoin;

import io.github.ompt4j.hooks.AdapterHealth;
import io.github.ompt4j.model.CallSites;
import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptInvoker;
import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptTask;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import io.github.ompt4j.model.OmptThreads;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.ForkJoinWorkerThread;

/**
 * What the fork/join hooks share: the adapter's health, a task's OMPT task (in the field the weaving adds,
 * {@link TaskSlot}), the thread, whether it runs tasks of a region, call sites, and the steps of a task's life
 * that several weave points take: start, withdraw, create (an async stage's), and the regions a thread takes
 * part in as member 0. Tasks are started and withdrawn by claiming them ({@link OmptTask#claim}), so that
 * whichever thread comes first decides, once.
 *
 * <p>Public, so that the start-up initializes it with the hook classes, and for the hooks of the adapters that
 * build on fork/join ({@code streams}, {@code completable}), whose operations here are public; the rest is the
 * package's.
 */
public final class ForkJoin {
    public static final AdapterHealth HEALTH = AdapterHealth.of("forkjoin");
    private static final CallSiteByClass TASK_SITES = new CallSiteByClass();
    /** The JDK's own task classes (streams', sorts', the adapters of callables and runnables), shared by every caller. */
    private static final ClassValue<Boolean> JDK_TASKS = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            return type.getClassLoader() == null;
        }
    };

    private static final ClassValue<Boolean> VIRTUAL_THREAD_FACTORIES = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> factory) {
            return factory.getName().startsWith("java.lang.VirtualThread");
        }
    };

    static volatile boolean carriers;

    private ForkJoin() {
    }

    static OmptTask taskOf(ForkJoinTask<?> task) {
        return TaskSlot.SLOT.get(task);
    }

    static void setTask(ForkJoinTask<?> task, OmptTask value) {
        TaskSlot.SLOT.set(task, value);
    }

    public static OmptThread thread() {
        OmptThread t = OmptThreads.current();
        return t != null ? t : OmptRuntime.threadBegin(OmptThreadType.INITIAL);
    }

    /**
     * Whether the thread runs tasks of a region: it has a current task that belongs to one, and is not
     * running tool code (a tool's own streams and tasks are not the program's).
     */
    static boolean inRegion(OmptThread t) {
        return t != null && !t.inTool() && t.currentTask() != null && t.currentTask().parallel() != null;
    }

    static boolean isCarrier(Thread thread) {
        return thread instanceof ForkJoinWorkerThread && isVirtualThreadScheduler(((ForkJoinWorkerThread) thread).getPool());
    }

    static boolean isVirtualThreadScheduler(ForkJoinPool pool) {
        return VIRTUAL_THREAD_FACTORIES.get(pool.getFactory().getClass());
    }

    static long callSite(CallSiteByClass sites, OmptEvent event, Object construct) {
        return CallSites.wanted(event) ? sites.of(construct.getClass()) : 0;
    }

    /** The program's frame that entered the runtime, if a tool takes the call sites of {@code event}. */
    public static long submitter(OmptEvent event) {
        return CallSites.wanted(event) ? CallSites.caller(CallSiteByClass.RUNTIME) : 0;
    }

    /** Whether {@code type} is the JDK's (the bootstrap loader's): a task of that class is no program's code. */
    public static boolean isJdks(Class<?> type) {
        return JDK_TASKS.get(type);
    }

    /**
     * The call site of a task of the program's, whose code, of class {@code code} (a lambda, a {@code Runnable} of its
     * own), the calling thread hands to an executor: the program's frame that made the class, found once per class.
     */
    public static long handedTaskSite(Class<?> code) {
        return CallSites.wanted(OmptEvent.TASK_BEGIN) ? TASK_SITES.of(code) : 0;
    }

    static void withdrawn(Object task) {
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
    static void withdraw(ForkJoinTask<?> task) {
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
    static boolean start(OmptThread t, OmptTask task) {
        if (!task.claim()) {
            return false;
        }
        OmptRuntime.taskStart(t, task);
        return true;
    }

    /** {@code t}, inside the runtime now, or null if there is no {@code t}. */
    static OmptThread enterRuntime(OmptThread t) {
        if (t != null) {
            t.enterSynchronizer();
        }
        return t;
    }

    /** Whether {@code task} is the thread's current task or one it is nested in. */
    public static boolean runsHere(OmptThread t, OmptTask task) {
        for (OmptTask k = t.currentTask(); k != null; k = k.parent()) {
            if (k == task) {
                return true;
            }
        }
        return false;
    }

    /**
     * The call site of a task that {@code t}'s current task creates: a task of the JDK's (a stream's, a sort's) has
     * its region's (every stream shares the same task classes, so their class says nothing); a task of the
     * program's the program's frame that created its class, found once per class.
     */
    static long taskSite(OmptThread t, ForkJoinTask<?> task) {
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

    /**
     * A {@code CompletableFuture} async stage's task is handed to its executor (any executor: a pool, a
     * thread per task, the program's own): an explicit task of the calling thread's current task, which
     * for a dependent stage is the stage whose completion triggered it. No region: a submission of it to a
     * pool then finds the task made. {@code function} is the stage's lambda, whose class names the call
     * site; null when the stage does not expose it, and then the call site is unknown (0).
     */
    public static void asyncStageCreated(ForkJoinTask<?> task, Object function) {
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

    /** The end of a region the calling thread took part in as member 0 (an inline invoke, a parallel stream). */
    public static void joinedRegionEnd(OmptParallel region) {
        OmptThread t = thread();
        OmptRuntime.implicitTaskEnd(t);
        OmptRuntime.parallelEnd(t, region);
    }

    /** A region whose encountering thread is its member 0 (an implicit task), ended by {@link TaskHooks#invokeEnd}. */
    public static OmptParallel joinedRegionBegin(OmptThread t, int parallelism, long codeptr) {
        OmptParallel region = OmptRuntime.parallelBegin(t, parallelism, parallelism, OmptInvoker.PROGRAM, codeptr);
        OmptRuntime.implicitTaskBegin(t, region, 0);
        return region;
    }
}
