package io.github.ompt4j.hooks.directives;

import io.github.ompt4j.hooks.AdapterHealth;
import io.github.ompt4j.model.CallSites;
import io.github.ompt4j.model.Ompt;
import io.github.ompt4j.model.OmptAtomicType;
import io.github.ompt4j.model.OmptDependence;
import io.github.ompt4j.model.OmptDependenceType;
import io.github.ompt4j.model.OmptDispatch;
import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptInvoker;
import io.github.ompt4j.model.OmptLockImpl;
import io.github.ompt4j.model.OmptMutexKind;
import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptRegistry;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptSyncRegionKind;
import io.github.ompt4j.model.OmptTask;
import io.github.ompt4j.model.OmptTaskFlag;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import io.github.ompt4j.model.OmptThreads;
import io.github.ompt4j.model.OmptWorkType;

/**
 * The hooks of the directive library ({@code io.github.ompt4j.omp}): each turns one weave point into
 * {@link OmptRuntime} operations. Woven code passes what it read from the library: primitives, the
 * library's enums and opaque {@code toolData} slots (which hold our regions and tasks) as {@code Object}.
 * Begin hooks return whether they reported, and the matching end hook takes that back (see the package
 * note of {@code io.github.ompt4j.hooks}).
 *
 * <p>Some constructs begin in one method and end in another (a loop's schedule, single, the mutex of
 * critical, atomic and ordered), and a worker that starts untracked stays unknown to the model. So
 * tracking must not turn on while the library runs untracked: the hooks where those begin, and where a
 * region or worker starts, record an untracked run ({@link #begins()}), after which the Collector
 * API's START answers SEQUENCE_ERR instead of turning tracking on.
 */
public final class DirectivesHooks {
    static final AdapterHealth HEALTH = AdapterHealth.of("directives");

    /** The library's package: frames there are never a call site (an array, so no varargs array per walk). */
    private static final String[] LIBRARY = {"io.github.ompt4j.omp."};
    private static final int NEST = 1;

    private DirectivesHooks() {
    }

    private static OmptThread thread() {
        OmptThread t = OmptThreads.current();
        return t != null ? t : OmptRuntime.threadBegin(OmptThreadType.INITIAL);
    }

    /** The construct's call site: marked by the woven caller ({@link DirectiveCallSites}), else found by a walk. */
    private static long callSite(OmptThread t, OmptEvent event) {
        if (!CallSites.wanted(event)) {
            return 0;
        }
        String marked = t.markedCallSite();
        return marked != null ? CallSites.token(marked) : CallSites.caller(LIBRARY);
    }

    /**
     * Whether a hook that starts a worker, a region, or a construct that ends in another method reports
     * it: yes if the adapter is active; if it is healthy but the runtime does not track, the run is
     * recorded as untracked ({@link OmptRegistry#runsUntracked}), unless tracking turned on meanwhile,
     * and then yes. Without a tool that is three more volatile reads, plain loads on x86, per call.
     */
    private static boolean begins() {
        return HEALTH.active() || HEALTH.enabled() && !OmptRegistry.runsUntracked();
    }

    // ---- threads -----------------------------------------------------------------------------------

