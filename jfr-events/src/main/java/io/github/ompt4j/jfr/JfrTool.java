package io.github.ompt4j.jfr;

import io.github.ompt4j.jfr.events.ControlEvent;
import io.github.ompt4j.jfr.events.DispatchEvent;
import io.github.ompt4j.jfr.events.IdleEvent;
import io.github.ompt4j.jfr.events.ImplicitTaskEvent;
import io.github.ompt4j.jfr.events.InitialTaskEvent;
import io.github.ompt4j.jfr.events.LockDestroyEvent;
import io.github.ompt4j.jfr.events.LockInitEvent;
import io.github.ompt4j.jfr.events.MasterEvent;
import io.github.ompt4j.jfr.events.MutexAcquireEvent;
import io.github.ompt4j.jfr.events.MutexHeldEvent;
import io.github.ompt4j.jfr.events.OmptEventTypes;
import io.github.ompt4j.jfr.events.OriginEvent;
import io.github.ompt4j.jfr.events.ParallelRegionEvent;
import io.github.ompt4j.jfr.events.SyncRegionEvent;
import io.github.ompt4j.jfr.events.SyncRegionWaitEvent;
import io.github.ompt4j.jfr.events.TaskCreateEvent;
import io.github.ompt4j.jfr.events.TaskDependenceEvent;
import io.github.ompt4j.jfr.events.TaskEvent;
import io.github.ompt4j.jfr.events.ThreadBeginEvent;
import io.github.ompt4j.jfr.events.ThreadEndEvent;
import io.github.ompt4j.jfr.events.ThreadStateEvent;
import io.github.ompt4j.jfr.events.WorkEvent;
import io.github.ompt4j.model.OmptApi;
import io.github.ompt4j.model.OmptCallback;
import io.github.ompt4j.model.OmptControlCommand;
import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptFrame;
import io.github.ompt4j.model.OmptInvoker;
import io.github.ompt4j.model.OmptLookup;
import io.github.ompt4j.model.OmptMutexKind;
import io.github.ompt4j.model.OmptSyncRegionKind;
import io.github.ompt4j.model.OmptTaskStatus;
import io.github.ompt4j.model.OmptTaskType;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import io.github.ompt4j.model.OmptThreads;
import io.github.ompt4j.model.OmptTool;
import io.github.ompt4j.model.OmptWorkType;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import jdk.jfr.Event;

/**
 * The JFR tool: turns OMPT callbacks into the {@code ompt.*} events of {@link io.github.ompt4j.jfr.events}.
 *
 * <p><b>What it registers.</b> Only the callbacks that the event types switched on in its settings need
 * ({@link JfrBinding}, one row per event type); registering a callback is not free even when JFR then drops the event, because
 * the runtime keeps state for it and an adapter may walk the stack for the call site of an event a tool
 * listens to. Which types are on is read once, at {@code initialize}; what is recorded is decided later, by
 * the running recordings, and every callback asks {@link Event#isEnabled()} before it reads a clock.
 *
 * <p><b>Spans.</b> A begin/end pair of callbacks becomes one duration event committed at the end, on the
 * thread the pair describes. Per-thread spans live in {@link ThreadEvents} (reused event objects, no
 * allocation once a thread's nesting depth is reached); regions live in {@link OpenRegions}, keyed by
 * region ID, because a region may end on another thread. Instant events are allocated per commit, since
 * JDK 17 keeps a committed instant event's start time.
 *
 * <p><b>Control.</b> {@code pause} stops new spans and instant events until {@code start}; {@code stop}
 * stops them for good; spans already open still end. Every control call is recorded as
 * {@code ompt.Control}, paused or not. Only one {@code JfrTool} per JVM accepts: the first one offered.
 */
public final class JfrTool implements OmptTool {
    private static final AtomicBoolean ACCEPTED = new AtomicBoolean();

