package io.github.ompt4j.profile.model;

import java.util.Objects;

/**
 * One frame of a folded stack: a name and what kind of frame it is. Java frames are named
 * {@code package.Class.method}; artificial frames {@code <OMP-idle>}, {@code <OMP-lock_wait>} …; thread frames
 * {@code [name tid=N]}. Immutable; equal when name and kind are.
 */
public final class Frame {
    private final String name;
    private final FrameKind kind;

    public Frame(String name, FrameKind kind) {
        this.name = Objects.requireNonNull(name, "name");
        this.kind = Objects.requireNonNull(kind, "kind");
    }

    /** A Java method, {@code package.Class.method}. */
    public static Frame java(String name) {
        return new Frame(name, FrameKind.JAVA);
    }

    /** The root frame of a thread's stacks, {@code [name tid=N]} (N: the Java thread ID). */
    public static Frame thread(ProfileThread thread) {
        return new Frame("[" + thread.name() + " tid=" + thread.javaThreadId() + "]", FrameKind.THREAD);
    }

    public String name() {
        return name;
    }

    public FrameKind kind() {
        return kind;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Frame && ((Frame) o).name.equals(name) && ((Frame) o).kind == kind;
    }

    @Override
    public int hashCode() {
        return name.hashCode() * 31 + kind.ordinal();
    }

    @Override
    public String toString() {
        return name;
    }
}
