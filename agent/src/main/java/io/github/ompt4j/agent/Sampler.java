package io.github.ompt4j.agent;

import io.github.ompt4j.jfr.JfrRecorder;
import io.github.ompt4j.jfr.JfrSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
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
 *
 * <p>The settings go to {@code jfrsync} as a list ({@code +event#setting=value+...}), which async-profiler
 * applies one by one to an empty recording, rather than as a {@code .jfc} file, which JFR would parse again: the
 * agent has already parsed the JDK's file to add its own events, and the second parse of its XML cost start-up
 * 8–36 ms (JDK 17). Settings that a list cannot carry (a ',' ends async-profiler's option, a '+' its item) go in
 * a file, and so do all settings for a library named by {@code asyncprofiler=}: the list came with async-profiler
 * 3.0, the file works with every version that has {@code jfrsync}.
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
     * @param cache         this build's directory in the agent's cache, which keeps the jar's library, or {@code null}
     * @param jfr           the recording to write
     * @param settings      the recording's settings, {@code event#setting} to value
     * @throws Exception    if the library cannot load here (another OS or architecture, a missing file) or
     *                      the profiler refuses to start; the message says why
     */
    static Sampler start(String event, long intervalNanos, String library, Path cache, Path jfr,
            Map<String, String> settings) throws Exception {
        requireNoComma(jfr);
        AsyncProfiler profiler = ProfilerLibrary.load(library, cache);
        Set<Long> before = new HashSet<>();
        FlightRecorder.getFlightRecorder().getRecordings().forEach(r -> before.add(r.getId()));
        String start = "start,event=" + event + ",interval=" + intervalNanos + ",file=" + jfr.toAbsolutePath()
                + ",jfrsync=";
        String list = library == null ? asList(settings) : null;
        if (list != null) {
            profiler.execute(start + list);
        } else {
            Path jfc = PrivateTempFile.create("ompt4j-settings", ".jfc");
            try {
                requireNoComma(jfc);
                Files.writeString(jfc, JfrSettings.toJfc(settings));
                profiler.execute(start + jfc.toAbsolutePath());
            } finally {
                Files.deleteIfExists(jfc);
            }
        }
        capNewRecordings(before);
        return new Sampler(profiler);
    }

    private static void requireNoComma(Path file) {
        if (file.toString().indexOf(',') >= 0) {
            throw new IllegalArgumentException("async-profiler takes no ',' in a file name: " + file);
        }
    }

    /**
     * {@code settings} as {@code jfrsync}'s list, or {@code null} if the list cannot say the same: there are no
     * settings, one holds a ',' or a '+', or an event has settings but no {@code enabled} one. For each item
     * async-profiler enables the event, then applies the setting, so the {@code enabled} settings come last (an
     * event the settings switch off stays off), and an event that names none would be switched on, where a file
     * leaves it as JFR has it.
     */
    static String asList(Map<String, String> settings) {
        StringBuilder others = new StringBuilder();
        StringBuilder enabled = new StringBuilder();
        for (Map.Entry<String, String> e : settings.entrySet()) {
            String key = e.getKey();
            String item = key + "=" + e.getValue();
            int hash = key.indexOf('#');
            if (item.indexOf(',') >= 0 || item.indexOf('+') >= 0 || hash < 0
                    || !settings.containsKey(key.substring(0, hash) + "#enabled")) {
                return null;
            }
            (key.endsWith("#enabled") ? enabled : others).append('+').append(item);
        }
        return settings.isEmpty() ? null : others.append(enabled).toString();
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