    /** Probes for {@link Event#isEnabled()} on types whose objects are not at hand: it reads only static state. */
    private static final ParallelRegionEvent REGION_PROBE = new ParallelRegionEvent();
    private static final OriginEvent ORIGIN_PROBE = new OriginEvent();
    private static final TaskCreateEvent TASK_CREATE_PROBE = new TaskCreateEvent();
    private static final TaskDependenceEvent DEPENDENCE_PROBE = new TaskDependenceEvent();
    private static final LockInitEvent LOCK_INIT_PROBE = new LockInitEvent();
    private static final LockDestroyEvent LOCK_DESTROY_PROBE = new LockDestroyEvent();
    private static final ThreadBeginEvent THREAD_BEGIN_PROBE = new ThreadBeginEvent();
    private static final ThreadEndEvent THREAD_END_PROBE = new ThreadEndEvent();
    private static final InitialTaskEvent INITIAL_TASK_PROBE = new InitialTaskEvent();
    private static final ControlEvent CONTROL_PROBE = new ControlEvent();

    private final Set<Class<? extends Event>> types;
    private final PerThread threads = new PerThread();
    private final OpenRegions regions = new OpenRegions();
    private final CallSiteNames callSites = new CallSiteNames();
    private OmptApi.GetTaskInfo getTaskInfo;
    private OmptApi.GetState getState;
    private OmptApi.GetThreadId getThreadId;
    private OmptApi.GetParallelParticipants getParticipants;
    private OmptApi.GetMutexContended mutexContended;
    /** Whether {@code dispatch} is registered, so that worksharing callbacks keep the chunk levels. */
    private boolean chunks;
    /** {@link #types} as flags, for callbacks that serve more than one type (a set lookup per event otherwise). */
    private final boolean implicitTasks;
    /** Whether the tool times each thread's holds (a waiter's holder it names from the runtime's holds). */
    private final boolean timeHolds;
    private final boolean works;
    private volatile boolean paused;
    private volatile boolean stopped;

    /** The tool for {@code tool=io.github.ompt4j.jfr.JfrTool}: the settings named by {@value JfrSettings#PROPERTY}. */
    public JfrTool() {
        this(JfrSettings.resolve(JfrSettings.nameFromSystemProperty()));
    }

    /** A tool that registers the callbacks of the event types {@code settings} switch on. */
    public JfrTool(Map<String, String> settings) {
        Set<Class<? extends Event>> on = new LinkedHashSet<>();
        for (Class<? extends Event> type : OmptEventTypes.ALL) {
            if (JfrSettings.enables(settings, type)) {
                on.add(type);
            }
        }
        this.types = Collections.unmodifiableSet(on);
        this.implicitTasks = on.contains(ImplicitTaskEvent.class);
        this.timeHolds = on.contains(MutexHeldEvent.class);
        this.works = on.contains(WorkEvent.class);
    }

    /** The event types this tool records (the others' callbacks are never registered). */
    public Set<Class<? extends Event>> types() {
        return types;
    }

    /** Declines when another {@code JfrTool} already accepted: two would record every event twice. */
    @Override
    public boolean accept() {
        return ACCEPTED.compareAndSet(false, true);
    }

    @Override
    public void initialize(OmptLookup lookup, String runtimeVersion, int omptVersion) {
        getTaskInfo = (OmptApi.GetTaskInfo) lookup.lookup("ompt_get_task_info");
        getState = (OmptApi.GetState) lookup.lookup("ompt_get_state");
        getThreadId = (OmptApi.GetThreadId) lookup.lookup("ompt_get_thread_id");
        getParticipants = (OmptApi.GetParallelParticipants) lookup.lookup("ompt4j_get_parallel_participants");
        mutexContended = (OmptApi.GetMutexContended) lookup.lookup("ompt4j_get_mutex_contended");
        OmptApi.SetCallback set = (OmptApi.SetCallback) lookup.lookup("ompt_set_callback");
        Set<OmptEvent> wanted = JfrBinding.callbacksFor(types);
        chunks = wanted.contains(OmptEvent.DISPATCH);
        for (OmptEvent event : wanted) {
            set.setCallback(event, callback(event));
        }
        OmptEventTypes.registerAll();
        if (types.contains(ThreadStateEvent.class)) {
            ThreadStateSampler.install();
        }
    }

