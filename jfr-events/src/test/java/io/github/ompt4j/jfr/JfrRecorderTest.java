package io.github.ompt4j.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which file jfr= writes: a named file (replaced), or a new file in a directory (never replacing one). */
class JfrRecorderTest {
    private static final LocalDateTime NOON = LocalDateTime.of(2026, 11, 22, 12, 0, 5);

    @Test
    void aNamedFileIsTheDestinationEvenIfItExists(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("run.jfr"), "old");
        assertEquals(file, JfrRecorder.destination(file.toString(), 42, NOON));
        assertEquals(Path.of("not/yet/there.jfr"), JfrRecorder.destination("not/yet/there.jfr", 42, NOON));
    }

    @Test
    void aDirectoryGetsANewFileThatReplacesNothing(@TempDir Path dir) throws Exception {
        Path first = JfrRecorder.destination(dir.toString(), 42, NOON);
        assertEquals(dir.resolve("ompt4j-42-20261122-120005.jfr"), first);
        Files.writeString(first, "taken");
        assertEquals(dir.resolve("ompt4j-42-20261122-120005-1.jfr"), JfrRecorder.destination(dir + "/", 42, NOON));
        assertEquals(Path.of("new-dir").resolve("ompt4j-42-20261122-120005.jfr"),
                JfrRecorder.destination("new-dir/", 42, NOON), "a trailing slash names a directory");
    }

    @Test
    void anEmptyTargetIsAnError() {
        assertThrows(IllegalArgumentException.class, () -> JfrRecorder.destination(" ", 42, NOON));
    }
}
