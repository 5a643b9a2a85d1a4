package io.github.ompt4j.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.jfr.events.DispatchEvent;
import io.github.ompt4j.jfr.events.ImplicitTaskEvent;
import io.github.ompt4j.jfr.events.OriginEvent;
import io.github.ompt4j.jfr.events.ParallelRegionEvent;
import io.github.ompt4j.jfr.events.SyncRegionWaitEvent;
import io.github.ompt4j.jfr.events.TaskEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The JDK's own {@code jfr} tool, run as a user would, on a recording of a simulated run. */
class JdkJfrToolTest {
    private static final SimulatedRun RUN = new SimulatedRun();
    private static Path file;

    @BeforeAll
    static void record() throws Exception {
        file = RecordingTool.record(RUN::run);
    }

    @AfterAll
    static void delete() throws Exception {
        RecordingTool.delete(file);
    }

    /** Run {@code $JAVA_HOME/bin/jfr} with {@code args} and the recording; its standard output. */
    static String jfr(Path recording, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "jfr").toString());
        command.addAll(List.of(args));
        command.add(recording.toString());
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "jfr finished");
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    @Test
    void printShowsTheRegionWithItsFieldsAndItsOriginsStack() throws Exception {
        String out = jfr(file, "print", "--events", ParallelRegionEvent.NAME);
        assertTrue(out.contains("ompt.ParallelRegion {"), out);
        assertTrue(out.contains("parallelId = " + RUN.regionId), out);
        assertTrue(out.contains("callSite = \"com.example.Solver.solve(Solver.java:42)\""), out);
        assertTrue(out.contains("eventThread = \"" + SimulatedRun.MAIN + "\""), out);
        String origin = jfr(file, "print", "--events", OriginEvent.NAME);
        assertTrue(origin.contains("parallelId = " + RUN.regionId) && origin.contains("stackTrace = ["), origin);
    }

    @Test
    void summaryCountsEveryType() throws Exception {
        String out = jfr(file, "summary");
        assertEquals(1, count(out, ParallelRegionEvent.NAME));
        assertEquals(2, count(out, ImplicitTaskEvent.NAME));
        assertEquals(2, count(out, SyncRegionWaitEvent.NAME));
        assertEquals(1, count(out, TaskEvent.NAME));
        assertEquals(2, count(out, DispatchEvent.NAME) - 1, "three chunks in all");
    }

    private static int count(String summary, String type) {
        Matcher m = Pattern.compile("(?m)^\\s*" + Pattern.quote(type) + "\\s+(\\d+)\\s+\\d+\\s*$").matcher(summary);
        assertTrue(m.find(), type + " in\n" + summary);
        return Integer.parseInt(m.group(1));
    }

    @Test
    void categoriesSelectOpenMpAndMetadataKeepsTheRelationalIds() throws Exception {
        String openmp = jfr(file, "print", "--categories", "OpenMP");
        assertTrue(openmp.contains("ompt.Idle {") && !openmp.contains("test.Probe"), openmp);
        String metadata = jfr(file, "metadata");
        assertTrue(metadata.contains("@Name(\"ompt.ParallelId\")\n@Relational"), "the annotation type is relational");
        assertTrue(metadata.contains("@Category({\"OpenMP\", \"Regions\"})"), "the category path");
        assertTrue(Pattern.compile("@ParallelId\\s+@Unsigned\\s+long parallelId;").matcher(metadata).find(),
                "fields carry the relational ID annotation");
    }
}
