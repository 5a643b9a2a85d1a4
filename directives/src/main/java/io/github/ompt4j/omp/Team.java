package io.github.ompt4j.omp;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A team: the threads executing one parallel region, and everything they share.
 *
 * <p>A thread keeps the teams it forks, one per nesting level, and reuses them region after region. A
 * top-level team (level 1) also keeps its workers between regions (a hot team): they wait in their dock
 * ({@link Worker#idle}) until the next fork hands them a new region. Nested teams borrow workers from the
 * {@link ThreadPool} at fork and return them at join. The pool may take an idle hot worker for another
 * team when it has no free one, so the threads of hot teams whose masters have ended are reused, not
 * leaked.
 *
 * <p>Failure: the first exception of any member (or of a task) marks the team failed and unparks
 * everyone; every wait of the team checks the mark and throws {@link #ABORTED}. At join the master waits
 * until every worker has left the region, then rethrows the first exception with the others attached as
 * suppressed. Recording a failure loads no class, calls nothing and allocates nothing before the mark is
 * set: the failure may be a stack overflow or an exhausted heap, in which any of those can fail again.
 */
final class Team {
    /** Cache-line padding of per-member reduction slots: 8 longs or 16 compressed references. */
    static final int LONG_PAD = 8;
    static final int REF_PAD = 16;
    /** Failures a region keeps, in all: the first, rethrown, and the next ones, attached to it as suppressed. */
    static final int KEPT_FAILURES = 64;
    /**
     * The one abort, created with the first team rather than at the first failure: a failure from a stack
     * overflow cannot initialize a class (its initializer would overflow too, and the class would stay
     * unusable for the rest of the program).
     */
    static final TeamAbortedException ABORTED = new TeamAbortedException();

    final int level;
    final Barrier barrier = new Barrier(this);
    final WorkShare[] workShares = new WorkShare[WorkShare.SLOTS];
    /** Single constructs claimed so far: a member wins single number k by moving it from k to k + 1. */
    final AtomicLong singles = new AtomicLong();
    /** Set when the region creates its first explicit task: until then barriers skip the task checks. */
    volatile boolean hasTasks;
    /** The spin limit of waits in this region (see {@link Spin}), fixed at fork. */
    int spinLimit;
    /** The counters of the members are inconsistent (a failure, or a new size): restart them at fork. */
    private boolean restartCounters = true;
    /** Reduction and broadcast buffers, two of each, used alternately (see {@link Reducer}). */
    final long[][] longSlots = new long[2][];
    final Object[][] refSlots = new Object[2][];
    /** Each member's contribution to a {@code parallel reduction} region (see {@link Reducer}). */
    long[] regionSlots;
    /** Arguments of combined constructs run by this team (see {@link CombinedRegion}). */
    final CombinedRegion combined = new CombinedRegion();

    volatile boolean failed;
    /** The region's failures, first first; guarded by itself. */
    private final Throwable[] failures = new Throwable[KEPT_FAILURES];
    private int failureCount;

    /**
     * A slot for an instrumentation agent's data about the current region (what OpenMP's tool interface
     * calls {@code parallel_data}). The runtime never reads or writes it.
     */
    Object toolData;

    int size;
    private int previousSize;
    int activeLevel;
    Team parent;
    int parentTid;
    /** The region's body; kept after the region (not cleared: that would dirty this line every time). */
    Runnable body;
    ImplicitTask[] members = new ImplicitTask[0];
    /** The workers of the current region; a hot team keeps more, idle, beyond {@link #workerCount}. */
    private Worker[] workers = new Worker[0];
    private int workerCount;

    Team(int level) {
        this.level = level;
        for (int i = 0; i < workShares.length; i++) {
            workShares[i] = new WorkShare();
        }
    }

    /** The initial team of a thread that is not a worker: a team of one at level 0. */
    static Team initial(ThreadState ts) {
        Team team = new Team(0);
        team.size = 1;
        team.spinLimit = Spin.limit();
        team.ensureMembers(1);
        team.members[0].thread = ts;
        team.members[0].initialNumThreads(Icvs.global().numThreads());
        return team;
    }

    /**
     * Runs a parallel region: the encountering thread forks a team, executes its own implicit task, and
     * joins. Rethrows the first exception of any member.
     */
    static void parallel(int requested, boolean ifClause, Runnable body) {
        ThreadState ts = ThreadState.current();
        Team outerTeam = ts.team;
        ImplicitTask outerMember = ts.member;
        Task outerTask = ts.task;
        Team team = fork(ts, requested, ifClause, body);
        try {
            team.members[0].run(ts);
        } catch (Throwable e) {
            // The implicit task records the region's failures; this one escaped the recording (a stack
            // overflow in it, when the region was forked deep in a stack), and the join must still see it.
            team.fail(e);
        } finally {
            ts.team = outerTeam;
            ts.member = outerMember;
            ts.task = outerTask;
        }
        team.join();
    }

    /** Chooses the team size, prepares the team and releases its workers. */
    static Team fork(ThreadState ts, int requested, boolean ifClause, Runnable body) {
        Team outer = ts.team;
        int wanted = 1;
        if (ifClause && outer.activeLevel < Icvs.global().maxActiveLevels()) {
            wanted = requested > 0 ? requested : ts.task.numThreadsVar();
        }
        int reserved = wanted > 1 ? ThreadPool.reserve(wanted - 1) : 0;
        Team team = ts.forkedTeam(outer.level + 1);
        // Before the region begins, so that it begins with the size it gets: a worker the pool cannot
        // start leaves the region smaller, and its reservation is returned at once.
        int workers = team.gatherWorkers(reserved);
        if (workers < reserved) {
            ThreadPool.unreserve(reserved - workers);
        }
        // The size asked for: the program's, even when nesting serializes the region; 1 under if(false).
        int asked = !ifClause ? 1 : requested > 0 ? requested : ts.task.numThreadsVar();
        team.begin(ts, asked, workers + 1, body);
        return team;
    }

    /**
     * Weave point: parallel begin, on the master, before any worker is released. {@code requested} is
     * the team size the program asked for (1 under a false if clause), {@code n} the size the team got.
     */
    private void begin(ThreadState master, int requested, int n, Runnable regionBody) {
        Team outer = master.team;
        // Written only when they change, like ImplicitTask.reset: hot regions leave this line clean.
        int active = outer.activeLevel + (n > 1 ? 1 : 0);
        if (size != n || parent != outer || parentTid != master.member.tid || activeLevel != active) {
            size = n;
            parent = outer;
            parentTid = master.member.tid;
            activeLevel = active;
        }
        if (body != regionBody) {
            body = regionBody;
        }
        ensureMembers(n);
        for (int i = 0; i < n; i++) {
            members[i].reset(master.task);
        }
        if (restartCounters || n != previousSize) {
            for (int i = 0; i < n; i++) {
                members[i].restart();
            }
            for (int i = 0; i < workShares.length; i++) {
                workShares[i].reset(i, n);
            }
            singles.set(0);
            restartCounters = false;
        }
        if (previousSize != n) {
            previousSize = n;
        }
        if (hasTasks) {
            hasTasks = false;
        }
        int limit = Spin.limit();
        if (spinLimit != limit) {
            spinLimit = limit;
        }
        if (longSlots[0] == null || longSlots[0].length < n * LONG_PAD) {
            for (int i = 0; i < 2; i++) {
                longSlots[i] = new long[n * LONG_PAD];
                refSlots[i] = new Object[(n + 1) * REF_PAD];
            }
            regionSlots = new long[n * LONG_PAD];
        }
        if (members[0].thread != master) {
            members[0].thread = master;
        }
        bindWorkers(n - 1);
    }

    private void ensureMembers(int n) {
        if (members.length < n) {
            ImplicitTask[] bigger = new ImplicitTask[n];
            System.arraycopy(members, 0, bigger, 0, members.length);
            for (int i = members.length; i < n; i++) {
                bigger[i] = new ImplicitTask(this, i);
            }
            members = bigger;
        }
    }

    /**
     * Takes up to {@code count} workers for the next region into {@link #workers}: a hot team the ones it
     * had, unless the pool gave them to another team, then any the pool has or can start. Returns how
     * many it got: fewer than {@code count} only if the pool could not start a thread.
     */
    private int gatherWorkers(int count) {
        if (workers.length < count) {
            Worker[] bigger = new Worker[count];
            System.arraycopy(workers, 0, bigger, 0, workers.length);
            workers = bigger;
        }
        for (int i = 0; i < count; i++) {
            if (level != 1 || workers[i] == null || !workers[i].reclaim()) {
                workers[i] = ThreadPool.acquire();
                if (workers[i] == null) {
                    return i;
                }
            }
        }
        return count;
    }

    /** Hands the gathered workers their member numbers, which releases them into the region. */
    private void bindWorkers(int count) {
        for (int i = 0; i < count; i++) {
            if (members[i + 1].thread != workers[i].state) {
                members[i + 1].thread = workers[i].state;
            }
        }
        if (workerCount != count) {
            workerCount = count;
        }
        for (int i = 0; i < count; i++) {
            workers[i].assign(this, i + 1);
        }
    }

    /** Weave point: parallel end. Returns borrowed workers and rethrows a failure. */
    void join() {
        if (failed) {
            for (int i = 0; i < workerCount; i++) {
                int spins = 0;
                while (!workers[i].isIdle()) {
                    spins = Spin.pause(null, spins, 0);
                }
            }
        }
        for (int i = 0; i < workerCount; i++) {
            if (level == 1) {
                workers[i].keepHot();
            } else {
                ThreadPool.release(workers[i]);
                workers[i] = null;
            }
        }
        ThreadPool.unreserve(workerCount);
        if (failed) {
            rethrowFailure();
        }
    }

    private void rethrowFailure() {
        barrier.reset();
        for (int i = 0; i < size; i++) {
            members[i].queue.clear();
        }
        restartCounters = true;
        // Every worker has left the region: no failure can be recorded meanwhile. The team is reset before
        // anything that allocates, which may fail too when the failure was an exhausted heap.
        int n;
        synchronized (failures) {
            n = failureCount;
            failureCount = 0;
        }
        failed = false;
        Throwable first = failures[0];
        try {
            for (int i = 1; i < n; i++) {
                if (failures[i] != first) {
                    first.addSuppressed(failures[i]);
                }
            }
        } finally {
            Arrays.fill(failures, 0, n, null);
        }
        throw Team.<RuntimeException>sneaky(first);
    }

    /** Rethrows any throwable, checked ones included, without wrapping: the caller's exception, intact. */
    @SuppressWarnings("unchecked")
    static <T extends Throwable> T sneaky(Throwable t) throws T {
        throw (T) t;
    }

    /** Records a member's or a task's failure and releases every waiting member. */
    void fail(Throwable e) {
        if (e == ABORTED) {
            return;
        }
        synchronized (failures) {
            if (failureCount < failures.length) {
                failures[failureCount++] = e;
            }
        }
        failed = true;
        unparkAll();
    }

    void checkFailed() {
        if (failed) {
            throw ABORTED;
        }
    }

    void unparkAll() {
        for (int i = 0; i < size; i++) {
            ThreadState t = members[i].thread;
            if (t.parked) {
                LockSupport.unpark(t.thread);
            }
        }
    }

    /** True when every explicit task created in the team has completed. */
    boolean tasksQuiescent() {
        if (!hasTasks) {
            return true;
        }
        // Completions first: a task's children are created before it completes, so a completion seen
        // here makes the creations it depends on visible to the second loop.
        long completed = 0;
        for (int i = 0; i < size; i++) {
            completed += members[i].tasksCompleted;
        }
        long created = 0;
        for (int i = 0; i < size; i++) {
            created += members[i].tasksCreated;
        }
        return created == completed;
    }

    /** True when some member's queue holds a task. */
    boolean anyQueued() {
        for (int i = 0; i < size; i++) {
            if (!members[i].queue.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /** Wakes one parked member, if any, to run a task that became ready. */
    void unparkOne() {
        for (int i = 0; i < size; i++) {
            ThreadState t = members[i].thread;
            if (t.parked) {
                LockSupport.unpark(t.thread);
                return;
            }
        }
    }
}