    /** {@code Worker.run} starts. */
    public static boolean workerBegin() {
        if (begins()) {
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

    /** {@code Worker.idle} starts: the worker waits for a region. */
    public static boolean idleBegin() {
        if (HEALTH.active() && OmptThreads.current() != null) {
            OmptRuntime.idleBegin(OmptThreads.current());
            return true;
        }
        return false;
    }

    public static void idleEnd(boolean began) {
        if (began && HEALTH.enabled()) {
            OmptRuntime.idleEnd(thread());
        }
    }

    // ---- parallel regions and implicit tasks ---------------------------------------------------

    /** {@code Team.begin}: a region is forked with {@code teamSize} threads; returns it, for the team's tool slot. */
    public static Object parallelBegin(int requestedTeamSize, int teamSize) {
        if (begins()) {
            OmptThread t = thread();
            OmptParallel region = OmptRuntime.parallelBegin(t, requestedTeamSize, teamSize, OmptInvoker.PROGRAM,
                    callSite(t, OmptEvent.PARALLEL_BEGIN));
            region.markCallSite(t.markedCallSite());
            return region;
        }
        return null;
    }

    /** {@code Team.join} returned: the region ends; returns the team's tool slot's next value (empty). */
    public static Object parallelEnd(Object region) {
        if (region != null && HEALTH.enabled()) {
            OmptRuntime.parallelEnd(thread(), (OmptParallel) region);
        }
        return null;
    }

    /**
     * Thread {@code threadNum} of {@code region} (the team's tool slot) starts its implicit task. (The
     * end cannot look at the slot: the master may have ended the region and cleared it while a worker
     * is still leaving the closing barrier.) A worker takes the mark of the program's call that started the
     * region, as the master has it: the constructs the library runs for that call on every member (a
     * combined construct's loop) name the program's call site instead of walking a stack without one.
     */
    public static boolean implicitTaskBegin(Object region, int threadNum) {
        if (region != null && HEALTH.active()) {
            OmptThread t = thread();
            OmptRuntime.implicitTaskBegin(t, (OmptParallel) region, threadNum);
            if (threadNum != 0) {
                t.markCallSite(((OmptParallel) region).markedCallSite());
            }
            return true;
        }
        return false;
    }

    public static void implicitTaskEnd(boolean began) {
        if (began && HEALTH.enabled()) {
            OmptThread t = thread();
            if (t.threadNum() != 0) {
                t.markCallSite(null);
            }
            OmptRuntime.implicitTaskEnd(t);
        }
    }

    // ---- barriers, taskwait, taskgroup, reductions -----------------------------------------------

    /** {@code Barrier.await(state, kind)}: {@code kind} is the library's {@code BarrierKind}. */
    public static boolean barrierBegin(Object barrierKind) {
        if (HEALTH.active()) {
            OmptThread t = thread();
            OmptSyncRegionKind kind = barrierKind(((Enum<?>) barrierKind).name());
            OmptRuntime.syncRegionBegin(t, kind, barrierCallSite(t, kind));
            return true;
        }
        return false;
    }

    static OmptSyncRegionKind barrierKind(String libraryKind) {
        switch (libraryKind) {
            case "EXPLICIT":
                return OmptSyncRegionKind.BARRIER_EXPLICIT;
            case "IMPLICIT_WORKSHARE":
                return OmptSyncRegionKind.BARRIER_IMPLICIT_WORKSHARE;
            case "IMPLICIT_PARALLEL":
                return OmptSyncRegionKind.BARRIER_IMPLICIT_PARALLEL;
            default:
                throw new IllegalArgumentException("unknown barrier kind " + libraryKind);
        }
    }

    /**
     * As LLVM does: the implicit barrier that ends a region carries the region's call site on its
     * master and none on the workers, whose stacks hold no user frame; the barrier of a worksharing
     * construct carries the construct's; an explicit barrier its own.
     */
    private static long barrierCallSite(OmptThread t, OmptSyncRegionKind kind) {
        if (kind == OmptSyncRegionKind.BARRIER_EXPLICIT) {
            return callSite(t, OmptEvent.BARRIER_BEGIN);
        }
        if (kind == OmptSyncRegionKind.BARRIER_IMPLICIT_WORKSHARE) {
            return OmptRuntime.workshareBarrierCodeptr(t);
        }
        OmptTask task = t.currentTask();
        return t.threadNum() == 0 && task.parallel() != null ? task.parallel().codeptr() : 0;
    }

    /** The end of a barrier, taskgroup or reduction region that began. */
    public static void syncRegionEnd(boolean began) {
        if (began && HEALTH.enabled()) {
            OmptRuntime.syncRegionEnd(thread());
        }
    }

    /** {@code Barrier.waitForOthers}: the thread starts waiting at the barrier of its current region. */
    public static boolean barrierWaitBegin() {
        if (HEALTH.active()) {
            OmptThread t = thread();
            if (t.syncRegion() == null) {
                return false;
            }
            OmptRuntime.syncWaitBegin(t, t.currentTask().parallelId());
            return true;
        }
        return false;
    }

    public static void syncWaitEnd(boolean began) {
        if (began && HEALTH.enabled()) {
            OmptRuntime.syncWaitEnd(thread());
        }
    }

    /** {@code Tasking.taskwait}: its region and, at once, its wait for the current task's children. */
    public static boolean taskwaitBegin() {
        if (HEALTH.active()) {
            OmptThread t = thread();
            OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.TASKWAIT, callSite(t, OmptEvent.TASKWAIT_BEGIN));
            OmptRuntime.syncWaitBegin(t, t.currentTask().id());
            return true;
        }
        return false;
    }

    public static void taskwaitEnd(boolean began) {
        if (began && HEALTH.enabled()) {
            OmptThread t = thread();
            OmptRuntime.syncWaitEnd(t);
            OmptRuntime.syncRegionEnd(t);
        }
    }

    /** {@code Tasking.taskgroup}: the region begins before its block runs; it ends with {@link #syncRegionEnd}. */
    public static boolean taskgroupBegin() {
        if (HEALTH.active()) {
            OmptThread t = thread();
            OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.TASKGROUP, callSite(t, OmptEvent.TASKGROUP_BEGIN));
            return true;
        }
        return false;
    }