    private OmptCallback callback(OmptEvent event) {
        switch (event) {
            case PARALLEL_BEGIN:
                return (OmptCallback.ParallelBegin) this::parallelBegin;
            case PARALLEL_END:
                return (OmptCallback.ParallelEnd) this::parallelEnd;
            case IMPLICIT_TASK_BEGIN:
                return (OmptCallback.ImplicitTask) this::implicitTaskBegin;
            case IMPLICIT_TASK_END:
                return (OmptCallback.ImplicitTask) this::implicitTaskEnd;
            case INITIAL_TASK_BEGIN:
                return (OmptCallback.Task) this::initialTask;
            case TASK_SWITCH:
                return (OmptCallback.TaskSwitch) this::taskSwitch;
            case TASK_BEGIN:
                return (OmptCallback.TaskBegin) this::taskCreate;
            case TASK_DEPENDENCE_PAIR:
                return (OmptCallback.TaskPair) this::dependence;
            case BARRIER_BEGIN:
            case TASKWAIT_BEGIN:
            case TASKGROUP_BEGIN:
            case REDUCTION_BEGIN:
                return (OmptCallback.SyncRegion) this::syncRegionBegin;
            case BARRIER_END:
            case TASKWAIT_END:
            case TASKGROUP_END:
            case REDUCTION_END:
                return (OmptCallback.SyncRegion) this::syncRegionEnd;
            case WAIT_BARRIER_BEGIN:
            case WAIT_TASKWAIT_BEGIN:
            case WAIT_TASKGROUP_BEGIN:
                return (OmptCallback.SyncRegion) this::syncWaitBegin;
            case WAIT_BARRIER_END:
            case WAIT_TASKWAIT_END:
            case WAIT_TASKGROUP_END:
                return (OmptCallback.SyncRegion) this::syncWaitEnd;
            case WAIT_LOCK:
                return mutexWait(OmptMutexKind.LOCK);
            case WAIT_NEST_LOCK:
                return mutexWait(OmptMutexKind.NEST_LOCK);
            case WAIT_CRITICAL:
                return mutexWait(OmptMutexKind.CRITICAL);
            case WAIT_ATOMIC:
                return mutexWait(OmptMutexKind.ATOMIC);
            case WAIT_ORDERED:
                return (OmptCallback.Wait) (waitId, codeptr) -> mutexWait(OmptMutexKind.ORDERED, waitId, 0, 0, codeptr);
            case ACQUIRED_LOCK:
                return mutexAcquired(OmptMutexKind.LOCK);
            case ACQUIRED_NEST_LOCK_FIRST:
                return mutexAcquired(OmptMutexKind.NEST_LOCK);
            case ACQUIRED_CRITICAL:
                return mutexAcquired(OmptMutexKind.CRITICAL);
            case ACQUIRED_ATOMIC:
                return mutexAcquired(OmptMutexKind.ATOMIC);
            case ACQUIRED_ORDERED:
                return mutexAcquired(OmptMutexKind.ORDERED);
            case RELEASE_LOCK:
            case RELEASE_NEST_LOCK_LAST:
            case RELEASE_CRITICAL:
            case RELEASE_ATOMIC:
            case RELEASE_ORDERED:
                return (OmptCallback.Wait) this::mutexReleased;
            case INIT_LOCK:
                return lockInit(OmptMutexKind.LOCK);
            case INIT_NEST_LOCK:
                return lockInit(OmptMutexKind.NEST_LOCK);
            case DESTROY_LOCK:
                return (OmptCallback.Wait) this::lockDestroy;
            case WORKSHARING_BEGIN:
                return (OmptCallback.Worksharing) this::worksharingBegin;
            case WORKSHARING_END:
                return (OmptCallback.Worksharing) this::worksharingEnd;
            case DISPATCH:
                return (OmptCallback.Dispatch) this::dispatch;
            case MASTER_BEGIN:
                return (OmptCallback.Parallel) this::masterBegin;
            case MASTER_END:
                return (OmptCallback.Parallel) this::masterEnd;
            case IDLE_BEGIN:
                return (OmptCallback.ThreadId) this::idleBegin;
            case IDLE_END:
                return (OmptCallback.ThreadId) this::idleEnd;
            case THREAD_BEGIN:
                return (OmptCallback.ThreadType) this::threadBegin;
            case THREAD_END:
                return (OmptCallback.ThreadType) this::threadEnd;
            case CONTROL:
                return (OmptCallback.Control) this::control;
            default:
                throw new IllegalArgumentException("the JFR tool has no callback for " + event);
        }
    }

    /** Regions begun and not ended; the no-leak contract says 0 once every region has ended. */
    int openRegions() {
        return regions.size();
    }

    /** Threads whose spans the tool keeps; 0 once every thread that reported an event has ended. */
    int trackedThreads() {
        return threads.size();
    }

