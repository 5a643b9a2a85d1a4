package io.github.ompt4j.profile.output;

import io.github.ompt4j.profile.model.Metric;
import io.github.ompt4j.profile.model.Profile;
import java.util.ArrayList;
import java.util.List;

/**
 * One value an exported sample carries: its type and unit as pprof and OTLP name them, and the metric of the
 * folded stack it is read from. The exporters share the list so that a pprof file and an OTLP file of the same
 * profile say the same thing.
 */
record SampleValue(String type, String unit, Metric metric) {
    /**
     * The sample count; and when the profile knows its sampling interval, the sampled time (the thread time the
     * samples stand for, {@code wall} for wall-clock samples, {@code cpu} for the others) and its OMP work and
     * OMP wait shares, nanoseconds.
     */
    static List<SampleValue> of(Profile profile) {
        List<SampleValue> values = new ArrayList<>(4);
        values.add(new SampleValue("samples", "count", Metric.SAMPLES));
        if (profile.intervalNanos() > 0) {
            values.add(new SampleValue(timeType(profile), "nanoseconds", Metric.TOTAL_TIME));
            values.add(new SampleValue("omp_work", "nanoseconds", Metric.OMP_WORK));
            values.add(new SampleValue("omp_wait", "nanoseconds", Metric.OMP_WAIT));
        }
        return values;
    }

    /** What one sampling period is: {@code wall} for async-profiler's wall-clock samples, else {@code cpu}. */
    static String timeType(Profile profile) {
        return profile.source().startsWith("profiler.WallClockSample") ? "wall" : "cpu";
    }
}
