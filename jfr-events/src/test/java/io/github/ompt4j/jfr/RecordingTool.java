package io.github.ompt4j.jfr;

import io.github.ompt4j.jfr.events.OmptEventTypes;
import io.github.ompt4j.model.Ompt;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.Event;
import jdk.jfr.Recording;

/**
 * The one {@link JfrTool} of the test JVM, registered with every event type's callbacks (the model keeps
 * tools for the JVM's life, and one {@code JfrTool} accepts per JVM), and recordings of simulated runs: a
 * test starts a recording with the settings it wants, drives {@code OmptRuntime} on fresh threads, and
 * reads the file back.
 */
final class RecordingTool {
    private static JfrTool tool;

    private RecordingTool() {
    }

    /** Every type on: the settings the shared tool registers its callbacks from. */
    static Map<String, String> allTypesOn() {
        Map<String, String> settings = new HashMap<>();
        for (Class<? extends Event> type : OmptEventTypes.ALL) {
            settings.put(OmptEventTypes.nameOf(type) + "#enabled", "true");
        }
        return settings;
    }

    static synchronized JfrTool ensureStarted() {
        if (tool == null) {
            tool = new JfrTool(allTypesOn());
            Ompt.start(List.of(tool));
        }
        return tool;
    }

    interface Run {
        void run() throws Exception;
    }

    /** Record {@code run} with every ompt event on, thresholds 0, the types' own stack-trace defaults. */
    static Path record(Run run) throws Exception {
        return record(recording -> {
            for (Class<? extends Event> type : OmptEventTypes.ALL) {
                recording.enable(type).withThreshold(Duration.ZERO);
            }
        }, run);
    }

    interface Settings {
        void apply(Recording recording);
    }

    static Path record(Settings settings, Run run) throws Exception {
        ensureStarted();
        Path file = Files.createTempFile("ompt4j-test", ".jfr");
        try (Recording recording = new Recording()) {
            settings.apply(recording);
            recording.start();
            run.run();
            recording.stop();
            recording.dump(file);
        }
        return file;
    }

    static void delete(Path file) throws IOException {
        Files.deleteIfExists(file);
    }
}