    /** Whether new spans and instant events may start ({@code ompt_control} pause and stop). */
    private boolean recording() {
        return !paused;
    }

    // ---- regions and implicit tasks ------------------------------------------------------------

    private void parallelBegin(long parentTaskId, OmptFrame parentFrame, long parallelId, int requestedTeamSize,
            long codeptr, OmptInvoker invoker) {
        if (!recording()) {
            return;
        }
        if (REGION_PROBE.isEnabled()) {
            regions.open(parallelId, parentTaskId, requestedTeamSize, Names.invoker(invoker), callSites.of(codeptr));
        }
        if (ORIGIN_PROBE.isEnabled()) {
            origin(parallelId, 0);
            // A pool submission creates its root task next, on this thread: the region's origin stands for it.
            current().regionBegun = true;
        }
    }

    private static void origin(long parallelId, long taskId) {
        OriginEvent e = new OriginEvent();
        e.parallelId = parallelId;
        e.taskId = taskId;
        e.commit();
    }

    private void parallelEnd(long parallelId, long taskId, OmptInvoker invoker, long codeptr) {
        ParallelRegionEvent e = regions.close(parallelId);
        if (e != null) {
            e.end();
            if (e.shouldCommit()) {
                e.participants = getParticipants.getParallelParticipants().length;
                e.commit();
            }
            regions.recycle(e);
        }
    }

    private void implicitTaskBegin(long parallelId, long taskId, int teamSize, int threadNum) {
        if (threadNum == 0) {
            current().regionBegun = false;
        }
        if (threadNum == 0 && REGION_PROBE.isEnabled()) {
            regions.teamSize(parallelId, teamSize);
        }
        if (implicitTasks) {
            ThreadEvents te = current();
            ImplicitTaskEvent e = te.implicitTasks.begin(recording());
            if (e == null) {
                return;
            }
            e.parallelId = parallelId;
            e.taskId = taskId;
            e.teamSize = teamSize;
            e.threadNum = threadNum;
        }
    }

    private void implicitTaskEnd(long parallelId, long taskId, int teamSize, int threadNum) {
        ImplicitTaskEvent e = current().implicitTasks.end();
        if (e != null) {
            e.commit();
        }
    }

    private void initialTask(long taskId) {
        if (recording() && INITIAL_TASK_PROBE.isEnabled()) {
            InitialTaskEvent e = new InitialTaskEvent();
            e.taskId = taskId;
            e.commit();
        }
    }

    // ---- explicit tasks ------------------------------------------------------------------------

    private void taskSwitch(long priorTaskId, OmptTaskStatus priorStatus, long nextTaskId) {
        ThreadEvents te = current();
        if (priorStatus == OmptTaskStatus.COMPLETE || priorStatus == OmptTaskStatus.CANCEL) {
            TaskEvent done = te.tasks.end();
            if (done != null) {
                done.commit();
            }
            return;
        }
        // The next task starts; the prior one is suspended (switch, yield) and its span goes on around it.
        TaskEvent e = te.tasks.begin(recording());
        if (e == null) {
            return;
        }
        e.taskId = nextTaskId;
        e.parentTaskId = getTaskInfo.getTaskInfo(1, te.taskInfo) ? te.taskInfo.taskId() : 0;
        e.parallelId = getTaskInfo.getTaskInfo(0, te.taskInfo) ? te.taskInfo.parallelId() : 0;
    }

    private void taskCreate(long parentTaskId, OmptFrame parentFrame, long newTaskId, int flags, long codeptr) {
        ThreadEvents te = current();
        boolean regionsRoot = te.regionBegun;
        te.regionBegun = false;
        if (!regionsRoot && recording() && ORIGIN_PROBE.isEnabled()
                && (!getTaskInfo.getTaskInfo(0, te.taskInfo) || te.taskInfo.type() == OmptTaskType.INITIAL)) {
            // Serial code created a task that runs elsewhere (a CompletableFuture stage): its work stands on this stack.
            origin(0, newTaskId);
        }
        if (recording() && TASK_CREATE_PROBE.isEnabled()) {
            TaskCreateEvent e = new TaskCreateEvent();
            e.taskId = newTaskId;
            e.parentTaskId = parentTaskId;
            e.flags = Names.taskFlags(flags);
            e.callSite = callSites.of(codeptr);
            e.commit();
        }
    }

