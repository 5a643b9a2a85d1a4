package io.github.ompt4j.omp;

import java.util.Arrays;

/**
 * The clauses of a {@code task} construct, as a reusable builder:
 * {@code Omp.task(new TaskOptions().in(a).out(b), () -> ...)}. Not thread-safe; the runtime copies what
 * it needs when the task is created.
 */
public final class TaskOptions {
    private static final Object[] NONE = {};

    boolean ifClause = true;
    boolean isFinal;
    boolean untied;
    boolean mergeable;
    Object[] in = NONE;
    Object[] out = NONE;

    /** {@code if(condition)}: false makes the task undeferred (its creator runs it at once). */
    public TaskOptions ifClause(boolean condition) {
        ifClause = condition;
        return this;
    }

    /** {@code final(condition)}: true makes every descendant an included task, run at once by its creator. */
    public TaskOptions finalClause(boolean condition) {
        isFinal = condition;
        return this;
    }

    /**
     * {@code untied}. A Java thread cannot move a suspended task to another thread, so an untied task
     * runs like a tied one; the clause is recorded (and reported to tools).
     */
    public TaskOptions untied() {
        untied = true;
        return this;
    }

    /** {@code mergeable}. Java tasks share no data environment to merge; the clause is recorded. */
    public TaskOptions mergeable() {
        mergeable = true;
        return this;
    }

    /** {@code depend(in: ...)}: runs after the previous sibling task with an out or inout on each object. */
    public TaskOptions in(Object... objects) {
        in = concat(in, objects);
        return this;
    }

    /** {@code depend(out: ...)}: runs after previous sibling tasks that read or write each object. */
    public TaskOptions out(Object... objects) {
        out = concat(out, objects);
        return this;
    }

    /** {@code depend(inout: ...)}: ordered like {@code out}. */
    public TaskOptions inout(Object... objects) {
        return out(objects);
    }

    boolean hasDependences() {
        return in.length + out.length > 0;
    }

    private static Object[] concat(Object[] a, Object[] b) {
        for (Object o : b) {
            if (o == null) {
                throw new NullPointerException("a task dependence object is null");
            }
        }
        Object[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}
