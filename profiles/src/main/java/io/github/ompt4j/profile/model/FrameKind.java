package io.github.ompt4j.profile.model;

/** What a {@link Frame} stands for. */
public enum FrameKind {
    /** A Java method of the program (or, in the expert and machine views, of a runtime). */
    JAVA,
    /** A native, C++ or kernel frame; async-profiler records them, and only the machine view keeps them. */
    NATIVE,
    /**
     * A frame the user model adds: an {@code <OMP-…>} function that names what the OpenMP runtime was doing
     * ({@code <OMP-idle>}, {@code <OMP-implicit_barrier>}, …), as Sun's Analyzer shows them.
     */
    ARTIFICIAL,
    /** The root frame of one thread's stacks, {@code [name tid=N]}, for outputs that split by thread. */
    THREAD
}
