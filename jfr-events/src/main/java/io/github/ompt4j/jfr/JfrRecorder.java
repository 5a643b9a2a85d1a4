package io.github.ompt4j.jfr;

import io.github.ompt4j.jfr.events.OmptEventTypes;
import io.github.ompt4j.model.Ompt;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import jdk.jfr.Recording;

/**
 * The recording behind the agent's {@code jfr=<file>} option: a JFR recording with the settings named by
 * {@value JfrSettings#PROPERTY} (our events on top of the JDK's {@code default}), written to the file
 * whenever the JVM exits, and the {@link JfrTool} that feeds it.
 *
 * <p><b>Every exit path.</b> The agent stops the recording before the JVM's shutdown hooks start (its
 * {@code exit} adapter), on a normal exit, {@code System.exit}, an uncaught exception in {@code main},
 * SIGTERM and SIGINT, so that it can fold the file into the outputs asked for. The recording also has a
 * destination and {@code dumpOnExit}, so JFR's own shutdown hook writes it should the agent not have. A
 * crash or SIGKILL runs nothing; JFR's disk repository then keeps the chunks written so far. Like JFR's own
 * {@code -XX:StartFlightRecording}, the recording keeps at most {@value #MAX_SIZE_MB} MB, the newest.
 *
 * <p><b>Which file.</b> {@code jfr=run.jfr} names the file, and an existing file of that name is replaced:
 * the user asked for it by name. {@code jfr=dir/} (or the name of an existing directory) asks for a new
 * file in that directory, {@code ompt4j-<pid>-<yyyyMMdd-HHmmss>.jfr}, which never replaces anything.
 * Missing parent directories are created.
 */
public final class JfrRecorder {
    /** The recording's name, for {@code jcmd <pid> JFR.dump name=ompt4j}. */
    public static final String RECORDING_NAME = "ompt4j";
    /** What a recording of the agent keeps at most, the newest: ours, and async-profiler's {@code jfrsync} one. */
    public static final long MAX_SIZE_MB = 250;

    private JfrRecorder() {
    }

    /**
     * The file a {@code jfr=} value names, its missing parent directories created.
     *
     * @param target the {@code jfr=} value: a file, or a directory to create a file in
     * @throws IllegalArgumentException if the directories cannot be created; the message names the option, the
     *                                  cause says why
     */
    public static Path file(String target) {
        Path file = destination(target);
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException("jfr=" + target + ": cannot write " + file, e);
        }
        // JFR writes through links; a link planted at a predictable name (out=/tmp/x/recording.jfr) would have it
        // replace the link's target. The outputs refuse links the same way (OutputStreams).
        if (Files.isSymbolicLink(file)) {
            throw new IllegalArgumentException("jfr=" + target + ": " + file + " is a symbolic link, which the agent"
                    + " does not follow");
        }
        return file;
    }

    /**
     * Start our own recording into {@code file}; {@link #startTool} then starts the tool that feeds it.
     *
     * @param settings the recording's settings ({@link JfrSettings#resolve})
     * @throws IllegalArgumentException if the file cannot be written
     */
    public static Recording start(Path file, Map<String, String> settings) {
        Recording recording = new Recording(settings);
        recording.setName(RECORDING_NAME);
        recording.setToDisk(true);
        recording.setMaxSize(MAX_SIZE_MB * 1024 * 1024);
        recording.setDumpOnExit(true);
        try {
            recording.setDestination(file);
        } catch (IOException | RuntimeException e) {
            recording.close();
            throw new IllegalArgumentException("jfr=" + file + ": cannot write it", e);
        }
        beforeRecording();
        recording.start();
        return recording;
    }

    /**
     * Call before starting a recording the {@link JfrTool} will feed: registers the event types, so that the
     * recording's metadata never changes while it runs (see {@link OmptEventTypes#registerAll}), and adds the
     * thread-state sampler's periodic hook, which JFR then schedules from the recording's start. A hook added
     * while a recording runs first fires only when JFR's periodic thread wakes from its nap, up to a second
     * later, and samples in that second are what a short profile of mutex waits is made of.
     */
    public static void beforeRecording() {
        OmptEventTypes.registerAll();
        ThreadStateSampler.install();
    }

    /**
     * Register the {@link JfrTool} for what {@code settings} enable. A recording with those settings must be
     * running already (ours, or async-profiler's {@code jfrsync}), so that the tool's first events (the
     * initial thread's) are recorded.
     */
    public static void startTool(Map<String, String> settings) {
        Ompt.start(List.of(new JfrTool(settings)));
    }

    /**
     * The file {@code target} stands for (see the class comment). The process ID and the time are looked up only
     * for a directory: for a named file they would cost start-up {@code java.time}'s formatting and time zones and
     * {@code ProcessHandle}, some 40 classes, for nothing.
     */
    static Path destination(String target) {
        if (target == null || target.isBlank()) {
            throw new IllegalArgumentException("jfr= needs a file or a directory");
        }
        Path path = Path.of(target.trim());
        boolean directory = Files.isDirectory(path) || target.endsWith("/") || target.endsWith(java.io.File.separator);
        return directory ? newFileIn(path, ProcessHandle.current().pid(), LocalDateTime.now()) : path;
    }

    /** {@code ompt4j-<pid>-<yyyyMMdd-HHmmss>.jfr} in {@code directory}, with {@code -1} ... if taken. */
    static Path newFileIn(Path directory, long pid, LocalDateTime now) {
        String stem = "ompt4j-" + pid + "-" + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").format(now);
        Path file = directory.resolve(stem + ".jfr");
        for (int n = 1; Files.exists(file); n++) {
            file = directory.resolve(stem + "-" + n + ".jfr");
        }
        return file;
    }
}