    /** {@code Tasking.taskgroupEnd}: the wait for every task of the group; it ends with {@link #syncWaitEnd}. */
    public static boolean taskgroupWaitBegin() {
        if (HEALTH.active()) {
            OmptThread t = thread();
            if (t.syncRegion() != OmptSyncRegionKind.TASKGROUP) {
                return false;
            }
            OmptRuntime.syncWaitBegin(t, t.currentTask().id());
            return true;
        }
        return false;
    }

    /** {@code Reducer.combine}: the combining step of a reduction. */
    public static boolean reductionBegin() {
        if (HEALTH.active()) {
            OmptThread t = thread();
            OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.REDUCTION, callSite(t, OmptEvent.REDUCTION_BEGIN));
            return true;
        }
        return false;
    }

    // ---- worksharing ---------------------------------------------------------------------------

    /** The OMPT work type of the library's {@code WorkKind} and resolved schedule ({@code omp_sched_t} code). */
    static OmptWorkType workType(Object work, int scheduleCode) {
        if ("SECTIONS".equals(((Enum<?>) work).name())) {
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

    /** {@code LoopScheduler.begin} returned: a loop or sections construct of {@code count} iterations begins. */
    public static void loopBegin(Object work, int scheduleCode, long count) {
        if (begins()) {
            OmptThread t = thread();
            OmptRuntime.worksharingBegin(t, workType(work, scheduleCode), count,
                    callSite(t, OmptEvent.WORKSHARING_BEGIN));
        }
    }

    /** {@code LoopScheduler.end}: the construct ends. */
    public static void loopEnd(Object work, int scheduleCode, long count) {
        if (HEALTH.active()) {
            OmptRuntime.worksharingEnd(thread(), workType(work, scheduleCode), count);
        }
    }

    /** {@code LoopScheduler.nextChunk} returned {@code taken}: the chunk {@code [start, end)} or a section. */
    public static void dispatch(boolean taken, Object work, int scheduleCode, long start, long end) {
        if (taken && HEALTH.active() && OmptDispatch.enabled(OmptEvent.DISPATCH)) {
            OmptRuntime.dispatch(thread(), workType(work, scheduleCode), start, end - start);
        }
    }

    /** A chunk {@code [start, end)} that the loop computed inline begins. */
    public static void dispatchedInline(Object work, int scheduleCode, long start, long end) {
        dispatch(true, work, scheduleCode, start, end);
    }

    /** {@code Worksharing.singleEnter} returned: this thread executes the single block or skips it. */
    public static void singleBegin(boolean executor) {
        if (begins()) {
            OmptThread t = thread();
            OmptRuntime.worksharingBegin(t, executor ? OmptWorkType.SINGLE : OmptWorkType.SINGLE_OTHER, 1,
                    callSite(t, OmptEvent.WORKSHARING_BEGIN));
        }
    }

    /** {@code Worksharing.singleExit(state, executor)}. */
    public static void singleEnd(boolean executor) {
        if (HEALTH.active()) {
            OmptRuntime.worksharingEnd(thread(), executor ? OmptWorkType.SINGLE : OmptWorkType.SINGLE_OTHER, 1);
        }
    }

    /** {@code Masked.run}. */
    public static boolean masterBegin() {
        if (HEALTH.active()) {
            OmptThread t = thread();
            OmptRuntime.masterBegin(t, callSite(t, OmptEvent.MASTER_BEGIN));
            return true;
        }
        return false;
    }

    public static void masterEnd(boolean began) {
        if (began && HEALTH.enabled()) {
            OmptRuntime.masterEnd(thread());
        }
    }

    // ---- mutexes -------------------------------------------------------------------------------

    /** {@code contended}: whether the woven code found the mutex held, read just before the library takes it. */
    private static boolean acquire(OmptMutexKind kind, long waitId, int hint, int impl, boolean contended) {
        if (begins()) {
            OmptThread t = thread();
            OmptRuntime.mutexAcquire(t, kind, waitId, hint, impl, callSite(t, OmptRuntime.mutexWaitEvent(kind)),
                    contended);
            return true;
        }
        return false;
    }

    /**
     * The acquisition that began ends: the mutex is held, or, if the acquiring method threw
     * ({@code thrown}), the thread gave up and leaves the wait without an event.
     */
    private static void acquired(Throwable thrown, boolean began, OmptMutexKind kind, long waitId) {
        if (began && HEALTH.enabled()) {
            if (thrown == null) {
                OmptRuntime.mutexAcquired(thread(), kind, waitId);
            } else {
                OmptRuntime.mutexAbandoned(thread(), kind);
            }
        }
    }

    private static void released(OmptMutexKind kind, long waitId) {
        if (HEALTH.active()) {
            OmptThread t = thread();
            long codeptr = OmptRuntime.isStructured(kind) ? 0 : callSite(t, OmptRuntime.mutexReleaseEvent(kind));
            OmptRuntime.mutexReleased(t, kind, waitId, codeptr);
        }
    }

    /** {@code Critical.enter(mutex)} starts; {@code held}: the mutex is locked. */
    public static boolean criticalAcquire(long waitId, boolean held) {
        return acquire(OmptMutexKind.CRITICAL, waitId, 0, OmptLockImpl.OMP_CRITICAL.code(), held);
    }

    public static void criticalAcquired(Throwable thrown, boolean began, long waitId) {
        acquired(thrown, began, OmptMutexKind.CRITICAL, waitId);
    }

    public static void criticalReleased(long waitId) {
        released(OmptMutexKind.CRITICAL, waitId);
    }

    /** {@code Atomic.enter} starts; {@code held}: the atomic mutex is locked. */
    public static boolean atomicAcquire(long waitId, boolean held) {
        return acquire(OmptMutexKind.ATOMIC, waitId, 0, OmptAtomicType.LOCK.code(), held);
    }

    public static void atomicAcquired(Throwable thrown, boolean began, long waitId) {
        acquired(thrown, began, OmptMutexKind.ATOMIC, waitId);
    }

    public static void atomicReleased(long waitId) {
        released(OmptMutexKind.ATOMIC, waitId);
    }

    /** The wait ID of an ordered construct: the region it runs in. */
    private static long orderedWaitId() {
        OmptThread t = OmptThreads.current();
        return t == null || t.currentTask() == null ? 0 : t.currentTask().parallelId();
    }

    /**
     * {@code Ordered.enter} starts. Whether the iteration's turn has come is not a field woven code can
     * read without risk (the loop's work share may be absent), so the wait counts as contended.
     */
    public static boolean orderedAcquire() {
        return acquire(OmptMutexKind.ORDERED, orderedWaitId(), 0, 0, true);
    }

    public static void orderedAcquired(Throwable thrown, boolean began) {
        acquired(thrown, began, OmptMutexKind.ORDERED, orderedWaitId());
    }

    public static void orderedReleased() {
        released(OmptMutexKind.ORDERED, orderedWaitId());
    }

    private static OmptMutexKind lockKind(int nest) {
        return nest == NEST ? OmptMutexKind.NEST_LOCK : OmptMutexKind.LOCK;
    }

    /** A lock ({@code nest} 0) or nest lock ({@code nest} 1) was created with the hint {@code hint}. */
    public static void lockInit(int nest, long waitId, int hint) {
        if (HEALTH.active()) {
            OmptThread t = thread();
            OmptRuntime.lockInit(t, lockKind(nest), waitId, hint,
                    nest == NEST ? OmptLockImpl.OMP_NEST_LOCK : OmptLockImpl.OMP_LOCK,
                    callSite(t, nest == NEST ? OmptEvent.INIT_NEST_LOCK : OmptEvent.INIT_LOCK));
        }
    }

    public static void lockDestroy(long waitId) {
        if (HEALTH.active()) {
            OmptThread t = thread();
            OmptRuntime.lockDestroy(t, waitId, callSite(t, OmptEvent.DESTROY_LOCK));
        }
    }

    /**
     * A thread that does not hold the lock starts taking it ({@code OmpLock.acquire},
     * {@code OmpNestLock.acquireFirst}); {@code held}: the lock's mutex is locked.
     */
    public static boolean lockAcquire(int nest, long waitId, int hint, boolean held) {
        return acquire(lockKind(nest), waitId, hint,
                nest == NEST ? OmptLockImpl.OMP_NEST_LOCK.code() : OmptLockImpl.OMP_LOCK.code(), held);
    }

    public static void lockAcquired(Throwable thrown, boolean began, int nest, long waitId) {
        acquired(thrown, began, lockKind(nest), waitId);
    }

    /**
     * The lock is about to be released (a nest lock: for the last time), if {@code owned}: the calling thread
     * holds it. Reported before the release, while no other thread can take the lock and report it first.
     */
    public static void lockRelease(boolean owned, int nest, long waitId) {
        if (owned) {
            released(lockKind(nest), waitId);
        }
    }

    /** {@code OmpLock.test} returned {@code taken}: a successful test is an acquisition without a wait. */
    public static void lockTested(boolean taken, long waitId) {
        if (taken && HEALTH.active()) {
            OmptThread t = thread();
            OmptRuntime.mutexTaken(t, OmptMutexKind.LOCK, waitId, callSite(t, OmptEvent.ACQUIRED_LOCK));
        }
    }

    /**
     * {@code OmpNestLock.test} returned the nesting count: 1 is a first acquisition (without a wait),
     * more is the owner's next level, 0 a failed test.
     */
    public static void nestLockTested(int nesting, long waitId) {
        if (nesting == 1 && HEALTH.active()) {
            OmptThread t = thread();
            OmptRuntime.mutexTaken(t, OmptMutexKind.NEST_LOCK, waitId,
                    callSite(t, OmptEvent.ACQUIRED_NEST_LOCK_FIRST));
        } else if (nesting > 1) {
            nestLockSet(waitId, nesting);
        }
    }

    /** {@code OmpNestLock.set} returned with the nesting count {@code nesting}: above 1, the owner set it again. */
    public static void nestLockSet(long waitId, int nesting) {
        if (nesting > 1 && HEALTH.active()) {
            OmptThread t = thread();
            OmptRuntime.nestLockAcquiredNext(t, waitId, callSite(t, OmptEvent.ACQUIRED_NEST_LOCK_NEXT));
        }
    }

    /**
     * {@code OmpNestLock.unset} starts with the nesting count {@code nesting}, the calling thread's if
     * {@code owned}: above 1, the thread keeps the lock. Read before the unset: after the last one, the
     * count is the next holder's.
     */
    public static void nestLockUnset(boolean owned, long waitId, int nesting) {
        if (owned && nesting > 1 && HEALTH.active()) {
            OmptThread t = thread();
            OmptRuntime.nestLockReleasedPrev(t, waitId, callSite(t, OmptEvent.RELEASE_NEST_LOCK_PREV));
        }
    }

    // ---- explicit tasks -------------------------------------------------------------------------

    /** An {@code ExplicitTask} was constructed; returns it, for the task's tool slot. */
    public static Object taskCreate(boolean undeferred, boolean untied, boolean isFinal, boolean mergeable) {
        if (HEALTH.active()) {
            int flags = (undeferred ? OmptTaskFlag.UNDEFERRED : 0) | (untied ? OmptTaskFlag.UNTIED : 0)
                    | (isFinal ? OmptTaskFlag.FINAL : 0) | (mergeable ? OmptTaskFlag.MERGEABLE : 0);
            OmptThread t = thread();
            return OmptRuntime.taskCreate(t, flags, callSite(t, OmptEvent.TASK_BEGIN));
        }
        return null;
    }

    /** {@code ExplicitTask.run}: the thread starts the task (its tool slot). */
    public static void taskStart(Object task) {
        if (task != null && HEALTH.active()) {
            OmptRuntime.taskStart(thread(), (OmptTask) task);
        }
    }

    /** {@code ExplicitTask.complete}: reported only if it is the task its thread started (and is running). */
    public static void taskComplete(Object task) {
        if (task != null && HEALTH.active()) {
            OmptThread t = thread();
            if (t.currentTask() == task) {
                OmptRuntime.taskComplete(t);
            }
        }
    }

    /** {@code ExplicitTask.discarded}: a failed team dropped the task, which never ran; it ends cancelled. */
    public static void taskCancelled(Object task) {
        if (task != null && HEALTH.active()) {
            OmptRuntime.taskCancelled(thread(), (OmptTask) task);
        }
    }

    /** {@code Dependences.register(task, in, out)}: a task's dependences, {@code in} objects then {@code out} ones. */
    public static void taskDependences(Object task, Object[] in, Object[] out) {
        if (task != null && HEALTH.active() && OmptDispatch.enabled(OmptEvent.TASK_DEPENDENCES)) {
            OmptDependence[] deps = new OmptDependence[in.length + out.length];
            for (int i = 0; i < in.length; i++) {
                deps[i] = new OmptDependence(in[i], OmptDependenceType.IN);
            }
            for (int i = 0; i < out.length; i++) {
                deps[in.length + i] = new OmptDependence(out[i], OmptDependenceType.OUT);
            }
            OmptRuntime.taskDependences(thread(), (OmptTask) task, deps);
        }
    }

    /**
     * {@code ExplicitTask.addSuccessor(successor)} on {@code self}: the successor must wait for this task
     * unless it has completed ({@code head} is the {@code done} marker) or is the task itself.
     */
    public static void addSuccessor(Object self, Object successor, Object selfTask, Object successorTask, Object head,
            Object done) {
        if (successor != self && head != done && selfTask != null && successorTask != null && HEALTH.active()) {
            OmptRuntime.dependencePair(thread(), (OmptTask) selfTask, (OmptTask) successorTask);
        }
    }

    // ---- control -------------------------------------------------------------------------------

    /**
     * {@code Omp.controlTool} returned {@code result} (-2, no tool): with a tool that takes control
     * commands, 0 once they are passed on, -1 if no tool takes them (as {@code omp_control_tool}).
     */
    public static int controlTool(int result, int command, int modifier) {
        if (!HEALTH.active()) {
            return result;
        }
        if (!OmptDispatch.enabled(OmptEvent.CONTROL)) {
            return -1;
        }
        Ompt.control(command, modifier);
        return 0;
    }
}
