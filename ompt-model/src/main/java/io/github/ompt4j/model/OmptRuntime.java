package io.github.ompt4j.model;

/**
 * The runtime operations an instrumented framework reports, each updating the thread's data (state,
 * task stack, IDs) and then delivering the matching events. Adapters call these; they never touch
 * {@link OmptDispatch} for something listed here.
 *
 * <p><b>State transitions</b> (see the README's table): a thread enters a wait state just before the
 * {@code wait_*} event of a barrier or of an ordered construct (early: the state is set whenever the
 * thread reaches the construct, even if it does not end up blocking, which keeps the path short) and of a
 * lock, critical or atomic construct once the thread blocks ({@link #mutexAcquireLate}), and returns to the
 * work state of its current task with the {@code acquired_*} or {@code wait_*_end} event. A worker
 * between regions is {@code idle}; the initial thread outside regions is {@code work_serial}.
 *
 * <p>All methods run on the thread they describe, and do nothing but bookkeeping while that thread is
 * inside a tool callback.
 */
public final class OmptRuntime {
    private OmptRuntime() {
    }

    /**
     * Whether {@code id} lies among the IDs this runtime has handed out for regions, tasks and wait objects:
     * an ID that names nothing live now named something that ended (live inspection answers it stale).
     */
    public static boolean idIssued(long id) {
        return OmptIds.issued(id);
    }

    // ---- threads -----------------------------------------------------------------------------

    /**
     * The calling thread begins: attach it and report {@code thread_begin}. A worker starts {@code idle}; any
     * other thread (the program's: main, and as OpenMP 5 has it every other thread that reaches the runtime)
     * starts its initial task ({@code initial_task_begin}, state {@code work_serial}), the task that its
     * regions, tasks and waits are in.
     */
    public static OmptThread threadBegin(OmptThreadType type) {
        OmptThread t = OmptThreads.attach(type);
        OmptDispatch.threadType(t, OmptEvent.THREAD_BEGIN, type, t.id());
        if (type == OmptThreadType.WORKER) {
            t.setState(OmptState.IDLE);
        } else {
            OmptTask initial = new OmptTask(t.nextId(), OmptTaskType.INITIAL, 0, null, null);
            t.pushTask(initial, 0);
            t.setState(OmptState.WORK_SERIAL);
            OmptDispatch.task(t, OmptEvent.INITIAL_TASK_BEGIN, initial.id());
        }
        return t;
    }

    /** The calling thread ends: end its initial task ({@code initial_task_end}), report {@code thread_end}, and detach it. */
    public static void threadEnd(OmptThread t) {
        if (t.type() != OmptThreadType.WORKER && t.taskDepth() > 0) {
            OmptTask initial = t.popTask();
            OmptDispatch.task(t, OmptEvent.INITIAL_TASK_END, initial.id());
        }
        t.setState(OmptState.UNDEFINED);
        OmptDispatch.threadType(t, OmptEvent.THREAD_END, t.type(), t.id());
        OmptThreads.detach();
    }

    /**
     * A thread starts waiting for work ({@code idle_begin}): a worker, or a thread of the program's that runs an
     * executor's tasks, in the executor's queue.
     */
    public static void idleBegin(OmptThread t) {
        t.startWait(OmptState.IDLE, 0, true);
        OmptDispatch.threadId(t, OmptEvent.IDLE_BEGIN, t.id());
    }

    /**
     * The thread got work ({@code idle_end}): a worker is in {@code overhead} until its task starts; a thread of the
     * program's runs its next task as serial code, {@code work_serial}.
     */
    public static void idleEnd(OmptThread t) {
        OmptDispatch.threadId(t, OmptEvent.IDLE_END, t.id());
        t.setState(t.type() == OmptThreadType.WORKER ? OmptState.OVERHEAD : OmptState.WORK_SERIAL);
    }

    /**
     * A worker of the runtime runs work that belongs to no region (a virtual-thread carrier runs a virtual
     * thread): {@code work_serial}, the state of code outside every region; {@code done}: back to
     * {@code overhead}, looking for work.
     */
    public static void workerRunsSerial(OmptThread t, boolean done) {
        t.setState(done ? OmptState.OVERHEAD : OmptState.WORK_SERIAL);
    }

    // ---- parallel regions and implicit tasks -------------------------------------------------

