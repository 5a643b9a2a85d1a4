package io.github.ompt4j.omp;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

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
    /**
     * The nthreads-var ICV, a list for the nesting levels below this task: {@code nthreads[nthreadsIndex]}
     * is its value, the entries after it are for regions nested deeper. Every task has its own (OpenMP's
     * ICVs are part of a task's data environment): a task starts with its creator's, an implicit task with
     * its encountering task's from the next entry on. Lists are never written once shared; setting the
     * value copies.
     */
    private int[] nthreads;
    private int nthreadsIndex;

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

    /** nthreads-var of a task with no creator: the initial task. */
    final void initialNumThreads(int[] list) {
        nthreads = list;
        nthreadsIndex = 0;
    }

    /**
     * Takes {@code from}'s nthreads-var: its value for a task it creates; for an implicit task of a region
     * it encounters ({@code nested}), the next entry of its list if there is one. Writes only what changes,
     * like the rest of a hot team's reset.
     */
    final void inheritNumThreads(Task from, boolean nested) {
        int[] list = from.nthreads;
        int index = nested ? Math.min(from.nthreadsIndex + 1, list.length - 1) : from.nthreadsIndex;
        if (nthreads != list || nthreadsIndex != index) {
            nthreads = list;
            nthreadsIndex = index;
        }
    }

    final int numThreadsVar() {
        return nthreads[nthreadsIndex];
    }

    /** {@code omp_set_num_threads}: the first element of this task's list; the deeper levels keep theirs. */
    final void setNumThreadsVar(int n) {
        int[] list = Arrays.copyOfRange(nthreads, nthreadsIndex, nthreads.length);
        list[0] = n;
        nthreads = list;
        nthreadsIndex = 0;
    }
}
