package io.github.ompt4j.profile.jfr;

/**
 * One {@code ompt.Origin} event: the thread that entered a region, or created a task from serial code, and its
 * stack there, the master call-stack preface of the work that follows.
 */
public final class Origin {
    public final ThreadRecord thread;
    /** The stack trace's index in {@link StackTable}, -1 if the event has none. */
    public final int stack;

    Origin(ThreadRecord thread, int stack) {
        this.thread = thread;
        this.stack = stack;
    }
}
