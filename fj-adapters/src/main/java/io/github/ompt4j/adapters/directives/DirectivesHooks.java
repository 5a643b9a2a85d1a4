package io.github.ompt4j.adapters.directives;

import io.github.ompt4j.adapters.AdapterHealth;
import io.github.ompt4j.model.CallSites;
import io.github.ompt4j.model.Ompt;
import io.github.ompt4j.model.OmptDependence;
import io.github.ompt4j.model.OmptDependenceType;
import io.github.ompt4j.model.OmptDispatch;
import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptInvoker;
import io.github.ompt4j.model.OmptLockImpl;
import io.github.ompt4j.model.OmptMutexKind;
import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptSyncRegionKind;
import io.github.ompt4j.model.OmptTask;
import io.github.ompt4j.model.OmptTaskFlag;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import io.github.ompt4j.model.OmptThreads;
import io.github.ompt4j.model.OmptWorkType;

/**
 * What the directive library's advice calls: each hook turns one weave point into {@link OmptRuntime}
 * operations. Advice passes only what it read from the library (primitives, and the library's opaque
 * {@code toolData} slots, which hold our regions and tasks), so this class never names a library type.
 *
 * <p>Every hook is guarded: it does nothing once the adapter is disabled, and any exception is
 * caught and handed to {@link #HEALTH}, which disables the adapter with one warning. Advice tests
 * {@link #ACTIVE} first: without a tool the runtime keeps no state (TR2 §7.1), and the JIT folds the
 * advice away, which keeps the agent's cost near zero.
 */
public final class DirectivesHooks {
    /** Whether any tool was initialized when the library first ran: constant for the JVM's life. */
    public static final boolean ACTIVE = OmptDispatch.anyCallback();
    static final AdapterHealth HEALTH = new AdapterHealth("directives");

    /** Barrier kinds as advice passes them. */
    public static final int BARRIER_IMPLICIT_PARALLEL = 0;
    public static final int BARRIER_IMPLICIT_WORKSHARE = 1;
    public static final int BARRIER_EXPLICIT = 2;

    /** The library's package: frames there are never a call site (an array, so no varargs array per walk). */
    private static final String[] LIBRARY = {"io.github.ompt4j.omp."};

    private DirectivesHooks() {
    }

    private static OmptThread thread() {
        OmptThread t = OmptThreads.current();
        return t != null ? t : OmptRuntime.threadBegin(OmptThreadType.OTHER);
    }

    private static long callSite(OmptEvent event) {
        return CallSites.wanted(event) ? CallSites.caller(LIBRARY) : 0;
    }

    // ---- threads -----------------------------------------------------------------------------------

    public static void workerBegin() {
        if (HEALTH.enabled()) {
            try {
                OmptRuntime.threadBegin(OmptThreadType.WORKER);
            } catch (Throwable e) {
                HEALTH.failed("worker begin", e);
            }
        }
    }

    public static void workerEnd() {
        if (HEALTH.enabled()) {
            try {
                OmptRuntime.threadEnd(thread());
            } catch (Throwable e) {
                HEALTH.failed("worker end", e);
            }
        }
    }

    public static void idle(boolean begin) {
        if (HEALTH.enabled()) {
            try {
                if (begin) {
                    OmptRuntime.idleBegin(thread());
                } else {
                    OmptRuntime.idleEnd(thread());
                }
            } catch (Throwable e) {
                HEALTH.failed("worker idle", e);
            }
        }
    }

    // ---- parallel regions and implicit tasks ---------------------------------------------------

    /** A region is forked with {@code teamSize} threads; returns it, for the team's tool slot. */
    public static Object parallelBegin(int requestedTeamSize, int teamSize) {
        if (HEALTH.enabled()) {
            try {
                return OmptRuntime.parallelBegin(thread(), requestedTeamSize, teamSize, OmptInvoker.PROGRAM,
                        callSite(OmptEvent.PARALLEL_BEGIN));
            } catch (Throwable e) {
                HEALTH.failed("parallel begin", e);
            }
        }
        return null;
    }

