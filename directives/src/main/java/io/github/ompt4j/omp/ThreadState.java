package io.github.ompt4j.omp;

/**
 * What the runtime knows about one thread: the innermost team it belongs to, its implicit task there, the
 * task it is executing, and reusable per-thread scratch (the teams it forks, the loops it is running).
 * Only its own thread writes it, except {@link #parked}, which wakers read.
 *
 * <p>Workers carry their state in a field; other threads (the initial thread and any thread the
 * application created) find theirs in a thread-local, created on first use with an initial team of one.
 */
final class ThreadState {
    private static final ThreadLocal<ThreadState> OTHER_THREADS =
            ThreadLocal.withInitial(() -> new ThreadState(Thread.currentThread()));

    final Thread thread;
    /** The innermost team and this thread's implicit task in it. */
    Team team;
    ImplicitTask member;
    /** The task this thread is executing: {@link #member} or an explicit task. */
    Task task;
    /** Set while this thread is parked, or about to, in a wait that a waker must unpark. */
    volatile boolean parked;
    /** An interrupt that a wait put aside to park ({@link Spin#parkInterruptAside}); pending again when it ends. */
    boolean interruptAside;

    /** Teams this thread forked, by nesting level, reused region after region (hot teams). */
    private Team[] forked = new Team[4];
    private LoopScheduler[] loops = new LoopScheduler[2];
    private int loopDepth;

    ThreadState(Thread thread) {
        this.thread = thread;
        if (!(thread instanceof Worker)) {
            Team initial = Team.initial(this);
            enter(initial.members[0]);
        }
    }

    /** Ends a wait: an interrupt put aside during it is pending again. */
    void restoreInterrupt() {
        if (interruptAside) {
            interruptAside = false;
            thread.interrupt();
        }
    }

    static ThreadState current() {
        Thread t = Thread.currentThread();
        return t instanceof Worker ? ((Worker) t).state : OTHER_THREADS.get();
    }

    void enter(ImplicitTask implicitTask) {
        team = implicitTask.team;
        member = implicitTask;
        task = implicitTask;
    }

    /** The team this thread forks at {@code level}, created on first use. */
    Team forkedTeam(int level) {
        if (level >= forked.length) {
            Team[] bigger = new Team[Math.max(level + 1, forked.length * 2)];
            System.arraycopy(forked, 0, bigger, 0, forked.length);
            forked = bigger;
        }
        Team t = forked[level];
        if (t == null) {
            t = new Team(level);
            forked[level] = t;
        }
        return t;
    }

    /** A loop scheduler for a loop starting now; nested regions run loops inside loops on one thread. */
    LoopScheduler pushLoop() {
        if (loopDepth == loops.length) {
            LoopScheduler[] bigger = new LoopScheduler[loops.length * 2];
            System.arraycopy(loops, 0, bigger, 0, loops.length);
            loops = bigger;
        }
        LoopScheduler loop = loops[loopDepth];
        if (loop == null) {
            loop = new LoopScheduler();
            loops[loopDepth] = loop;
        }
        loopDepth++;
        return loop;
    }

    void popLoop() {
        loopDepth--;
    }

    /** The innermost running loop, or null. */
    LoopScheduler currentLoop() {
        return loopDepth == 0 ? null : loops[loopDepth - 1];
    }
}
