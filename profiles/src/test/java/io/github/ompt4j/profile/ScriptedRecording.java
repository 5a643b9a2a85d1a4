package io.github.ompt4j.profile;

import io.github.ompt4j.jfr.events.OmptEventTypes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import jdk.jfr.Event;
import jdk.jfr.Recording;

/**
 * A recording written in process: a test commits real {@code ompt.*} events (the {@code jfr-events} classes,
 * exactly as the JFR tool fills them) on threads of its choosing, with every type on and no threshold, and
 * reads the file back. The events' times are JFR's own; tests look up states at instants they take from the
 * recorded spans, never from their own clock.
 */
public final class ScriptedRecording {
    public interface Script {
        void run() throws Exception;
    }

    private ScriptedRecording() {
    }

    public static Path record(Path dir, Script script) throws Exception {
        Path file = Files.createTempFile(dir, "scripted", ".jfr");
        try (Recording recording = new Recording()) {
            for (Class<? extends Event> type : OmptEventTypes.ALL) {
                recording.enable(type).withThreshold(Duration.ZERO);
            }
            recording.start();
            script.run();
            recording.stop();
            recording.dump(file);
        }
        return file;
    }

    /** Pause long enough that consecutive spans do not share a clock tick. */
    public static void pause() throws InterruptedException {
        Thread.sleep(3);
    }

    /** Run {@code script} on a new thread of that name and wait for it. */
    public static void onThread(String name, Script script) throws Exception {
        Exception[] failure = new Exception[1];
        Thread t = new Thread(() -> {
            try {
                script.run();
            } catch (Exception e) {
                failure[0] = e;
            }
        }, name);
        t.start();
        t.join();
        if (failure[0] != null) {
            throw failure[0];
        }
    }
}