    public static void parallelEnd(Object region) {
        if (HEALTH.enabled() && region != null) {
            try {
                OmptRuntime.parallelEnd(thread(), (OmptParallel) region);
            } catch (Throwable e) {
                HEALTH.failed("parallel end", e);
            }
        }
    }

    /**
     * Thread {@code threadNum} of {@code region} starts its implicit task; true if reported, and only then
     * must {@link #implicitTaskEnd} follow. (The end cannot look at the team's slot: the master may have
     * ended the region and cleared it while a worker is still leaving the closing barrier.)
     */
    public static boolean implicitTaskBegin(Object region, int threadNum) {
        if (HEALTH.enabled() && region != null) {
            try {
                OmptRuntime.implicitTaskBegin(thread(), (OmptParallel) region, threadNum);
                return true;
            } catch (Throwable e) {
                HEALTH.failed("implicit task begin", e);
            }
        }
        return false;
    }

    public static void implicitTaskEnd() {
        if (HEALTH.enabled()) {
            try {
                OmptRuntime.implicitTaskEnd(thread());
            } catch (Throwable e) {
                HEALTH.failed("implicit task end", e);
            }
        }
    }

    // ---- barriers, taskwait, taskgroup, reductions -----------------------------------------------

    public static void barrierBegin(int barrierKind) {
        if (HEALTH.enabled()) {
            try {
                OmptThread t = thread();
                OmptSyncRegionKind kind = barrierKind == BARRIER_EXPLICIT ? OmptSyncRegionKind.BARRIER_EXPLICIT
                        : barrierKind == BARRIER_IMPLICIT_WORKSHARE ? OmptSyncRegionKind.BARRIER_IMPLICIT_WORKSHARE
                        : OmptSyncRegionKind.BARRIER_IMPLICIT_PARALLEL;
                OmptRuntime.syncRegionBegin(t, kind, barrierCallSite(t, kind));
            } catch (Throwable e) {
                HEALTH.failed("barrier begin", e);
            }
        }
    }

    /**
     * As LLVM does: the implicit barrier that ends a region carries the region's call site on its
     * master and none on the workers, whose stacks hold no user frame; the barrier of a worksharing
     * construct carries the construct's; an explicit barrier its own.
     */
    private static long barrierCallSite(OmptThread t, OmptSyncRegionKind kind) {
        if (kind == OmptSyncRegionKind.BARRIER_EXPLICIT) {
            return callSite(OmptEvent.BARRIER_BEGIN);
        }
        if (kind == OmptSyncRegionKind.BARRIER_IMPLICIT_WORKSHARE) {
            return OmptRuntime.workshareBarrierCodeptr(t);
        }
        OmptTask task = t.currentTask();
        return t.threadNum() == 0 && task.parallel() != null ? task.parallel().codeptr() : 0;
    }

    /** The end of a barrier, taskwait, taskgroup or reduction region. */
    public static void syncRegionEnd() {
        if (HEALTH.enabled()) {
            try {
                OmptRuntime.syncRegionEnd(thread());
            } catch (Throwable e) {
                HEALTH.failed("sync region end", e);
            }
        }
    }

    /** The thread starts waiting at the barrier of its current region. */
    public static void barrierWaitBegin() {
        if (HEALTH.enabled()) {
            try {
                OmptThread t = thread();
                OmptRuntime.syncWaitBegin(t, t.currentTask().parallelId());
            } catch (Throwable e) {
                HEALTH.failed("barrier wait begin", e);
            }
        }
    }

    public static void syncWaitEnd() {
        if (HEALTH.enabled()) {
            try {
                OmptRuntime.syncWaitEnd(thread());
            } catch (Throwable e) {
                HEALTH.failed("sync wait end", e);
            }
        }
    }

