package io.github.ompt4j.agent;

import io.github.ompt4j.jfr.JfrRecorder;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;
import jdk.jfr.RecordingState;
import one.profiler.AsyncProfiler;

/**
 * async-profiler sampling into the agent's recording: {@code jfrsync} makes async-profiler start a JFR
 * recording of its own from our settings and write it to the file, so the samples and the {@code ompt.*}
 * events land in one file. The samples reach the file only when the profiler is stopped explicitly (its
 * chunk is appended on stop), which the agent does before the JVM's shutdown hooks run.
 */
final class Sampler {
    private final AsyncProfiler profiler;

    private Sampler(AsyncProfiler profiler) {
        this.profiler = profiler;
    }

    /**
     * Load async-profiler and start it.
     *
     * @param event         {@code cpu}, {@code wall} or {@code itimer}
     * @param intervalNanos the sampling interval
     * @param library       a {@code libasyncProfiler.so} to load, {@code null} for the one inside the jar
     * @param jfr           the recording to write
     * @param jfc           the recording's settings
     * @throws Exception    if the library cannot load here (another OS or architecture, a missing file) or
     *                      the profiler refuses to start; the message says why
     */
    static Sampler start(String event, long intervalNanos, String library, Path jfr, Path jfc) throws Exception {
        for (Path p : new Path[] {jfr, jfc}) {
            if (p.toString().indexOf(',') >= 0) {
                throw new IllegalArgumentException("async-profiler takes no ',' in a file name: " + p);
            }
        }
        AsyncProfiler profiler = library == null ? AsyncProfiler.getInstance() : AsyncProfiler.getInstance(library);
        Set<Long> before = new HashSet<>();
        FlightRecorder.getFlightRecorder().getRecordings().forEach(r -> before.add(r.getId()));
        profiler.execute("start,event=" + event + ",interval=" + intervalNanos + ",jfrsync=" + jfc.toAbsolutePath()
                + ",file=" + jfr.toAbsolutePath());
        capNewRecordings(before);
        return new Sampler(profiler);
    }

    /**
     * async-profiler's {@code jfrsync} recording, the one started since {@code before}, keeps every chunk
     * until it stops: give it the cap of the agent's own recording (the stress mix wrote 10 MB a second
     * into it, all of it kept on disk). A user's recordings, started before, are left alone.
     */
    private static void capNewRecordings(Set<Long> before) {
        for (Recording r : FlightRecorder.getFlightRecorder().getRecordings()) {
            if (!before.contains(r.getId()) && r.getState() == RecordingState.RUNNING && r.getMaxSize() == 0) {
                r.setMaxSize(JfrRecorder.MAX_SIZE_MB * 1024 * 1024);
            }
        }
    }

    /** Stop sampling and write the recording, samples included. */
    void stop() throws Exception {
        profiler.execute("stop");
    }
}