    /**
     * The current task of {@code t} forks a team: a new region with a new ID, and
     * {@code parallel_begin}.
     */
    public static OmptParallel parallelBegin(OmptThread t, int requestedTeamSize, int teamSize, OmptInvoker invoker,
            long codeptr) {
        OmptTask encountering = t.currentTask();
        OmptParallel region = new OmptParallel(t.nextId(), requestedTeamSize, teamSize, encountering, invoker, codeptr);
        t.setState(OmptState.OVERHEAD);
        OmptDispatch.parallelBegin(t, encountering == null ? 0 : encountering.id(),
                encountering == null ? null : encountering.frame(), region.id(), requestedTeamSize, codeptr, invoker);
        return region;
    }

    /**
     * The encountering thread goes on with its own task after forking a region it does not take part in
     * (a submission to a pool): back to its work state.
     */
    public static void parallelForked(OmptThread t) {
        t.setState(t.workState());
    }

    /** The region joined; the encountering task resumes ({@code parallel_end}). */
    public static void parallelEnd(OmptThread t, OmptParallel region) {
        OmptTask encountering = region.encounteringTask();
        t.setEndingParallel(region);
        try {
            OmptDispatch.parallelEnd(t, region.id(), encountering == null ? 0 : encountering.id(), region.invoker(),
                    region.codeptr());
        } finally {
            t.setEndingParallel(null);
        }
        t.setState(t.workState());
    }

    /** Thread {@code threadNum} of the team starts its implicit task ({@code implicit_task_begin}). */
    public static OmptTask implicitTaskBegin(OmptThread t, OmptParallel region, int threadNum) {
        OmptTask task = new OmptTask(t.nextId(), OmptTaskType.IMPLICIT, 0, region, region.encounteringTask());
        t.participate(region);
        t.pushTask(task, threadNum);
        t.setState(OmptState.WORK_PARALLEL);
        OmptDispatch.implicitTask(t, OmptEvent.IMPLICIT_TASK_BEGIN, region.id(), task.id(), region.teamSize(),
                threadNum);
        return task;
    }

    /** The implicit task passed its region's closing barrier ({@code implicit_task_end}). */
    public static void implicitTaskEnd(OmptThread t) {
        int threadNum = t.threadNum();
        OmptTask task = t.popTask();
        OmptParallel region = task.parallel();
        if (t.currentTask() == null) {
            t.startWait(OmptState.IDLE, 0, true);
        } else {
            t.setState(OmptState.OVERHEAD);
        }
        OmptDispatch.implicitTask(t, OmptEvent.IMPLICIT_TASK_END, region.id(), task.id(), region.teamSize(),
                threadNum);
    }

    // ---- synchronization regions ----------------------------------------------------------------

    /**
     * The current task enters a barrier, the end of a taskwait or taskgroup, or a reduction. The region
     * stays open on the thread until {@link #syncRegionEnd}; the wait events in between refer to it.
     */
    public static void syncRegionBegin(OmptThread t, OmptSyncRegionKind kind, long codeptr) {
        SyncRegions.begin(t, kind, codeptr);
    }

    /** The current task leaves its innermost sync region. */
    public static void syncRegionEnd(OmptThread t) {
        SyncRegions.end(t);
    }

    /**
     * The current task starts waiting in its innermost sync region for {@code waitId} (the region, the
     * awaited task). If the thread runs another task meanwhile, the wait is ended before that task
     * starts and begun again when it completes, as TR2 requires: no events inside a wait.
     */
    public static void syncWaitBegin(OmptThread t, long waitId) {
        SyncRegions.waitBegin(t, waitId);
    }

    /** The current task stops waiting in its innermost sync region. */
    public static void syncWaitEnd(OmptThread t) {
        SyncRegions.waitEnd(t);
    }

    /**
     * The call site of an implicit worksharing barrier, without a stack walk: the barrier belongs to the
     * construct that just ended (or, inside a reduction, to the reduction), so it reports that one's.
     */
    public static long workshareBarrierCodeptr(OmptThread t) {
        return t.syncRegion() == OmptSyncRegionKind.REDUCTION ? t.syncRegions.codeptr() : t.constructs.last();
    }

    // ---- mutexes -------------------------------------------------------------------------------

    /** A lock or nest lock was initialized ({@code init_lock}, {@code init_nest_lock}). */
    public static void lockInit(OmptThread t, OmptMutexKind kind, long waitId, int hint, OmptLockImpl impl,
            long codeptr) {
        OmptDispatch.lock(t, kind == OmptMutexKind.NEST_LOCK ? OmptEvent.INIT_NEST_LOCK : OmptEvent.INIT_LOCK, waitId,
                hint, impl.code(), codeptr);
    }

