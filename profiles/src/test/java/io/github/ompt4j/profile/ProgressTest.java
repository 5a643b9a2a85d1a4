package io.github.ompt4j.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Progress lines: none for a quick report, a line per step once the report is slow, and a last one. */
class ProgressTest {
    @Test
    void aQuickReportSaysNothing() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Progress p = new Progress(new PrintStream(err, true, StandardCharsets.UTF_8), Path.of("dir", "run.jfr"));
        p.reading(1 << 16, 10);
        p.step("folding samples");
        p.done();
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aSlowReportSaysWhereItIs() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Progress p = new Progress(new PrintStream(err, true, StandardCharsets.UTF_8), Path.of("dir", "run.jfr"), 0);
        p.reading(1, 0);
        p.reading(1 << 16, 1234);
        p.step("folding samples");
        p.done();
        String[] lines = err.toString(StandardCharsets.UTF_8).split("\n");
        assertEquals(3, lines.length, String.join("\n", lines));
        assertTrue(lines[0].matches("ompt4j report: run\\.jfr: read 65536 events, 1234 samples \\(\\d+\\.\\d s\\)"), lines[0]);
        assertTrue(lines[1].startsWith("ompt4j report: run.jfr: folding samples ("), lines[1]);
        assertTrue(lines[2].startsWith("ompt4j report: run.jfr: done ("), lines[2]);
    }
}