    private void dependence(long predecessorTaskId, long successorTaskId) {
        if (recording() && DEPENDENCE_PROBE.isEnabled()) {
            TaskDependenceEvent e = new TaskDependenceEvent();
            e.predecessorTaskId = predecessorTaskId;
            e.successorTaskId = successorTaskId;
            e.commit();
        }
    }

    // ---- synchronization regions and waits --------------------------------------------------------

    private void syncRegionBegin(OmptSyncRegionKind kind, long parallelId, long taskId, long codeptr) {
        ThreadEvents te = current();
        SyncRegionEvent e = te.syncRegions.begin(recording());
        if (e == null) {
            return;
        }
        e.kind = Names.syncKind(kind);
        e.parallelId = parallelId;
        e.taskId = taskId;
        e.callSite = callSites.of(codeptr);
    }

    private void syncRegionEnd(OmptSyncRegionKind kind, long parallelId, long taskId, long codeptr) {
        SyncRegionEvent e = current().syncRegions.end();
        if (e != null) {
            e.commit();
        }
    }

    private void syncWaitBegin(OmptSyncRegionKind kind, long parallelId, long taskId, long codeptr) {
        ThreadEvents te = current();
        SyncRegionWaitEvent e = te.syncWaits.begin(recording());
        if (e == null) {
            return;
        }
        e.kind = Names.syncKind(kind);
        e.parallelId = parallelId;
        e.taskId = taskId;
        getState.getState(te.waitId);
        e.waitId = te.waitId[0];
        e.callSite = callSites.of(codeptr);
    }

    private void syncWaitEnd(OmptSyncRegionKind kind, long parallelId, long taskId, long codeptr) {
        SyncRegionWaitEvent e = current().syncWaits.end();
        if (e != null) {
            e.commit();
        }
    }

    // ---- mutexes ------------------------------------------------------------------------------

    private OmptCallback mutexWait(OmptMutexKind kind) {
        return (OmptCallback.Lock) (waitId, hint, impl, codeptr) -> mutexWait(kind, waitId, hint, impl, codeptr);
    }

    private void mutexWait(OmptMutexKind kind, long waitId, int hint, int impl, long codeptr) {
        ThreadEvents te = current();
        MutexAcquireEvent e = te.acquire;
        te.acquiring = recording() && e.isEnabled() && mutexContended.getMutexContended();
        if (!te.acquiring) {
            return;
        }
        e.begin();
        e.kind = Names.mutexKind(kind);
        e.waitId = waitId;
        e.implementation = kind == OmptMutexKind.ORDERED ? null : Names.implementation(kind, impl);
        e.hint = hint;
        e.callSite = callSites.of(codeptr);
        OmptThread holder = OmptThreads.holderOf(waitId, OmptThreads.current());
        e.holder = holder == null ? null : holder.javaThread();
        e.holderCallSite = holder == null ? null : holder.heldCallSite(waitId);
    }

    private OmptCallback mutexAcquired(OmptMutexKind kind) {
        return (OmptCallback.Wait) (waitId, codeptr) -> mutexAcquired(kind, waitId, codeptr);
    }

    private void mutexAcquired(OmptMutexKind kind, long waitId, long codeptr) {
        ThreadEvents te = current();
        MutexAcquireEvent acquired = te.acquire;
        if (te.acquiring && acquired.waitId == waitId) {
            acquired.end();
            if (acquired.shouldCommit()) {
                acquired.commit();
            }
        }
        te.acquiring = false;
        // Only the holds the runtime records, of mutexes with an owner: a permit or stamp may be returned on
        // another thread, whose release this thread's spans would never see.
        if (timeHolds && OmptThreads.current().holds(waitId)) {
            MutexHeldEvent held = te.hold(waitId, recording());
            if (held != null) {
                held.kind = Names.mutexKind(kind);
                held.callSite = callSites.of(codeptr);
            }
        }
    }

    private void mutexReleased(long waitId, long codeptr) {
        MutexHeldEvent e = current().release(waitId);
        if (e != null) {
            e.commit();
        }
    }

