package io.github.ompt4j.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A recording of many regions ({@link RegionHeavyRecording}: 100,000 regions, 1.8 million events, 52 MB) folds
 * with every output in a JVM of 448 MB of heap, where it took more than 512 before its IDs, regions and
 * timeline were kept in columns; in a heap far too small, the report says so in one line naming the file, with
 * no stack trace.
 */
class FoldInBoundedHeapTest {
    private static final int REGIONS = 100_000;
    @TempDir
    static Path dir;
    static Path recording;

    @BeforeAll
    static void record() throws Exception {
        recording = RegionHeavyRecording.generate(dir.resolve("regions.jfr"), REGIONS);
    }

    /** {@link FoldSpeedMain} on the recording in a JVM with {@code heap}: its status and what it printed. */
    private static Object[] fold(String heap) throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx" + heap,
                "-cp", System.getProperty("java.class.path"), FoldSpeedMain.class.getName(), recording.toString())
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(10, TimeUnit.MINUTES), out);
        return new Object[] {p.exitValue(), out};
    }

    @Test
    void aMillionEventsOfRegionsFoldIn448Megabytes() throws Exception {
        Object[] run = fold("448m");
        assertEquals(ProfileCommand.OK, run[0], (String) run[1]);
        assertTrue(((String) run[1]).contains("report status 0"), (String) run[1]);
    }

    @Test
    void aHeapTooSmallIsOneLineNamingTheRecording() throws Exception {
        Object[] run = fold("48m");
        String out = (String) run[1];
        assertEquals(ProfileCommand.FAILED, run[0], out);
        List<String> said = out.lines().filter(l -> l.startsWith("ompt4j report: " + recording)).toList();
        assertEquals(List.of("ompt4j report: " + recording + " is too large to fold in this JVM's heap (at most 48 MB);"
                + " fold it with more: java -Xmx<size> -jar ompt-agent.jar report " + recording), said, out);
        assertFalse(out.contains("OutOfMemoryError") || out.contains("\tat "), out);
    }
}