    /** A lock or nest lock is about to be destroyed ({@code destroy_lock}). */
    public static void lockDestroy(OmptThread t, long waitId, long codeptr) {
        OmptDispatch.wait(t, OmptEvent.DESTROY_LOCK, waitId, codeptr);
    }

    /**
     * The current task tries to acquire a mutex it does not hold, early (an adapter that knows at once
     * whether the thread will wait, {@code contended}, as an ordered construct, which always counts as
     * contended, does; see {@link OmptThread#acquireContended()}): it enters the mutex's wait state and
     * {@code wait_lock}, {@code wait_nest_lock}, {@code wait_critical}, {@code wait_atomic} or
     * {@code wait_ordered} is reported. {@code impl} is an {@link OmptLockImpl} code, or an
     * {@link OmptAtomicType} code for atomics. The others are reported late ({@link #mutexAcquireLate}).
     */
    public static void mutexAcquire(OmptThread t, OmptMutexKind kind, long waitId, int hint, int impl, long codeptr,
            boolean contended) {
        Mutexes.mutexAcquire(t, kind, waitId, hint, impl, codeptr, contended);
    }

    /**
     * The mutex acquired early is held: back to work, and {@code acquired_*} ({@code acquired_nest_lock_first}
     * for a nest lock), with the call site of the acquisition.
     */
    public static void mutexAcquired(OmptThread t, OmptMutexKind kind, long waitId) {
        Mutexes.mutexAcquired(t, kind, waitId);
    }

    /**
     * The current task starts acquiring a mutex whose fast path the adapter cannot see into ({@code waitId} 0
     * if the adapter learns it only when the thread blocks or takes the mutex): nothing is
     * dispatched yet, and the state stays work. If the fast path fails and the thread blocks
     * ({@link #mutexBlocked}), it enters the wait state and {@code wait_*} is dispatched then, contended; if
     * the thread takes the mutex at once, {@code wait_*} comes just before {@code acquired_*}, not contended
     * ({@link #mutexAcquiredLate}). So contention is what the thread met (its fast path failed), not a guess
     * from a read before it that a race may prove wrong, a thread that takes the mutex at once changes no
     * state, and no adapter touches the line the other threads contend for ahead of the compare-and-set.
     */
    public static void mutexAcquireLate(OmptThread t, OmptMutexKind kind, long waitId, int hint, int impl,
            long codeptr) {
        Mutexes.mutexAcquireLate(t, kind, waitId, hint, impl, codeptr);
    }

    /**
     * The thread blocks in the acquisition begun by {@link #mutexAcquireLate}: it enters the mutex's wait
     * state, and {@code wait_*} is dispatched, contended (once per acquisition); false if it has no
     * acquisition in progress (a condition's re-acquisition, a lock not reported). {@code waitId}: the
     * mutex's, for an adapter that can read it only now, without touching the mutex's contended cache line
     * before the thread takes it; 0 keeps the one the acquisition began with.
     */
    public static boolean mutexBlocked(OmptThread t, long waitId) {
        return Mutexes.mutexBlocked(t, waitId);
    }

    /**
     * The acquisition of {@code waitId} begun by {@link #mutexAcquireLate} succeeded ({@code wait_*} first if the
     * thread never blocked, then {@code acquired_*}), or was given up (nothing more; nothing at all if it never
     * blocked).
     * {@code owned}: whether only the acquiring thread may release the mutex, which only then records its
     * hold (see {@link #mutexTaken(OmptThread, OmptMutexKind, long, long, boolean)}).
     */
    public static void mutexAcquiredLate(OmptThread t, OmptMutexKind kind, long waitId, boolean acquired,
            boolean owned) {
        Mutexes.mutexAcquiredLate(t, kind, waitId, acquired, owned);
    }

    /**
     * The acquisition in progress was given up (the acquiring code threw): the thread leaves the wait
     * state, and a structured construct's call site is dropped; no event, since nothing was acquired.
     */
    public static void mutexAbandoned(OmptThread t, OmptMutexKind kind) {
        Mutexes.mutexAbandoned(t, kind);
    }

    /**
     * A lock was taken without waiting (a successful test): {@code acquired_lock} or
     * {@code acquired_nest_lock_first} alone, as DESIGN §7 decided; the state never left work.
     */
    public static void mutexTaken(OmptThread t, OmptMutexKind kind, long waitId, long codeptr) {
        mutexTaken(t, kind, waitId, codeptr, true);
    }