    private OmptCallback lockInit(OmptMutexKind kind) {
        return (OmptCallback.Lock) (waitId, hint, impl, codeptr) -> {
            if (recording() && LOCK_INIT_PROBE.isEnabled()) {
                LockInitEvent e = new LockInitEvent();
                e.kind = Names.mutexKind(kind);
                e.waitId = waitId;
                e.implementation = Names.implementation(kind, impl);
                e.hint = hint;
                e.callSite = callSites.of(codeptr);
                e.commit();
            }
        };
    }

    private void lockDestroy(long waitId, long codeptr) {
        if (recording() && LOCK_DESTROY_PROBE.isEnabled()) {
            LockDestroyEvent e = new LockDestroyEvent();
            e.waitId = waitId;
            e.callSite = callSites.of(codeptr);
            e.commit();
        }
    }

    // ---- worksharing and master -----------------------------------------------------------------

    private void worksharingBegin(OmptWorkType type, long parallelId, long taskId, long count, long codeptr) {
        ThreadEvents te = current();
        if (chunks) {
            te.chunks.open();
        }
        if (!works) {
            return;
        }
        WorkEvent e = te.works.begin(recording());
        if (e == null) {
            return;
        }
        e.type = Names.workType(type);
        e.parallelId = parallelId;
        e.taskId = taskId;
        e.count = count;
        e.callSite = callSites.of(codeptr);
    }

    private void worksharingEnd(OmptWorkType type, long parallelId, long taskId, long count, long codeptr) {
        ThreadEvents te = current();
        if (chunks) {
            DispatchEvent chunk = te.chunks.end();
            if (chunk != null) {
                chunk.commit();
            }
        }
        if (works) {
            WorkEvent e = te.works.end();
            if (e != null) {
                e.commit();
            }
        }
    }

    private void dispatch(long parallelId, long taskId, OmptWorkType type, long first, long count) {
        ThreadEvents te = current();
        DispatchEvent previous = te.chunks.endTop();
        if (previous != null) {
            previous.commit();
        }
        DispatchEvent e = te.chunks.beginTop(recording());
        if (e == null) {
            return;
        }
        e.type = Names.workType(type);
        e.parallelId = parallelId;
        e.taskId = taskId;
        e.first = first;
        e.count = count;
    }

    private void masterBegin(long parallelId, long taskId, long codeptr) {
        ThreadEvents te = current();
        MasterEvent e = te.masters.begin(recording());
        if (e == null) {
            return;
        }
        e.parallelId = parallelId;
        e.taskId = taskId;
        e.callSite = callSites.of(codeptr);
    }

    private void masterEnd(long parallelId, long taskId, long codeptr) {
        MasterEvent e = current().masters.end();
        if (e != null) {
            e.commit();
        }
    }

    // ---- threads -------------------------------------------------------------------------------

    private void idleBegin(long threadId) {
        ThreadEvents te = current();
        IdleEvent e = te.idle.begin(recording());
        if (e == null) {
            return;
        }
        e.ompThreadId = threadId;
    }

    private void idleEnd(long threadId) {
        IdleEvent e = current().idle.end();
        if (e != null) {
            e.commit();
        }
    }

    /** The calling thread's spans. */
    private ThreadEvents current() {
        return threads.current(getThreadId.getThreadId());
    }

    private void threadBegin(OmptThreadType type, long threadId) {
        if (recording() && THREAD_BEGIN_PROBE.isEnabled()) {
            ThreadBeginEvent e = new ThreadBeginEvent();
            e.threadType = Names.threadType(type);
            e.ompThreadId = threadId;
            e.threadName = Thread.currentThread().getName();
            e.commit();
        }
    }

    private void threadEnd(OmptThreadType type, long threadId) {
        threads.remove();
        if (recording() && THREAD_END_PROBE.isEnabled()) {
            ThreadEndEvent e = new ThreadEndEvent();
            e.threadType = Names.threadType(type);
            e.ompThreadId = threadId;
            e.commit();
        }
    }

    private void control(long command, long modifier) {
        if (CONTROL_PROBE.isEnabled()) {
            ControlEvent e = new ControlEvent();
            e.commandName = Names.controlCommand(command);
            e.command = command;
            e.modifier = modifier;
            e.commit();
        }
        OmptControlCommand c = OmptControlCommand.ofCode(command);
        if (c == OmptControlCommand.START) {
            paused = stopped;
        } else if (c == OmptControlCommand.PAUSE) {
            paused = true;
        } else if (c == OmptControlCommand.STOP) {
            stopped = true;
            paused = true;
        }
    }
}
