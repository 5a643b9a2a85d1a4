package io.github.ompt4j.jfr.events;

/**
 * The category paths of the events: one tree under {@value #ROOT}, which JMC's Event Browser shows as a
 * folder with one sub-folder per area, and which {@code jfr print --categories OpenMP} selects.
 */
public final class OmptCategories {
    public static final String ROOT = "OpenMP";
    /** Parallel regions. */
    public static final String REGIONS = "Regions";
    /** Initial, implicit and explicit tasks. */
    public static final String TASKS = "Tasks";
    /** Barriers, taskwait, taskgroup, reductions, mutexes. */
    public static final String SYNCHRONIZATION = "Synchronization";
    /** Loops, sections, single, master. */
    public static final String WORKSHARING = "Worksharing";
    /** Thread lifetimes, idleness and sampled states. */
    public static final String THREADS = "Threads";

    private OmptCategories() {
    }
}
