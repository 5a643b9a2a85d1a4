package io.github.ompt4j.profile.model;

import java.util.Locale;

/**
 * The Analyzer's three presentations of the same samples.
 * <ul>
 *   <li>{@link #USER}: the user model. An idle thread is the single frame {@code <OMP-idle>}; the frames of
 *       the runtimes (the pool, the stream framework, the directive library, our hooks, the profiler) are
 *       removed; a thread that waits or is in overhead gets an artificial leaf naming why; a sample inside a
 *       region stands on the region's master call-stack preface, so every member of a team shows the same
 *       stack.</li>
 *   <li>{@link #EXPERT}: the user model, with the runtime's API frames that the program called kept
 *       ({@code Omp.critical}, {@code ForkJoinTask.join}, {@code Stream.reduce} …): the entry frame through
 *       which the program reached the runtime stays, its internals go. Sun's Analyzer had an expert mode
 *       identical to user mode for OpenMP; this one answers "which directive call" without the
 *       implementation.</li>
 *   <li>{@link #MACHINE}: the stacks as recorded, nothing removed or added.</li>
 * </ul>
 */
public enum View {
    USER, EXPERT, MACHINE;

    /** {@code user}, {@code expert} or {@code machine}. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The view a command line or agent option names.
     *
     * @throws IllegalArgumentException naming the valid choices
     */
    public static View parse(String name) {
        for (View v : values()) {
            if (v.cliName().equals(name)) {
                return v;
            }
        }
        throw new IllegalArgumentException("view '" + name + "' is not valid; choose from user, expert, machine");
    }
}
