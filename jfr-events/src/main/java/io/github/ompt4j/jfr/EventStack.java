package io.github.ompt4j.jfr;

import java.util.Arrays;
import java.util.function.Supplier;
import jdk.jfr.Event;

/**
 * One thread's open spans of one duration event type, innermost last (implicit tasks of nested regions,
 * sync regions inside tasks inside barriers ...). The event objects are reused: a level keeps its object,
 * which is begun again the next time the level opens, so a thread allocates only when its nesting first
 * outgrows the levels it has, which then double. A duration event may be reused because
 * {@link Event#begin()} and {@link Event#end()} overwrite its start and duration.
 *
 * <p>Every level has its event from the moment the level exists, so opening one only reads the array. The
 * callbacks that open levels run on the runtime's hottest paths (every task switch); a level created on
 * first use stored into an array whose type differs between the stacks, the compiled callbacks speculated on
 * that store's type, and the speculation failed whenever a thread first nested deeper: the compiled code was
 * thrown away and compiled again (seen seconds into n-queens).
 *
 * <p>A level opens even when the type is off, closed, so that ends always pop the level their begin
 * pushed; only a level that was begun reads the clock again at its end. Thread-confined.
 */
final class EventStack<E extends Event> {
    private final Supplier<E> factory;
    private E[] events;
    private boolean[] begun;
    private int depth;

    EventStack(Supplier<E> factory, E[] initial) {
        this.factory = factory;
        this.events = initial;
        this.begun = new boolean[initial.length];
        fillFrom(0);
    }

    /** Open a level without beginning it: a placeholder that {@link #beginTop} begins later. */
    void open() {
        slot();
        begun[depth++] = false;
    }

    /** The innermost open level's event, begun or not (its fields are what its opener last wrote), or null. */
    E innermost() {
        return depth == 0 ? null : events[depth - 1];
    }

    /**
     * Open a level. Returns its event, begun, for the caller to fill in; or {@code null} if the type is off
     * or {@code allowed} is false (the tool is paused), in which case the clock was not read.
     */
    E begin(boolean allowed) {
        E e = slot();
        boolean on = allowed && e.isEnabled();
        begun[depth++] = on;
        if (on) {
            e.begin();
            return e;
        }
        return null;
    }

    private E slot() {
        if (depth == events.length) {
            grow();
        }
        return events[depth];
    }

    private void grow() {
        events = Arrays.copyOf(events, depth * 2);
        begun = Arrays.copyOf(begun, depth * 2);
        fillFrom(depth);
    }

    private void fillFrom(int level) {
        for (int i = level; i < events.length; i++) {
            events[i] = factory.get();
        }
    }

    /**
     * Close the innermost level. Returns its event, ended, if it was begun and passes its threshold: the
     * caller commits it. {@code null} when there is nothing to commit (or no level: an end whose begin this
     * tool did not see).
     */
    E end() {
        if (depth == 0) {
            return null;
        }
        E e = events[--depth];
        if (!begun[depth]) {
            return null;
        }
        begun[depth] = false;
        e.end();
        return e.shouldCommit() ? e : null;
    }

    /** Like {@link #end}, but the level stays open, closed, for {@link #beginTop}. */
    E endTop() {
        if (depth == 0 || !begun[depth - 1]) {
            return null;
        }
        E e = events[depth - 1];
        begun[depth - 1] = false;
        e.end();
        return e.shouldCommit() ? e : null;
    }

    /** Begin the innermost level again (it must be closed); like {@link #begin} without pushing. */
    E beginTop(boolean allowed) {
        if (depth == 0) {
            return null;
        }
        E e = events[depth - 1];
        boolean on = allowed && e.isEnabled();
        begun[depth - 1] = on;
        if (on) {
            e.begin();
            return e;
        }
        return null;
    }
}
