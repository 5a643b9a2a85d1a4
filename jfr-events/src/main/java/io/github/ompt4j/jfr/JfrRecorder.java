package io.github.ompt4j.jfr;

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
 * <p><b>Every exit path.</b> The recording has a destination and {@code dumpOnExit}, so JFR's own shutdown
 * hook writes it: on a normal exit, {@code System.exit}, an uncaught exception in {@code main}, SIGTERM and
 * SIGINT (all of which run shutdown hooks). A crash or SIGKILL runs no hook; JFR's disk repository then
 * keeps the chunks written so far. Like JFR's own {@code -XX:StartFlightRecording}, the recording keeps at
 * most {@value #MAX_SIZE_MB} MB, the newest.
 *
 * <p><b>Which file.</b> {@code jfr=run.jfr} names the file, and an existing file of that name is replaced:
 * the user asked for it by name. {@code jfr=dir/} (or the name of an existing directory) asks for a new
 * file in that directory, {@code ompt4j-<pid>-<yyyyMMdd-HHmmss>.jfr}, which never replaces anything.
 * Missing parent directories are created.
 */
public final class JfrRecorder {
    /** The recording's name, for {@code jcmd <pid> JFR.dump name=ompt4j}. */
    public static final String RECORDING_NAME = "ompt4j";
    static final long MAX_SIZE_MB = 250;
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private JfrRecorder() {
    }

    /**
     * Start the recording and register the tool.
     *
     * @param target the {@code jfr=} value: a file, or a directory to create a file in
     * @throws IllegalArgumentException if the file cannot be written or the settings cannot be read; the
     *                                  message names the option
     */
    public static Recording start(String target) {
        Path file = destination(target, ProcessHandle.current().pid(), LocalDateTime.now());
        Map<String, String> settings = JfrSettings.resolve(JfrSettings.nameFromSystemProperty());
        Recording recording = new Recording(settings);
        recording.setName(RECORDING_NAME);
        recording.setToDisk(true);
        recording.setMaxSize(MAX_SIZE_MB * 1024 * 1024);
        recording.setDumpOnExit(true);
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            recording.setDestination(file);
        } catch (IOException | RuntimeException e) {
            recording.close();
            throw new IllegalArgumentException("jfr=" + target + ": cannot write " + file + ": " + e, e);
        }
        recording.start();
        // Started first, so that the tool's first events (the initial thread's) are already recorded.
        Ompt.start(List.of(new JfrTool(settings)));
        return recording;
    }

    /** The file {@code target} stands for (see the class comment). */
    static Path destination(String target, long pid, LocalDateTime now) {
        if (target == null || target.isBlank()) {
            throw new IllegalArgumentException("jfr= needs a file or a directory");
        }
        Path path = Path.of(target.trim());
        boolean directory = Files.isDirectory(path) || target.endsWith("/") || target.endsWith(java.io.File.separator);
        if (!directory) {
            return path;
        }
        String stem = "ompt4j-" + pid + "-" + STAMP.format(now);
        Path file = path.resolve(stem + ".jfr");
        for (int n = 1; Files.exists(file); n++) {
            file = path.resolve(stem + "-" + n + ".jfr");
        }
        return file;
    }
}