    /**
     * The same for a mutex that has an owner ({@code owned}: only the acquiring thread may release it), or
     * not: a {@code Semaphore}'s permit or a {@code StampedLock}'s stamp, which any thread may return. A
     * thread records the holds of owned mutexes only, so that a release on another thread never leaves a
     * hold behind; a mutex without an owner is reported with no holder.
     */
    public static void mutexTaken(OmptThread t, OmptMutexKind kind, long waitId, long codeptr, boolean owned) {
        Mutexes.mutexTaken(t, kind, waitId, codeptr, owned);
    }

    /** The owner of a nest lock set it again ({@code acquired_nest_lock_next}); no wait happened. */
    public static void nestLockAcquiredNext(OmptThread t, long waitId, long codeptr) {
        OmptDispatch.wait(t, OmptEvent.ACQUIRED_NEST_LOCK_NEXT, waitId, codeptr);
    }

    /**
     * The mutex was released ({@code release_*}; {@code release_nest_lock_last} for a nest lock's last
     * unset). A critical, atomic or ordered region reports the call site of its acquisition (it is one
     * construct, and they nest); a lock's release reports {@code codeptr}, the call that unset it.
     */
    public static void mutexReleased(OmptThread t, OmptMutexKind kind, long waitId, long codeptr) {
        Mutexes.mutexReleased(t, kind, waitId, codeptr);
    }

    /**
     * The thread waits on a condition of the nest lock {@code lockWaitId}, which it held {@code holds}
     * times: the wait releases every hold ({@code release_nest_lock_prev} for all but the last), and then
     * waits for a signal as at an explicit barrier ({@code barrier_begin}, {@code wait_barrier_begin},
     * state {@code wait_barrier_explicit}, wait ID {@code conditionWaitId}): TR2 has no state for a wait
     * for another thread's signal, and of its wait states a barrier's is the one that waits for other
     * threads rather than for a lock's holder or for tasks, as a {@code CountDownLatch} does. Needs a
     * current task.
     */
    public static void conditionWaitBegin(OmptThread t, long lockWaitId, int holds, long conditionWaitId) {
        Mutexes.conditionWaitBegin(t, lockWaitId, holds, conditionWaitId);
    }

    /**
     * The condition wait is over (signalled, timed out or interrupted): the barrier ends and the thread
     * starts taking the lock again ({@code wait_nest_lock}, state {@code wait_lock}). Once per wait.
     */
    public static void conditionSignalled(OmptThread t) {
        Mutexes.conditionSignalled(t);
    }

    /**
     * The condition wait returned holding the lock as often as before: {@code acquired_nest_lock_first},
     * then {@code acquired_nest_lock_next} for each further hold.
     */
    public static void conditionWaitEnd(OmptThread t) {
        Mutexes.conditionWaitEnd(t);
    }

    /** Whether a mutex of {@code kind} guards a structured block, acquired and released by one construct. */
    public static boolean isStructured(OmptMutexKind kind) {
        return kind.isStructured();
    }

    /** A nest lock was unset but is still held ({@code release_nest_lock_prev}). */
    public static void nestLockReleasedPrev(OmptThread t, long waitId, long codeptr) {
        OmptDispatch.wait(t, OmptEvent.RELEASE_NEST_LOCK_PREV, waitId, codeptr);
    }

    /** The event that reports a thread starting to acquire a mutex of {@code kind}. */
    public static OmptEvent mutexWaitEvent(OmptMutexKind kind) {
        return kind.waitEvent();
    }

    /** The event that reports a mutex of {@code kind} released (a nest lock's last release). */
    public static OmptEvent mutexReleaseEvent(OmptMutexKind kind) {
        return kind.releaseEvent();
    }

    // ---- explicit tasks ------------------------------------------------------------------------

    /** The current task creates an explicit task ({@code task_begin}); it has not started yet. */
    public static OmptTask taskCreate(OmptThread t, int flags, long codeptr) {
        OmptTask parent = t.currentTask();
        OmptTask task = new OmptTask(t.nextId(), OmptTaskType.EXPLICIT, flags, parent.parallel(), parent);
        OmptDispatch.taskBegin(t, parent, task.id(), flags, codeptr);
        return task;
    }

    /**
     * The root task of {@code region}, created by the thread that forked it ({@code task_begin}, parent:
     * the encountering task): the region ends when this task completes ({@link OmptTask#endsRegion()}).
     */
    public static OmptTask rootTaskCreate(OmptThread t, OmptParallel region, int flags, long codeptr) {
        OmptTask parent = region.encounteringTask();
        OmptTask task = new OmptTask(t.nextId(), OmptTaskType.EXPLICIT, flags, region, parent, true);
        OmptDispatch.taskBegin(t, parent, task.id(), flags, codeptr);
        return task;
    }

