package io.github.ompt4j.model;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * What the runtime knows about one thread: its OMPT ID and type, its state and wait ID, the stack of
 * tasks it is running (each with its thread number in its team), the mutexes with an owner it holds (so
 * that a sampler or a tool can name whom a waiter waits for), and its block of IDs.
 *
 * <p><b>Threading.</b> Only the owning thread writes. Other threads (inquiry for a sampled thread, the
 * Collector API, live inspection) read with acquire loads. The state is written with a release store:
 * on x86 and ARM that is an ordinary store with no fence, which keeps a transition at a few
 * nanoseconds; the wait ID is stored before the state, so a reader that sees a wait state sees its
 * wait ID. The task stack is linked through the tasks, with arrays of their thread numbers reused across
 * pushes, so pushing and popping allocate nothing once these have grown to the program's nesting depth.
 *
 * <p><b>Padding.</b> The mutex state, which a thread writes at every lock, critical and atomic construct (the
 * acquisition in progress, the mutexes held, the open constructs' call sites), is kept in objects that sit alone on
 * their cache lines ({@code @Contended}: 128 bytes of nothing on either side). Unpadded, they lie wherever the
 * allocator put them, beside another thread's data or the program's, and each of a thread's stores can take a line
 * another core is reading or writing: the bank demo (two threads, five constructs a transfer) under a tool took
 * 1.27× and 1.42× as long unpadded (medians of two sets of 10 alternated runs); padding this object, its IDs and its
 * sync regions as well gained nothing more (five sets), padding this object alone changed nothing (1.03×), and
 * padding only the end of each of the three (a padded subclass) little (1.08×). The price is 768 bytes a thread:
 * 100,000 virtual threads alive that each took a lock held 281 MB of heap under a tool against 210 MB unpadded
 * (117 MB without the agent). HotSpot honours the annotation only for classes of the boot loader, where the agent puts
 * the model ({@code PerThreadPaddingIT} checks it).
 */
public final class OmptThread {
    private static final VarHandle STATE;
    private static final VarHandle WAIT_ID;
    private static final VarHandle CURRENT_TASK;
    private static final VarHandle IN_TOOL;
    private static final OmptState[] STATES = OmptState.values();

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            STATE = lookup.findVarHandle(OmptThread.class, "state", int.class);
            WAIT_ID = lookup.findVarHandle(OmptThread.class, "waitId", long.class);
            CURRENT_TASK = lookup.findVarHandle(OmptThread.class, "currentTask", OmptTask.class);
            IN_TOOL = lookup.findVarHandle(OmptThread.class, "inTool", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final long id;
    private final OmptThreadType type;
    /**
     * Held strongly: {@link OmptThreads#current()} compares it at every hook, and a {@code WeakReference}'s
     * {@code get} there cost one more dependent load and G1's keep-alive barrier, about 5 ns of a bank
     * transfer's 11 lookups ({@code BankTransferBenchmark} under {@code jfr=}, JDK 17: 92.6-97.6 ns before,
     * 87-93 after). A thread that ended is kept only while its data is: the registry drops it when it detaches
     * or is found dead, and a slot of {@link OmptThreads#current()}'s cache holds at most one until another
     * thread claims the slot.
     */
    private final java.lang.Thread javaThread;
    private final String name;
    private final OmptIds ids = new OmptIds();

    /** Written after a release fence ({@link #setState}), read through STATE. */
    private int state;
    @SuppressWarnings("unused") // written and read through WAIT_ID
    private long waitId;
    /** Written after a release fence; read plainly by its own thread, through CURRENT_TASK by others. */
    private OmptTask currentTask;
    /**
     * When the thread entered its wait or idle state ({@link System#nanoTime}): written before the state's
     * release store, so a reader that acquires the state reads a stamp at least as new as that state.
     */
    private long waitSince;

    /*
     * The task stack: the current task, each task linked to the one below it (OmptTask.below), and by level, for
     * each task on the stack, its thread number and how many sync regions were open below it when it started. The
     * links live in the tasks, which are young while they run: the current task, stored into this long-lived
     * object at each switch, is the one reference store a switch cannot do without.
     */
    private int[] threadNums = new int[8];
    private int[] syncDepthAtStart = new int[8];
    private int depth;

    /** Open sync regions, for the runtime's sync-region operations. */
    final SyncRegionStack syncRegions;

    /** Call sites of the open constructs, for the runtime's construct and mutex operations. */
    final ConstructCallSites constructs;
    /** The mutex acquisition in progress, for the runtime's mutex operations. */
    final MutexAcquisition acquisition = new MutexAcquisition();
    /** The mutexes with an owner this thread holds. */
    private final HeldMutexes held = new HeldMutexes();

    /**
     * Where the program called the construct this thread is in, marked by woven code around the call
     * ({@link #markCallSite}): a call-site token, 0 outside such a call. A token, not the description, so
     * that marking is a plain store: a reference stored into this long-lived object would pass the garbage
     * collector's write barrier, which under G1 fences the processor on every mark.
     */
    private long markedCallSite;
    /** What the hooks keep of a hand-over in progress on this thread ({@link #handOver}). */
    private Object handOver;

    private boolean inTool;
    /** The region this thread last took part in, so that taking part is recorded once per run of tasks. */
    private OmptParallel lastParallel;
    /** The region whose {@code parallel_end} is being dispatched on this thread, for its participants. */
    private OmptParallel endingParallel;
    private int synchronizerDepth;
    /** What a condition wait means inside the executor's method the thread is in ({@link #expectWait}): 0 nothing. */
    private byte executorWait;
    /** The executor's task this worker runs, from taking it to coming back for the next ({@link #executorTask}). */
    private OmptTask executorTask;
    /**
     * A virtual thread's: since when ({@code System.nanoTime}) it has been mounted on its carrier, from its begin or
     * its latest mount ({@link VirtualThreadMounts}); written by the carrier while the thread is unmounted.
     */
    long mountedSince = System.nanoTime();
    /** A virtual thread's: a stretch on a carrier that it has not reported yet ({@link VirtualThreadMounts}). */
    volatile VirtualThreadMounts.Stretch unreportedStretch;

    // What executorWait holds: an expectation, and the wait it becomes once the thread waits (the next value).
    /** Inside an executor's method, a wait is for work (a worker taking its next task): {@code idle}. */
    public static final byte WAITS_FOR_WORK = 1;
    /** ...and the thread now waits for work. */
    public static final byte IDLE = 2;
    /** Inside an executor's method, a wait is for tasks to complete (a completion service's {@code take}). */
    public static final byte WAITS_FOR_TASKS = 3;
    /** ...and the thread now waits for them, in a taskwait. */
    public static final byte IN_TASKWAIT = 4;

    OmptThread(long id, OmptThreadType type, java.lang.Thread javaThread) {
        this.id = id;
        this.type = type;
        this.javaThread = javaThread;
        this.name = javaThread.getName();
        this.syncRegions = new SyncRegionStack(id);
        this.constructs = new ConstructCallSites(id);
        this.state = OmptState.UNDEFINED.ordinal(); // until the runtime gives it a state
    }

    /** The OMPT thread ID: unique, non-zero, small (threads are numbered 1, 2, 3 ... as they attach). */
    public long id() {
        return id;
    }

    public OmptThreadType type() {
        return type;
    }

    /** The Java thread's name when it attached. */
    public String name() {
        return name;
    }

    /** The Java thread. */
    public java.lang.Thread javaThread() {
        return javaThread;
    }

    /** A new ID for a region, task or wait object: unique across the JVM, non-zero, below 2^63. */
    public long nextId() {
        return ids.next();
    }

    // ---- state -------------------------------------------------------------------------------

    public OmptState state() {
        return STATES[(int) STATE.getAcquire(this)];
    }

    /** The wait ID, meaningful while {@link #state()} is a wait state. */
    public long waitId() {
        return (long) WAIT_ID.getAcquire(this);
    }

    /**
     * Enter a state that is not a wait. The hot path: a release store, no allocation, written as a release fence and
     * a plain store (the memory model's {@code setRelease}; an int is never torn). Once C2 has compiled the caller
     * both are the same instructions, but until then, which is much of a short program, a {@code VarHandle} access is
     * a chain of calls (the guard, the access-mode check, the field accessor) where the fence and the store are two
     * instructions: {@code setState} 11.3 against 3.0 ns in C1's code (JMH, {@code TieredStopAtLevel=3}), 0.6 both in
     * C2's.
     */
    public void setState(OmptState s) {
        VarHandle.releaseFence();
        state = s.ordinal();
    }

    /** Enter a wait state; the wait ID is published before the state, as TR2 requires. */
    public void enterWait(OmptState s, long waitObjectId) {
        WAIT_ID.setRelease(this, waitObjectId); // through the handle: a plain long store may be torn
        setState(s);
    }

    /**
     * Start a wait ({@link #enterWait}; {@code idle}, a wait for work, with wait ID 0) and, if {@code timed}, note
     * when it began, for live inspection. Only a thread that will really wait is timed (a barrier member that is
     * not the last, a contended lock, a worker out of work), so the clock read (about 27 ns here) is paid by
     * threads that wait anyway, never on the path of the last arriver or of an uncontended lock; untimed, the
     * start is 0 (unknown). A wait resumed after the thread ran a task keeps its start ({@link #enterWait}).
     */
    public void startWait(OmptState s, long waitObjectId, boolean timed) {
        waitSince = timed ? System.nanoTime() : 0;
        enterWait(s, waitObjectId);
    }

    /**
     * When the thread's current wait or {@code idle} began ({@link System#nanoTime}), 0 if that is not known;
     * meaningless in other states, which are not timed. Any thread may ask (read after {@link #state()}).
     */
    public long waitSinceNanos() {
        return waitSince;
    }

    /** Leave a wait: back to the work state of the current task. */
    public void exitWait() {
        setState(workState());
    }

    /**
     * {@code work_parallel} inside a region, else {@code work_serial}; a worker between tasks is in
     * {@code overhead} (looking for work).
     */
    public OmptState workState() {
        OmptTask t = currentTask();
        if (t == null) {
            return type == OmptThreadType.WORKER ? OmptState.OVERHEAD : OmptState.WORK_SERIAL;
        }
        return t.parallel() != null ? OmptState.WORK_PARALLEL : OmptState.WORK_SERIAL;
    }

    // ---- tasks ---------------------------------------------------------------------------------

    /**
     * The task the thread is running, {@code null} if none (an idle worker, an unknown thread), as the thread
     * itself sees it: a plain read of its own write, which every hook makes several times per task.
     */
    public OmptTask currentTask() {
        return currentTask;
    }

    /** {@link #currentTask} read from another thread: an acquire load, paired with the task stack's release store. */
    public OmptTask observedTask() {
        return (OmptTask) CURRENT_TASK.getAcquire(this);
    }

    /** The thread number of the current task in its team (0 outside any region). */
    public int threadNum() {
        return depth == 0 ? 0 : threadNums[depth - 1];
    }

    /** How many tasks are on this thread's stack. */
    public int taskDepth() {
        return depth;
    }

    /**
     * Copies the task stack, outermost first, with each task's thread number in its team, into the arrays
     * given; returns how many entries it wrote. Any thread may ask: a reader on another thread copies the
     * stack as it was at some recent instant (the links below a task are written before it becomes current),
     * and one racing with a push or pop may read a thread number of the entry that replaced it.
     */
    public int copyTaskStack(OmptTask[] tasksOut, int[] threadNumsOut) {
        int[] nums = threadNums;
        int n = 0;
        // Bounded by the levels the thread has room for: a reader never follows the links further, whatever it races.
        for (OmptTask k = observedTask(); k != null && n < nums.length; k = k.below) {
            n++;
        }
        n = Math.min(n, Math.min(tasksOut.length, threadNumsOut.length));
        int i = n;
        for (OmptTask k = observedTask(); k != null && i > 0; k = k.below) {
            tasksOut[--i] = k;
            threadNumsOut[i] = nums[i];
        }
        return n - i;
    }

    /** Start running {@code task} on this thread, as thread {@code threadNum} of its team. */
    public void pushTask(OmptTask task, int threadNum) {
        if (depth == threadNums.length) {
            threadNums = Arrays.copyOf(threadNums, depth * 2);
            syncDepthAtStart = Arrays.copyOf(syncDepthAtStart, depth * 2);
        }
        task.below = currentTask;
        threadNums[depth] = threadNum;
        syncDepthAtStart[depth] = syncRegions.depth();
        depth++;
        VarHandle.releaseFence(); // then a plain store: a release store, as in setState
        currentTask = task;
    }

    /** Stop running the current task; the one below it (if any) becomes current again. */
    public OmptTask popTask() {
        OmptTask ended = currentTask;
        if (ended == null) {
            throw new IllegalStateException("no task to end on thread " + id);
        }
        depth--;
        ended.join = null; // a null store: G1's barrier filters it before its fence
        VarHandle.releaseFence();
        currentTask = ended.below;
        return ended;
    }

    /**
     * What the current task joins while its taskwait is deferred (a fork/join join reports its taskwait only
     * once it waits: a join that runs the task it awaits itself is no wait), or null; any value the hooks choose.
     */
    public Object join() {
        OmptTask current = currentTask;
        return current == null ? null : current.join;
    }

    /** Set what the current task joins (see {@link #join}); null when the join is over. */
    public void setJoin(Object joined) {
        currentTask.join = joined;
    }

    // ---- sync regions -----------------------------------------------------------------------------

    /** The kind of the innermost open sync region of the current task, or {@code null}. */
    public OmptSyncRegionKind syncRegion() {
        return syncRegions.innermost(currentSyncBase());
    }

    /** Whether the current task waits in its innermost sync region. */
    boolean syncWaiting() {
        return syncRegions.waiting(currentSyncBase());
    }

    private int currentSyncBase() {
        return depth == 0 ? 0 : syncDepthAtStart[depth - 1];
    }

    // ---- mutexes held ------------------------------------------------------------------------------

    /**
     * This thread acquired the mutex {@code waitId} in the call marked now or, if none is, at {@code codeptr}
     * (owner thread only).
     */
    void hold(long waitId, long codeptr) {
        held.hold(waitId, markedCallSite != 0 ? markedCallSite : codeptr);
    }

    /**
     * This thread released the mutex {@code waitId} (owner thread only): its latest hold of it goes. A
     * release the runtime saw no acquisition of (a tool attached while the mutex was held) changes nothing.
     */
    void release(long waitId) {
        held.release(waitId);
    }

    /**
     * Whether this thread holds the mutex {@code waitId}. Any thread may ask, and sees the holds as they were
     * at some recent instant ({@link HeldMutexes}).
     */
    public boolean holds(long waitId) {
        return held.holds(waitId);
    }

    /**
     * Where this thread acquired the mutex {@code waitId} it holds, as {@link CallSites#describe} writes
     * it; {@code null} if it does not hold it or the call site is unknown. Any thread may ask, as with
     * {@link #holds}.
     */
    public String heldCallSite(long waitId) {
        return held.callSite(waitId);
    }

    /** The wait IDs of the mutexes this thread holds, oldest first. Any thread may ask, as with {@link #holds}. */
    public long[] heldWaitIds() {
        return held.waitIds();
    }

    /**
     * How deep the thread is inside reported synchronization primitives ({@code java.util.concurrent}'s
     * barriers, which use locks inside): while above 0, adapters do not report the primitives those use,
     * so that each synchronization is reported once.
     */
    public int synchronizerDepth() {
        return synchronizerDepth;
    }

    public void enterSynchronizer() {
        synchronizerDepth++;
    }

    public void exitSynchronizer() {
        synchronizerDepth--;
    }

    /** The thread leaves every synchronizer it is inside, for code of the program's they call: returns how many. */
    public int leaveSynchronizers() {
        int depth = synchronizerDepth;
        synchronizerDepth = 0;
        return depth;
    }

    /** The program's code that {@link #leaveSynchronizers} let out returned: {@code depth} synchronizers again. */
    public void returnToSynchronizers(int depth) {
        synchronizerDepth = depth;
    }

    /**
     * The thread, a thread of the program's, enters an executor's method inside the executor's own synchronization
     * (see {@link #enterSynchronizer}), where a wait means {@code meaning} ({@link #WAITS_FOR_WORK},
     * {@link #WAITS_FOR_TASKS}), reported once it starts ({@link #startsWaiting}). Owner thread only, as the rest of
     * this block.
     */
    public void expectWait(byte meaning) {
        executorWait = meaning;
    }

    /** The thread starts waiting: what it now waits in ({@link #IDLE}, {@link #IN_TASKWAIT}), 0 if not expected or begun. */
    public byte startsWaiting() {
        if (executorWait != WAITS_FOR_WORK && executorWait != WAITS_FOR_TASKS) {
            return 0;
        }
        return ++executorWait;
    }

    /** The executor's method returns (or the wait could not begin): what the thread waited in, 0 if nothing. */
    public byte stopsWaiting() {
        byte waited = executorWait;
        executorWait = 0;
        return waited == IDLE || waited == IN_TASKWAIT ? waited : 0;
    }

    /**
     * The task of an executor's that this thread, its worker, runs: started as the worker took it, completed as the
     * worker comes back for its next one or dies; null between tasks. Owner thread only.
     */
    public OmptTask executorTask() {
        return executorTask;
    }

    /** This worker runs {@code task} now (null: no executor's task). */
    public void setExecutorTask(OmptTask task) {
        executorTask = task;
    }

    /**
     * Whether the mutex this thread is acquiring, or acquired last, was held by another thread: the
     * acquisition blocked (reported late), or the adapter said so (early: an ordered construct always).
     * False for an acquisition without a wait (a successful test). Owner thread only: set before the
     * {@code wait_*} event, so that listeners of that event and of the {@code acquired_*} event that
     * ends it read it on the same thread.
     */
    public boolean acquireContended() {
        return acquisition.contended();
    }

    /**
     * Marks (or, with 0, unmarks) where the program calls a construct: the call site's token
     * ({@link CallSites#token(String)}). Woven code marks before the call and unmarks after it returns; a call
     * that throws leaves its mark until the thread's next marked call.
     */
    public void markCallSite(long token) {
        markedCallSite = token;
    }

    /** The call-site token marked by {@link #markCallSite}, or 0. */
    public long markedCallSite() {
        return markedCallSite;
    }

    /**
     * What the hooks keep of a hand-over in progress on this thread, between the woven calls that begin and end
     * it (a {@code CompletableFuture} stage given to its executor: whether to announce it, and what to withdraw if
     * the executor refuses it); any value the hooks choose, {@code null} for none. Each hand-over restores what it
     * found when it ends, so that hand-overs nested inside an executor that runs a stage at once keep theirs.
     */
    public Object handOver() {
        return handOver;
    }

    /** Keep {@code value} for the hand-over in progress (see {@link #handOver}). */
    public void setHandOver(Object value) {
        handOver = value;
    }

    /** This thread runs a task of {@code region} (null: none): the region counts it among its participants. */
    void participate(OmptParallel region) {
        if (region != null && region != lastParallel) {
            lastParallel = region;
            region.participate(id);
        }
    }

    void setEndingParallel(OmptParallel region) {
        endingParallel = region;
    }

    /** The region whose {@code parallel_end} this thread is reporting, or null. */
    OmptParallel endingParallel() {
        return endingParallel;
    }

    // ---- re-entrancy guard for tool callbacks -----------------------------------------------------

    /**
     * Mark the thread as running tool code; false if it already is, or if {@code runtime_shutdown} has closed the
     * dispatch since the caller read the callbacks (the event is then dropped). The mark comes before the check
     * of {@code closed}, and the shutdown closes before it waits for marked threads ({@link #inToolNow}): a
     * delivery either sees the dispatch closed or is waited for, so none follows {@code runtime_shutdown}. Both
     * sides store, then load what the other stored (Dekker's pattern), so both need the store made visible before
     * the load: the shutdown's volatile store of {@code closed} is, the mark is stored, then a full fence (a plain store
     * alone may pass the load of {@code closed}, on x86 as in the memory model).
     */
    boolean enterTool() {
        if (inTool) {
            return false;
        }
        inTool = true;
        VarHandle.fullFence(); // the store made visible before the load below, as a volatile store is
        if (OmptDispatch.closed()) {
            inTool = false;
            return false;
        }
        return true;
    }

    /** Whether the thread is inside a tool callback, read from another thread (the shutdown's wait). */
    boolean inToolNow() {
        return (boolean) IN_TOOL.getOpaque(this);
    }

    void exitTool() {
        inTool = false;
    }

    /** Whether the thread is inside a tool callback; adapters report nothing while it is. */
    public boolean inTool() {
        return inTool;
    }

    @Override
    public String toString() {
        return "OmptThread[" + id + " " + type.ompName() + " \"" + name + "\" " + state().ompName() + "]";
    }
}
