package io.github.ompt4j.omp;

/**
 * What the runtime knows about one thread: the innermost team it belongs to, its implicit task there, the
 * task it is executing, and reusable per-thread scratch (the teams it forks, the loops it is running).
 * Only its own thread writes it, except {@link #parked}, which wakers read.
 *
 * <p>The fields its thread writes (several times a region) and the ones other threads read (the parked
 * flag, which a barrier's opener and a forking master look at every region) are on cache lines of their
 * own, padded on both sides by the classes below: sharing a line, every read by a waker fetched the line
 * from the owner's cache and every later write of the owner fetched it back, two transfers a region on the
 * path between fork and join.
 *
 * <p>Workers carry their state in a field; other threads (the initial thread and any thread the
 * application created) find theirs in a thread-local, created on first use with an initial team of one.
 */
final class ThreadState extends ThreadStatePadAfter {
    private static final ThreadLocal<ThreadState> OTHER_THREADS =
            ThreadLocal.withInitial(() -> new ThreadState(Thread.currentThread()));

    ThreadState(Thread thread) {
        super(thread);
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

/**
 * Cache-line padding ahead of the fields other threads read. The int fills the gap after the object
 * header, where the JVM would otherwise place a field of a subclass (it fills a superclass's gaps).
 */
abstract class ThreadStatePadBefore {
    int p00;
    long p01, p02, p03, p04, p05, p06, p07, p08;
}

/** What wakers read: a flag and a thread, which fill eight bytes (no gap for a subclass's field). */
abstract class ThreadStateShared extends ThreadStatePadBefore {
    /** Set while this thread is parked, or about to, in a wait that a waker must unpark. */
    volatile boolean parked;
    final Thread thread;

    ThreadStateShared(Thread thread) {
        this.thread = thread;
    }
}

abstract class ThreadStatePadMiddle extends ThreadStateShared {
    long p11, p12, p13, p14, p15, p16, p17, p18;

    ThreadStatePadMiddle(Thread thread) {
        super(thread);
    }
}

/** What only the thread itself reads and writes. */
abstract class ThreadStateOwned extends ThreadStatePadMiddle {
    /** The innermost team and this thread's implicit task in it. */
    Team team;
    ImplicitTask member;
    /** The task this thread is executing: {@link #member} or an explicit task. */
    Task task;
    /** An interrupt that a wait put aside to park ({@link Spin#parkInterruptAside}); pending again when it ends. */
    boolean interruptAside;
    /** Teams this thread forked, by nesting level, reused region after region (hot teams). */
    Team[] forked = new Team[4];
    LoopScheduler[] loops = new LoopScheduler[2];
    int loopDepth;

    ThreadStateOwned(Thread thread) {
        super(thread);
    }
}

/** Cache-line padding after the owner's fields, which the next object in the heap may otherwise share. */
abstract class ThreadStatePadAfter extends ThreadStateOwned {
    long p21, p22, p23, p24, p25, p26, p27, p28;

    ThreadStatePadAfter(Thread thread) {
        super(thread);
    }
}
