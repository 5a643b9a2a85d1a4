package io.github.ompt4j.profile.model;

/** The weights a {@link FoldedStack} carries, as Sun's Analyzer names its OpenMP metrics. */
public enum Metric {
    /** Sample count. */
    SAMPLES,
    /** Time running the program's code, serial or parallel, reductions included; nanoseconds. */
    OMP_WORK,
    /** Time waiting, in runtime overhead, or idle; nanoseconds. */
    OMP_WAIT,
    /** Work and wait together: all sampled thread time; nanoseconds. */
    TOTAL_TIME
}
