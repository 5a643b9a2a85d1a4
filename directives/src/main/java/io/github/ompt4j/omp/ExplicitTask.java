package io.github.ompt4j.omp;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * An explicit task: a body, its place in the task tree, and its dependence edges.
 *
 * <p>Successors form a lock-free stack in {@code successors}; completion swaps in {@link #DONE}, after
 * which no edge can be added (a task created later no longer needs to wait for this one).
 * {@code unresolved} counts the predecessors still running plus one held by the creator until the task
 * is fully registered, so a task never starts while its edges are being added.
 */
final class ExplicitTask extends Task {
    private static final Node DONE = new Node(null, null);
    private static final VarHandle SUCCESSORS;
    private static final VarHandle UNRESOLVED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            SUCCESSORS = lookup.findVarHandle(ExplicitTask.class, "successors", Node.class);
            UNRESOLVED = lookup.findVarHandle(ExplicitTask.class, "unresolved", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static final class Node {
        final ExplicitTask task;
        final Node next;

        Node(ExplicitTask task, Node next) {
            this.task = task;
            this.next = next;
        }
    }

    /** Dropped once run, with whatever it captured: the task may stay reachable for a while after. */
    private Runnable body;
    final boolean untied;
    final boolean mergeable;
    /** Run at once by its creator; a resolved dependence does not queue it. */
    final boolean undeferred;
    /**
     * Whether the task was created with depend clauses: only such tasks enter the parent's
     * {@link Dependences}, so only they can have predecessors or successors. The others skip both
     * atomics.
     */
    final boolean hasDependences;
    private volatile int unresolved;
    @SuppressWarnings("unused") // accessed through SUCCESSORS
    private volatile Node successors;

    ExplicitTask(Task creator, Runnable body, boolean isFinal, boolean untied, boolean mergeable,
            boolean undeferred, boolean hasDependences) {
        this.team = creator.team;
        this.parent = creator;
        this.group = creator.groupForChildren();
        inheritNumThreads(creator, false);
        this.body = body;
        this.isFinal = isFinal;
        this.untied = untied;
        this.mergeable = mergeable;
        this.undeferred = undeferred;
        this.hasDependences = hasDependences;
        this.unresolved = hasDependences ? 1 : 0;
    }

    /** Makes {@code successor} wait for this task unless this task has already completed. */
    void addSuccessor(ExplicitTask successor) {
        if (successor == this) {
            return;
        }
        UNRESOLVED.getAndAdd(successor, 1);
        for (;;) {
            Node head = (Node) SUCCESSORS.getVolatile(this);
            if (head == DONE) {
                successor.resolveOne();
                return;
            }
            if (SUCCESSORS.compareAndSet(this, head, new Node(successor, head))) {
                return;
            }
        }
    }

    /** Counts one predecessor (or the creator's hold) as done; true when none is left. */
    boolean resolveOne() {
        return (int) UNRESOLVED.getAndAdd(this, -1) == 1;
    }

    boolean isResolved() {
        return unresolved == 0;
    }

    /** True once a task with dependences has completed (only those track completion). */
    boolean isComplete() {
        return SUCCESSORS.getVolatile(this) == DONE;
    }

    /**
     * Weave point: task schedule (switch to this task), and task end on return. A failure is recorded on
     * the team before the task counts as complete, so the barrier that waits for it cannot miss it; in an
     * initial team (no region to report to) it is rethrown to the creator.
     */
    void run(ThreadState ts) {
        Task prior = ts.task;
        ts.task = this;
        Throwable failure = null;
        try {
            body.run();
        } catch (Throwable e) {
            failure = e;
        } finally {
            ts.task = prior;
        }
        // What the body captured, and the dependences among its children, are garbage now; this object
        // may still be reachable as a sibling's predecessor or as its children's parent.
        body = null;
        clearDependences();
        if (failure != null && team.level > 0) {
            team.fail(failure);
        }
        complete(ts);
        if (failure != null && team.level == 0) {
            throw Team.<RuntimeException>sneaky(failure);
        }
    }

    /** Weave point: the task will never run (its team failed and dropped it); OMPT reports it cancelled. */
    void discarded() {
        // Only marks the event for the weaving.
    }

    private void complete(ThreadState ts) {
        if (hasDependences) {
            Node n = (Node) SUCCESSORS.getAndSet(this, DONE);
            for (; n != null; n = n.next) {
                ExplicitTask s = n.task;
                if (s.resolveOne() && !s.undeferred) {
                    Tasking.schedule(ts, s);
                }
            }
        }
        if (undeferred) {
            return; // counted nowhere: see Tasking.create
        }
        if (group != null) {
            group.pending.decrementAndGet();
        }
        parent.addChildren(-1);
        // A volatile write, ordered before the barrier's read of the arrivals that follows it.
        ImplicitTask member = ts.member;
        member.tasksCompleted = member.tasksCompleted + 1;
    }
}
