package io.github.ompt4j.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
        assertEquals(file, JfrRecorder.destination(file.toString()));
        assertEquals(Path.of("not/yet/there.jfr"), JfrRecorder.destination("not/yet/there.jfr"));
    }

    @Test
    void aDirectoryGetsANewFileThatReplacesNothing(@TempDir Path dir) throws Exception {
        Path first = JfrRecorder.newFileIn(dir, 42, NOON);
        assertEquals(dir.resolve("ompt4j-42-20261122-120005.jfr"), first);
        Files.writeString(first, "taken");
        assertEquals(dir.resolve("ompt4j-42-20261122-120005-1.jfr"), JfrRecorder.newFileIn(dir, 42, NOON));
        String mine = "ompt4j-" + ProcessHandle.current().pid() + "-";
        Path inDir = JfrRecorder.destination(dir.toString());
        assertEquals(dir, inDir.getParent());
        assertTrue(inDir.getFileName().toString().startsWith(mine), inDir.toString());
        Path inNewDir = JfrRecorder.destination("new-dir/");
        assertEquals(Path.of("new-dir"), inNewDir.getParent(), "a trailing slash names a directory");
        assertTrue(inNewDir.getFileName().toString().startsWith(mine), inNewDir.toString());
    }

    @Test
    void anEmptyTargetIsAnError() {
        assertThrows(IllegalArgumentException.class, () -> JfrRecorder.destination(" "));
    }
}
