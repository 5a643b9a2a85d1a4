package io.github.ompt4j.profile.model;

import java.util.Objects;

/**
 * A thread of the recording: JFR's identity of it (Java thread ID, OS thread ID, name) and, when the OpenMP
 * runtime knew it, its OMPT thread ID and type ({@code initial}, {@code worker}, {@code other}). Immutable.
 */
public final class ProfileThread {
    private final long javaThreadId;
    private final long osThreadId;
    private final String name;
    private final long ompThreadId;
    private final String ompType;

    /**
     * @param javaThreadId JFR's Java thread ID, 0 for a thread that has none (a native thread)
     * @param osThreadId   the OS thread ID, 0 when unknown, -1 for a virtual thread
     * @param name         the Java name, or the OS name for a native thread; never {@code null}
     * @param ompThreadId  the OMPT thread ID, 0 if the runtime did not know the thread
     * @param ompType      {@code initial}, {@code worker} or {@code other}; empty if the runtime did not know it
     */
    public ProfileThread(long javaThreadId, long osThreadId, String name, long ompThreadId, String ompType) {
        this.javaThreadId = javaThreadId;
        this.osThreadId = osThreadId;
        this.name = Objects.requireNonNull(name, "name");
        this.ompThreadId = ompThreadId;
        this.ompType = Objects.requireNonNull(ompType, "ompType");
    }

    public long javaThreadId() {
        return javaThreadId;
    }

    public long osThreadId() {
        return osThreadId;
    }

    public String name() {
        return name;
    }

    public long ompThreadId() {
        return ompThreadId;
    }

    public String ompType() {
        return ompType;
    }

    /** A virtual thread: a Java thread on no OS thread of its own (JFR gives it the OS thread ID -1). */
    public boolean isVirtual() {
        return isVirtual(javaThreadId, osThreadId);
    }

    /** Whether the thread of these IDs is a virtual thread ({@link #isVirtual()}), for readers that know only them. */
    public static boolean isVirtual(long javaThreadId, long osThreadId) {
        return javaThreadId > 0 && osThreadId < 0;
    }

    @Override
    public String toString() {
        return name + " (tid " + javaThreadId + ")";
    }
}