    /** A taskwait: its region and, at once, its wait for the current task's children. */
    public static void taskwaitBegin() {
        if (HEALTH.enabled()) {
            try {
                OmptThread t = thread();
                OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.TASKWAIT, callSite(OmptEvent.TASKWAIT_BEGIN));
                OmptRuntime.syncWaitBegin(t, t.currentTask().id());
            } catch (Throwable e) {
                HEALTH.failed("taskwait begin", e);
            }
        }
    }

    public static void taskwaitEnd() {
        if (HEALTH.enabled()) {
            try {
                OmptThread t = thread();
                OmptRuntime.syncWaitEnd(t);
                OmptRuntime.syncRegionEnd(t);
            } catch (Throwable e) {
                HEALTH.failed("taskwait end", e);
            }
        }
    }

    /** A taskgroup region begins, before its block runs; it ends with {@link #syncRegionEnd}. */
    public static void taskgroupBegin() {
        if (HEALTH.enabled()) {
            try {
                OmptRuntime.syncRegionBegin(thread(), OmptSyncRegionKind.TASKGROUP, callSite(OmptEvent.TASKGROUP_BEGIN));
            } catch (Throwable e) {
                HEALTH.failed("taskgroup begin", e);
            }
        }
    }

    /** The end of a taskgroup's block: the wait for every task of the group; it ends with {@link #syncWaitEnd}. */
    public static void taskgroupWaitBegin() {
        if (HEALTH.enabled()) {
            try {
                OmptThread t = thread();
                OmptRuntime.syncWaitBegin(t, t.currentTask().id());
            } catch (Throwable e) {
                HEALTH.failed("taskgroup wait begin", e);
            }
        }
    }

    public static void reductionBegin() {
        if (HEALTH.enabled()) {
            try {
                OmptRuntime.syncRegionBegin(thread(), OmptSyncRegionKind.REDUCTION, callSite(OmptEvent.REDUCTION_BEGIN));
            } catch (Throwable e) {
                HEALTH.failed("reduction begin", e);
            }
        }
    }

    // ---- worksharing ---------------------------------------------------------------------------

    /** The OMPT work type of a loop with its resolved schedule ({@code omp_sched_t} code), or of sections. */
    public static OmptWorkType workType(boolean sections, int scheduleCode) {
        if (sections) {
            return OmptWorkType.SECTIONS;
        }
        switch (scheduleCode) {
            case 1:
                return OmptWorkType.LOOP_STATIC;
            case 2:
                return OmptWorkType.LOOP_DYNAMIC;
            case 3:
                return OmptWorkType.LOOP_GUIDED;
            default:
                return OmptWorkType.LOOP_AUTO;
        }
    }

    public static void worksharing(boolean begin, boolean sections, int scheduleCode, long count) {
        if (HEALTH.enabled()) {
            try {
                OmptWorkType type = workType(sections, scheduleCode);
                if (begin) {
                    OmptRuntime.worksharingBegin(thread(), type, count, callSite(OmptEvent.WORKSHARING_BEGIN));
                } else {
                    OmptRuntime.worksharingEnd(thread(), type, count);
                }
            } catch (Throwable e) {
                HEALTH.failed("worksharing", e);
            }
        }
    }

    public static void dispatch(boolean sections, int scheduleCode, long first, long count) {
        if (HEALTH.enabled() && OmptDispatch.enabled(OmptEvent.DISPATCH)) {
            try {
                OmptRuntime.dispatch(thread(), workType(sections, scheduleCode), first, count);
            } catch (Throwable e) {
                HEALTH.failed("dispatch", e);
            }
        }
    }

    public static void single(boolean begin, boolean executor) {
        if (HEALTH.enabled()) {
            try {
                OmptWorkType type = executor ? OmptWorkType.SINGLE : OmptWorkType.SINGLE_OTHER;
                if (begin) {
                    OmptRuntime.worksharingBegin(thread(), type, 1, callSite(OmptEvent.WORKSHARING_BEGIN));
                } else {
                    OmptRuntime.worksharingEnd(thread(), type, 1);
                }
            } catch (Throwable e) {
                HEALTH.failed("single", e);
            }
        }
    }

    public static void master(boolean begin) {
        if (HEALTH.enabled()) {
            try {
                if (begin) {
                    OmptRuntime.masterBegin(thread(), callSite(OmptEvent.MASTER_BEGIN));
                } else {
                    OmptRuntime.masterEnd(thread());
                }
            } catch (Throwable e) {
                HEALTH.failed("master", e);
            }
        }
    }

    // ---- mutexes -------------------------------------------------------------------------------

    /** A lock or nest lock was created; {@code waitId} is the library's lock ID, {@code hint} its hint code. */
    public static void lockInit(boolean nest, long waitId, int hint) {
        if (HEALTH.enabled()) {
            try {
                OmptRuntime.lockInit(thread(), nest ? OmptMutexKind.NEST_LOCK : OmptMutexKind.LOCK, waitId, hint,
                        nest ? OmptLockImpl.OMP_NEST_LOCK : OmptLockImpl.OMP_LOCK,
                        callSite(nest ? OmptEvent.INIT_NEST_LOCK : OmptEvent.INIT_LOCK));
            } catch (Throwable e) {
                HEALTH.failed("lock init", e);
            }
        }
    }

    public static void lockDestroy(long waitId) {
        if (HEALTH.enabled()) {
            try {
                OmptRuntime.lockDestroy(thread(), waitId, callSite(OmptEvent.DESTROY_LOCK));
            } catch (Throwable e) {
                HEALTH.failed("lock destroy", e);
            }
        }
    }

    /** The thread starts acquiring a mutex of {@code kind}; {@code impl} is the lock or atomic implementation. */
    public static void mutexAcquire(OmptMutexKind kind, long waitId, int hint, int impl) {
        if (HEALTH.enabled()) {
            try {
                OmptRuntime.mutexAcquire(thread(), kind, waitId, hint, impl, callSite(OmptRuntime.mutexWaitEvent(kind)));
            } catch (Throwable e) {
                HEALTH.failed("mutex acquire", e);
            }
        }
    }

    public static void mutexAcquired(OmptMutexKind kind, long waitId) {
        if (HEALTH.enabled()) {
            try {
                OmptRuntime.mutexAcquired(thread(), kind, waitId);
            } catch (Throwable e) {
                HEALTH.failed("mutex acquired", e);
            }
        }
    }

    public static void mutexReleased(OmptMutexKind kind, long waitId) {
        if (HEALTH.enabled()) {
            try {
                long codeptr = OmptRuntime.isStructured(kind) ? 0 : callSite(OmptRuntime.mutexReleaseEvent(kind));
                OmptRuntime.mutexReleased(thread(), kind, waitId, codeptr);
            } catch (Throwable e) {
                HEALTH.failed("mutex released", e);
            }
        }
    }

    /** A lock ({@code nest}: a nest lock) starts being acquired, by a thread that does not hold it. */
    public static void lockAcquire(boolean nest, long waitId, int hint) {
        mutexAcquire(lockKind(nest), waitId, hint, nest ? OmptLockImpl.OMP_NEST_LOCK.code() : OmptLockImpl.OMP_LOCK.code());
    }

    /** A lock is held (a nest lock: for the first time). */
    public static void lockAcquired(boolean nest, long waitId) {
        mutexAcquired(lockKind(nest), waitId);
    }

    /** A lock was released (a nest lock: for the last time). */
    public static void lockReleased(boolean nest, long waitId) {
        mutexReleased(lockKind(nest), waitId);
    }

    private static OmptMutexKind lockKind(boolean nest) {
        return nest ? OmptMutexKind.NEST_LOCK : OmptMutexKind.LOCK;
    }

    /** A test of a lock took it without waiting: the acquire and acquired events together. */
    public static void lockTested(boolean nest, long waitId, int hint) {
        lockAcquire(nest, waitId, hint);
        lockAcquired(nest, waitId);
    }

    /** The owner of a nest lock set it again ({@code next}) or unset it without releasing it ({@code prev}). */
    public static void nestLockNesting(boolean acquired, long waitId) {
        if (HEALTH.enabled()) {
            try {
                OmptThread t = thread();
                if (acquired) {
                    OmptRuntime.nestLockAcquiredNext(t, waitId, callSite(OmptEvent.ACQUIRED_NEST_LOCK_NEXT));
                } else {
                    OmptRuntime.nestLockReleasedPrev(t, waitId, callSite(OmptEvent.RELEASE_NEST_LOCK_PREV));
                }
            } catch (Throwable e) {
                HEALTH.failed("nest lock nesting", e);
            }
        }
    }

    /** The wait ID of an ordered construct: the region it runs in. */
    public static long orderedWaitId() {
        OmptThread t = OmptThreads.current();
        return t == null || t.currentTask() == null ? 0 : t.currentTask().parallelId();
    }

    // ---- explicit tasks -------------------------------------------------------------------------

    /** An explicit task was created; returns it, for the task's tool slot. */
    public static Object taskCreate(boolean undeferred, boolean untied, boolean isFinal, boolean mergeable) {
        if (HEALTH.enabled()) {
            try {
                int flags = (undeferred ? OmptTaskFlag.UNDEFERRED : 0) | (untied ? OmptTaskFlag.UNTIED : 0)
                        | (isFinal ? OmptTaskFlag.FINAL : 0) | (mergeable ? OmptTaskFlag.MERGEABLE : 0);
                return OmptRuntime.taskCreate(thread(), flags, callSite(OmptEvent.TASK_BEGIN));
            } catch (Throwable e) {
                HEALTH.failed("task create", e);
            }
        }
        return null;
    }

    /** The thread starts the explicit task. */
    public static void taskStart(Object task) {
        if (HEALTH.enabled() && task != null) {
            try {
                OmptRuntime.taskStart(thread(), (OmptTask) task);
            } catch (Throwable e) {
                HEALTH.failed("task start", e);
            }
        }
    }

    /** The explicit task completes; reported only if it is the task its thread started (and is running). */
    public static void taskComplete(Object task) {
        if (HEALTH.enabled() && task != null) {
            try {
                OmptThread t = thread();
                if (t.currentTask() == task) {
                    OmptRuntime.taskComplete(t);
                }
            } catch (Throwable e) {
                HEALTH.failed("task complete", e);
            }
        }
    }

    /** A task's dependences: {@code in} objects, then {@code out} ones (inout is reported as out). */
    public static void taskDependences(Object task, Object[] in, Object[] out) {
        if (HEALTH.enabled() && task != null && OmptDispatch.enabled(OmptEvent.TASK_DEPENDENCES)) {
            try {
                OmptDependence[] deps = new OmptDependence[in.length + out.length];
                for (int i = 0; i < in.length; i++) {
                    deps[i] = new OmptDependence(in[i], OmptDependenceType.IN);
                }
                for (int i = 0; i < out.length; i++) {
                    deps[in.length + i] = new OmptDependence(out[i], OmptDependenceType.OUT);
                }
                OmptRuntime.taskDependences(thread(), (OmptTask) task, deps);
            } catch (Throwable e) {
                HEALTH.failed("task dependences", e);
            }
        }
    }

    /** {@code successor} must wait for {@code predecessor}, which has not completed. */
    public static void dependencePair(Object predecessor, Object successor) {
        if (HEALTH.enabled() && predecessor != null && successor != null) {
            try {
                OmptRuntime.dependencePair(thread(), (OmptTask) predecessor, (OmptTask) successor);
            } catch (Throwable e) {
                HEALTH.failed("task dependence pair", e);
            }
        }
    }

    // ---- control -------------------------------------------------------------------------------

    /** {@code omp_control_tool}: 0 (success) once passed to the tools, -1 if no tool takes control commands. */
    public static int controlTool(int command, int modifier) {
        if (!OmptDispatch.enabled(OmptEvent.CONTROL)) {
            return -1;
        }
        Ompt.control(command, modifier);
        return 0;
    }
}
