package io.github.ompt4j.model;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One task region: initial, implicit (one per thread of a team) or explicit. The parent link makes
 * {@code ompt_get_task_info(level)} work even when a task runs on another thread than its parent. The
 * frame is written by the runtime while the task runs and read racily by tools, as TR2 allows; it is made when
 * first asked for (a tool's {@code task_begin} or inquiry), since most tasks of a fine-grained program are never
 * asked about.
 */
public final class OmptTask {
    private static final VarHandle CLAIMED;
    private static final VarHandle FRAME;

    static {
        try {
            CLAIMED = MethodHandles.lookup().findVarHandle(OmptTask.class, "claimed", int.class);
            FRAME = MethodHandles.lookup().findVarHandle(OmptTask.class, "frame", OmptFrame.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final long id;
    private final OmptTaskType type;
    private final int flags;
    private final OmptParallel parallel;
    private final OmptTask parent;
    /** Null until {@link #frame} is first asked for; then set once, by whichever thread asked first. */
    private volatile OmptFrame frame;
    private final boolean endsRegion;
    /** 1 once claimed; an int, whose compare-and-set is one instruction (the JDK ran a boolean one as a loop over an int one). */
    @SuppressWarnings("unused") // written and read through CLAIMED
    private int claimed;
    /**
     * The task below this one on the stack of the thread that runs it ({@link OmptThread#pushTask}), and what this
     * task joins while its taskwait is deferred ({@link OmptThread#join}): kept here, not in arrays of the thread's,
     * because a reference stored into a long-lived object passes G1's post-write barrier, which fences the
     * processor when the value lies in another region (about 10 ns, one per task start and per join); the task is
     * young while it runs, and a store into a young object is filtered before the fence. Written by the running
     * thread only, before the release store that makes the task current.
     */
    OmptTask below;
    Object join;

    OmptTask(long id, OmptTaskType type, int flags, OmptParallel parallel, OmptTask parent) {
        this(id, type, flags, parallel, parent, false);
    }

    OmptTask(long id, OmptTaskType type, int flags, OmptParallel parallel, OmptTask parent, boolean endsRegion) {
        this.id = id;
        this.type = type;
        this.flags = flags;
        this.parallel = parallel;
        this.parent = parent;
        this.endsRegion = endsRegion;
    }

    /**
     * Whether the task is the root of a region that ends when it completes, on whatever thread completes
     * it (a submission to a {@code ForkJoinPool}), rather than when its encountering thread joins.
     */
    public boolean endsRegion() {
        return endsRegion;
    }

    /**
     * Claims the task's one outcome for the caller: to start it, or to end it as cancelled without it having
     * run. True for the first claim only, whatever thread makes it: a task announced to a framework that may
     * run it on one thread while another cancels it is started or cancelled, never both.
     */
    public boolean claim() {
        return CLAIMED.compareAndSet(this, 0, 1);
    }

    /** Whether the task's outcome was claimed ({@link #claim}): it started, or ended as cancelled. */
    public boolean claimed() {
        return (int) CLAIMED.getAcquire(this) != 0;
    }

    public long id() {
        return id;
    }

    public OmptTaskType type() {
        return type;
    }

    /** {@link OmptTaskFlag} bits of an explicit task; 0 for other tasks. */
    public int flags() {
        return flags;
    }

    /** The region the task belongs to, {@code null} outside any region. */
    public OmptParallel parallel() {
        return parallel;
    }

    /**
     * The parent: for an explicit task the task that created it, for an implicit task the task that
     * encountered its region, {@code null} for an initial task.
     */
    public OmptTask parent() {
        return parent;
    }

    public OmptFrame frame() {
        OmptFrame f = frame;
        if (f == null) {
            OmptFrame made = new OmptFrame();
            OmptFrame before = (OmptFrame) FRAME.compareAndExchange(this, (OmptFrame) null, made);
            f = before == null ? made : before;
        }
        return f;
    }

    /** The task {@code level} levels up (0 is this one), or {@code null} beyond. */
    public OmptTask ancestor(int level) {
        OmptTask t = this;
        for (int i = 0; i < level && t != null; i++) {
            t = t.parent;
        }
        return level < 0 ? null : t;
    }

    /** The ID of the task's region, 0 outside any region. */
    public long parallelId() {
        return parallel == null ? 0 : parallel.id();
    }
}