    /**
     * {@code t} suspends its current task and starts {@code next} ({@code task_switch}, in the context of
     * {@code next}). A wait the suspended task was in ends first.
     */
    public static void taskStart(OmptThread t, OmptTask next) {
        OmptTask prior = t.currentTask();
        if (t.syncWaiting()) {
            SyncRegions.reportWait(t, false);
        }
        t.participate(next.parallel());
        t.pushTask(next, t.threadNum());
        t.setState(t.workState());
        OmptDispatch.taskSwitch(t, prior == null ? 0 : prior.id(), OmptTaskStatus.SWITCH, next.id());
    }

    /**
     * The current explicit task completed: {@code task_end}, then {@code task_switch} back to the task
     * below it with status complete; if that task was waiting, its wait begins again.
     */
    public static void taskComplete(OmptThread t) {
        OmptTask done = t.popTask();
        OmptTask resumed = t.currentTask();
        OmptDispatch.task(t, OmptEvent.TASK_END, done.id());
        OmptDispatch.taskSwitch(t, done.id(), OmptTaskStatus.COMPLETE, resumed == null ? 0 : resumed.id());
        if (t.syncWaiting()) {
            t.enterWait(t.syncRegion().waitState(), t.syncRegions.waitId());
            SyncRegions.reportWait(t, true);
        } else {
            t.setState(t.workState());
        }
    }

    /**
     * A task that never ran was dropped (its team failed): {@code task_end}, and {@code task_switch} from it
     * with status cancel to the task {@code t} runs, as OpenMP reports a discarded task. Nothing changes on
     * {@code t}: the task was never on its stack.
     */
    public static void taskCancelled(OmptThread t, OmptTask task) {
        OmptTask current = t.currentTask();
        OmptDispatch.task(t, OmptEvent.TASK_END, task.id());
        OmptDispatch.taskSwitch(t, task.id(), OmptTaskStatus.CANCEL, current == null ? 0 : current.id());
    }

    /** The dependences of a task just created ({@code task_dependences}). */
    public static void taskDependences(OmptThread t, OmptTask task, OmptDependence[] dependences) {
        OmptDispatch.taskDependences(t, task.id(), dependences, dependences.length);
    }

    /** {@code successor} cannot start before {@code predecessor} completes ({@code task_dependence_pair}). */
    public static void dependencePair(OmptThread t, OmptTask predecessor, OmptTask successor) {
        OmptDispatch.taskPair(t, predecessor.id(), successor.id());
    }

    // ---- worksharing and master ------------------------------------------------------------------

    /** The current task enters a worksharing construct ({@code count}: iterations, sections, or 1 for single). */
    public static void worksharingBegin(OmptThread t, OmptWorkType type, long count, long codeptr) {
        OmptTask task = t.currentTask();
        t.constructs.push(codeptr);
        OmptDispatch.worksharing(t, OmptEvent.WORKSHARING_BEGIN, type, task.parallelId(), task.id(), count, codeptr);
    }

    /** The current task leaves its innermost worksharing construct (the call site is the begin's). */
    public static void worksharingEnd(OmptThread t, OmptWorkType type, long count) {
        OmptTask task = t.currentTask();
        OmptDispatch.worksharing(t, OmptEvent.WORKSHARING_END, type, task.parallelId(), task.id(), count,
                t.constructs.pop());
    }

    /** The current task took a chunk of a loop ({@code count} iterations from {@code first}) or a section. */
    public static void dispatch(OmptThread t, OmptWorkType type, long first, long count) {
        OmptTask task = t.currentTask();
        OmptDispatch.dispatch(t, task.parallelId(), task.id(), type, first, count);
    }

    /** The master thread enters a master region. */
    public static void masterBegin(OmptThread t, long codeptr) {
        OmptTask task = t.currentTask();
        t.constructs.push(codeptr);
        OmptDispatch.parallel(t, OmptEvent.MASTER_BEGIN, task.parallelId(), task.id(), codeptr);
    }

    /** The master thread leaves its master region (the call site is the begin's). */
    public static void masterEnd(OmptThread t) {
        OmptTask task = t.currentTask();
        OmptDispatch.parallel(t, OmptEvent.MASTER_END, task.parallelId(), task.id(), t.constructs.pop());
    }
}
