package io.github.ompt4j.omp;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** What implicit and explicit tasks share: the binding team, children, taskgroups and dependences. */
abstract class Task {
    private static final VarHandle CHILDREN;

    static {
        try {
            CHILDREN = MethodHandles.lookup().findVarHandle(Task.class, "children", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Child tasks not yet completed; {@code taskwait} waits for zero. A field, not an object: tasks are many. */
    private volatile int children;
    Team team;
    Task parent;
    /** The taskgroup this task belongs to (inherited from its creator), or null. */
    TaskGroup group;
    /** The innermost taskgroup region this task is executing, or null. */
    TaskGroup openGroup;
    /** A final task's descendants are included: executed at once by their creator. */
    boolean isFinal;
    /**
     * A slot for an instrumentation agent's data about this task ({@code task_data} in OpenMP's tool
     * interface). The runtime never reads or writes it.
     */
    Object toolData;
    /** Dependences among this task's children; only this task's executing thread touches it. */
    private Dependences dependences;

    final int children() {
        return children;
    }

    final void addChildren(int delta) {
        CHILDREN.getAndAdd(this, delta);
    }

    /** The taskgroup that a child created now belongs to. */
    final TaskGroup groupForChildren() {
        return openGroup != null ? openGroup : group;
    }

    final Dependences dependences() {
        if (dependences == null) {
            dependences = new Dependences();
        }
        return dependences;
    }

    /** Forgets dependences once every child has completed: no later child can depend on them. */
    final void clearDependences() {
        if (dependences != null) {
            dependences = null;
        }
    }
}
