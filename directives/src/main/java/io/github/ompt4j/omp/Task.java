package io.github.ompt4j.omp;

import java.util.concurrent.atomic.AtomicInteger;

/** What implicit and explicit tasks share: the binding team, children, taskgroups and dependences. */
abstract class Task {
    /** Child tasks not yet completed; {@code taskwait} waits for zero. */
    final AtomicInteger children = new AtomicInteger();
    Team team;
    Task parent;
    /** The taskgroup this task belongs to (inherited from its creator), or null. */
    TaskGroup group;
    /** The innermost taskgroup region this task is executing, or null. */
    TaskGroup openGroup;
    /** A final task's descendants are included: executed at once by their creator. */
    boolean isFinal;
    /** Dependences among this task's children; only this task's executing thread touches it. */
    private Dependences dependences;

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
        dependences = null;
    }
}
