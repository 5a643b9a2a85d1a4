package io.github.ompt4j.model;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.WeakReference;
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
 * wait ID. The task stack is an array reused across pushes, so pushing and popping allocate nothing
 * once it has grown to the program's nesting depth.
 */
public final class OmptThread {
    private static final VarHandle STATE;
    private static final VarHandle WAIT_ID;
    private static final VarHandle CURRENT_TASK;
    private static final VarHandle HELD_COUNT;
    private static final OmptState[] STATES = OmptState.values();

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            STATE = lookup.findVarHandle(OmptThread.class, "state", int.class);
            WAIT_ID = lookup.findVarHandle(OmptThread.class, "waitId", long.class);
            CURRENT_TASK = lookup.findVarHandle(OmptThread.class, "currentTask", OmptTask.class);
            HELD_COUNT = lookup.findVarHandle(OmptThread.class, "heldCount", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final long id;
    private final OmptThreadType type;
    private final WeakReference<java.lang.Thread> javaThread;
    private final String name;
    private final OmptIds ids = new OmptIds();

    @SuppressWarnings("unused") // written and read through STATE
    private int state;
    @SuppressWarnings("unused") // written and read through WAIT_ID
    private long waitId;
    /** Written through CURRENT_TASK; read plainly by its own thread, through CURRENT_TASK by others. */
    private OmptTask currentTask;
    /**
     * When the thread entered its wait or idle state ({@link System#nanoTime}): written before the state's
     * release store, so a reader that acquires the state reads a stamp at least as new as that state.
     */
    private long waitSince;

    private OmptTask[] tasks = new OmptTask[8];
    private int[] threadNums = new int[8];
    /** For each task on the stack, how many sync regions were open below it when it started. */
    private int[] syncDepthAtStart = new int[8];
    /** For each task on the stack, the object it joins whose taskwait the hooks have not reported yet, or null. */
    private Object[] joins = new Object[8];
    private int depth;

    /** Open sync regions (barrier, taskwait, taskgroup, reduction), innermost last, across the task stack. */
    private OmptSyncRegionKind[] syncKinds = new OmptSyncRegionKind[4];
    private long[] syncCodeptrs = new long[4];
    private long[] syncWaitIds = new long[4];
    private boolean[] syncWaiting = new boolean[4];
    private int syncDepth;

    /** Call sites of the open worksharing and master constructs, innermost last: their end reports the begin's. */
    private long[] constructCodeptrs = new long[4];
    private int constructDepth;
    /** The call site of the construct that began or ended last on this thread. */
    private long lastConstructCodeptr;
    /** The call site of the mutex acquisition in progress, reported again by its acquired event. */
    private long acquireCodeptr;
    /** Whether the mutex of the acquisition in progress was held when this thread reached it. */
    private boolean acquireContended;
    /**
     * The mutexes with an owner this thread holds, oldest first: wait ID and call-site token in pairs (one
     * array, so that a reader on another thread never pairs one array's wait ID with another's token), and
     * beside them the call site the woven caller marked, if any. Written by this thread; read by others to
     * name a holder. Only an owner releases such a mutex, on this thread, so every hold recorded here leaves
     * with its release; a permit or stamp, which any thread may return, is never recorded.
     */
    private long[] held = new long[8];
    private String[] heldSites = new String[4];
    @SuppressWarnings("unused") // written and read through HELD_COUNT
    private int heldCount;

    /**
     * Where the program called the construct this thread is in, marked by woven code around the call
     * ({@link #markCallSite}); {@code null} outside such a call.
     */
    private String markedCallSite;
    /** What the hooks keep of a hand-over in progress on this thread ({@link #handOver}). */
    private Object handOver;

    private boolean inTool;
    /** The region this thread last took part in, so that taking part is recorded once per run of tasks. */
    private OmptParallel lastParallel;
    /** The region whose {@code parallel_end} is being dispatched on this thread, for its participants. */
    private OmptParallel endingParallel;
    /** The wait ID of a mutex acquisition in progress that has not blocked yet (0: none); see {@link OmptRuntime#mutexBlocked}. */
    private long pendingMutex;
    private int synchronizerDepth;
    /** The wait ID of the nest lock a condition wait released, to take again (0: not in a condition wait). */
    private long conditionLock;
    /** How many times the thread held that lock before the wait, as many as it takes again. */
    private int conditionHolds;
    /** Whether the condition wait is over and the thread is taking the lock again. */
    private boolean reacquiring;

    OmptThread(long id, OmptThreadType type, java.lang.Thread javaThread) {
        this.id = id;
        this.type = type;
        this.javaThread = new WeakReference<>(javaThread);
        this.name = javaThread.getName();
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

    /** The Java thread, or {@code null} once it has been collected. */
    public java.lang.Thread javaThread() {
        return javaThread.get();
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

    /** Enter a state that is not a wait. The hot path: a release store, no allocation. */
    public void setState(OmptState s) {
        STATE.setRelease(this, s.ordinal());
    }

    /** Enter a wait state; the wait ID is published before the state, as TR2 requires. */
    public void enterWait(OmptState s, long waitObjectId) {
        WAIT_ID.setRelease(this, waitObjectId);
        STATE.setRelease(this, s.ordinal());
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
     * stack as it was at some recent instant, and one racing with a push or pop may miss its top entry.
     */
    public int copyTaskStack(OmptTask[] tasksOut, int[] threadNumsOut) {
        OmptTask[] ts = tasks;
        int[] nums = threadNums;
        int n = Math.min(Math.min(depth, Math.min(ts.length, nums.length)), Math.min(tasksOut.length,
                threadNumsOut.length));
        int written = 0;
        for (int i = 0; i < n; i++) {
            OmptTask task = ts[i];
            if (task != null) {
                tasksOut[written] = task;
                threadNumsOut[written++] = nums[i];
            }
        }
        return written;
    }

    /** Start running {@code task} on this thread, as thread {@code threadNum} of its team. */
    public void pushTask(OmptTask task, int threadNum) {
        if (depth == tasks.length) {
            tasks = Arrays.copyOf(tasks, depth * 2);
            threadNums = Arrays.copyOf(threadNums, depth * 2);
            syncDepthAtStart = Arrays.copyOf(syncDepthAtStart, depth * 2);
            joins = Arrays.copyOf(joins, depth * 2);
        }
        tasks[depth] = task;
        joins[depth] = null;
        threadNums[depth] = threadNum;
        syncDepthAtStart[depth] = syncDepth;
        depth++;
        CURRENT_TASK.setRelease(this, task);
    }

    /** Stop running the current task; the one below it (if any) becomes current again. */
    public OmptTask popTask() {
        if (depth == 0) {
            throw new IllegalStateException("no task to end on thread " + id);
        }
        OmptTask ended = tasks[--depth];
        tasks[depth] = null;
        joins[depth] = null;
        CURRENT_TASK.setRelease(this, depth == 0 ? null : tasks[depth - 1]);
        return ended;
    }

    /**
     * What the current task joins while its taskwait is deferred (a fork/join join reports its taskwait only
     * once it waits: a join that runs the task it awaits itself is no wait), or null; any value the hooks choose.
     */
    public Object join() {
        return depth == 0 ? null : joins[depth - 1];
    }

    /** Set what the current task joins (see {@link #join}); null when the join is over. */
    public void setJoin(Object joined) {
        joins[depth - 1] = joined;
    }

    // ---- sync regions -----------------------------------------------------------------------------

    /**
     * Open a sync region of the current task. Regions nest (a barrier inside a reduction, a taskwait in a
     * task that runs while its thread waits at a barrier), so they form a stack beside the task stack.
     */
    void openSyncRegion(OmptSyncRegionKind kind, long codeptr) {
        if (syncDepth == syncKinds.length) {
            int n = syncDepth * 2;
            syncKinds = Arrays.copyOf(syncKinds, n);
            syncCodeptrs = Arrays.copyOf(syncCodeptrs, n);
            syncWaitIds = Arrays.copyOf(syncWaitIds, n);
            syncWaiting = Arrays.copyOf(syncWaiting, n);
        }
        syncKinds[syncDepth] = kind;
        syncCodeptrs[syncDepth] = codeptr;
        syncWaiting[syncDepth] = false;
        syncDepth++;
    }

    /** Close the innermost sync region. */
    void closeSyncRegion() {
        if (syncDepth == 0) {
            throw new IllegalStateException("no sync region to end on thread " + id);
        }
        syncKinds[--syncDepth] = null;
    }

    /** The kind of the innermost open sync region of the current task, or {@code null}. */
    public OmptSyncRegionKind syncRegion() {
        return syncDepth > currentSyncBase() ? syncKinds[syncDepth - 1] : null;
    }

    long syncCodeptr() {
        return syncCodeptrs[syncDepth - 1];
    }

    long syncWaitId() {
        return syncWaitIds[syncDepth - 1];
    }

    /** Whether the current task waits in its innermost sync region. */
    boolean syncWaiting() {
        return syncDepth > currentSyncBase() && syncWaiting[syncDepth - 1];
    }

    void setSyncWaiting(boolean waiting, long waitObjectId) {
        syncWaiting[syncDepth - 1] = waiting;
        syncWaitIds[syncDepth - 1] = waitObjectId;
    }

    private int currentSyncBase() {
        return depth == 0 ? 0 : syncDepthAtStart[depth - 1];
    }

    // ---- call sites of constructs in progress ------------------------------------------------------

    void pushConstruct(long codeptr) {
        if (constructDepth == constructCodeptrs.length) {
            constructCodeptrs = Arrays.copyOf(constructCodeptrs, constructDepth * 2);
        }
        constructCodeptrs[constructDepth++] = codeptr;
        lastConstructCodeptr = codeptr;
    }

    long popConstruct() {
        if (constructDepth == 0) {
            throw new IllegalStateException("no construct to end on thread " + id);
        }
        lastConstructCodeptr = constructCodeptrs[--constructDepth];
        return lastConstructCodeptr;
    }

    long lastConstructCodeptr() {
        return lastConstructCodeptr;
    }

    void setAcquireCodeptr(long codeptr) {
        acquireCodeptr = codeptr;
    }

    long acquireCodeptr() {
        return acquireCodeptr;
    }

    /**
     * This thread acquired the mutex {@code waitId} at {@code codeptr}, in the call marked now, if any
     * (owner thread only).
     */
    void hold(long waitId, long codeptr) {
        int n = heldCount;
        if (n == heldSites.length) {
            held = Arrays.copyOf(held, 4 * n);
            heldSites = Arrays.copyOf(heldSites, 2 * n);
        }
        held[2 * n] = waitId;
        held[2 * n + 1] = codeptr;
        heldSites[n] = markedCallSite;
        HELD_COUNT.setRelease(this, n + 1);
    }

    /**
     * This thread released the mutex {@code waitId} (owner thread only): its latest hold of it goes. A
     * release the runtime saw no acquisition of (a tool attached while the mutex was held) changes nothing.
     */
    void release(long waitId) {
        int n = heldCount;
        for (int i = n - 1; i >= 0; i--) {
            if (held[2 * i] == waitId) {
                if (i < n - 1) {
                    System.arraycopy(held, 2 * i + 2, held, 2 * i, 2 * (n - 1 - i));
                    System.arraycopy(heldSites, i + 1, heldSites, i, n - 1 - i);
                }
                heldSites[n - 1] = null;
                HELD_COUNT.setRelease(this, n - 1);
                return;
            }
        }
    }

    /**
     * Whether this thread holds the mutex {@code waitId}. Any thread may ask: a reader on another thread
     * sees the holds as they were at some recent instant or, racing with a release that moves entries down,
     * may miss one; enough to name the holder a waiter waits for, which is what it is for.
     */
    public boolean holds(long waitId) {
        return heldIndex(waitId) >= 0;
    }

    /**
     * Where this thread acquired the mutex {@code waitId} it holds, as {@link CallSites#describe} writes
     * it; {@code null} if it does not hold it or the call site is unknown. Any thread may ask, as with
     * {@link #holds}.
     */
    public String heldCallSite(long waitId) {
        String[] sites = heldSites;
        long[] pairs = held;
        int i = heldIndex(waitId);
        if (i < 0) {
            return null;
        }
        String marked = i < sites.length ? sites[i] : null;
        return marked != null ? marked : i < pairs.length / 2 ? CallSites.describe(pairs[2 * i + 1]) : null;
    }

    /** The wait IDs of the mutexes this thread holds, oldest first. Any thread may ask, as with {@link #holds}. */
    public long[] heldWaitIds() {
        long[] pairs = held;
        int n = Math.min((int) HELD_COUNT.getAcquire(this), pairs.length / 2);
        long[] ids = new long[n];
        for (int i = 0; i < n; i++) {
            ids[i] = pairs[2 * i];
        }
        return ids;
    }

    private int heldIndex(long waitId) {
        long[] pairs = held;
        int n = Math.min((int) HELD_COUNT.getAcquire(this), pairs.length / 2);
        for (int i = n - 1; i >= 0; i--) {
            if (pairs[2 * i] == waitId) {
                return i;
            }
        }
        return -1;
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

    long pendingMutex() {
        return pendingMutex;
    }

    void setPendingMutex(long waitId) {
        pendingMutex = waitId;
    }

    void beginConditionWait(long lockWaitId, int holds) {
        conditionLock = lockWaitId;
        conditionHolds = holds;
        reacquiring = false;
    }

    long conditionLock() {
        return conditionLock;
    }

    int conditionHolds() {
        return conditionHolds;
    }

    boolean reacquiring() {
        return reacquiring;
    }

    void setReacquiring() {
        reacquiring = true;
    }

    void endConditionWait() {
        conditionLock = 0;
    }

    void setAcquireContended(boolean contended) {
        acquireContended = contended;
    }

    /**
     * Whether the mutex this thread is acquiring, or acquired last, was already held when it reached
     * it: whether the acquisition really waits, although the state turns to a wait state either way.
     * False for an acquisition without a wait (a successful test). Owner thread only: set before the
     * {@code wait_*} event, so that listeners of that event and of the {@code acquired_*} event that
     * ends it read it on the same thread.
     */
    public boolean acquireContended() {
        return acquireContended;
    }

    /**
     * Marks (or, with {@code null}, unmarks) where the program calls a construct: the description of the
     * call site, as {@link CallSites#describe} writes it. Woven code marks before the call and unmarks
     * after it returns; a call that throws leaves its mark until the thread's next marked call.
     */
    public void markCallSite(String site) {
        markedCallSite = site;
    }

    /** The call site marked by {@link #markCallSite}, or {@code null}. */
    public String markedCallSite() {
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

    /** Mark the thread as running tool code; false if it already is (the event is then dropped). */
    boolean enterTool() {
        if (inTool) {
            return false;
        }
        inTool = true;
        return true;
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
