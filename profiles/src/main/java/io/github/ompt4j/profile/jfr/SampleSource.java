package io.github.ompt4j.profile.jfr;

/**
 * Where samples come from. A recording may hold several; folding uses the first of these it has, in this
 * order: wall-clock samples see every thread, waiting ones included, which the OMP wait metric needs.
 */
public enum SampleSource {
    /** async-profiler's {@code profiler.WallClockSample} (profiling mode wall), weighted by {@code samples}. */
    ASYNC_WALL("profiler.WallClockSample (async-profiler, wall clock)"),
    /** async-profiler's {@code jdk.ExecutionSample} (cpu, itimer): threads on a processor. */
    ASYNC_CPU("jdk.ExecutionSample (async-profiler, cpu)"),
    /** JFR's own {@code jdk.ExecutionSample}: threads running Java code; threads that park are not seen. */
    JFR_EXECUTION("jdk.ExecutionSample (JFR; threads that park are not sampled)");

    private final String description;

    SampleSource(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
