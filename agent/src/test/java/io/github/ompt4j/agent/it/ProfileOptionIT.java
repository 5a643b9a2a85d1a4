package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.jfr.events.ParallelRegionEvent;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The agent's {@code profile=} and exit-time outputs end to end: async-profiler's samples land in the
 * recording on every way out of the program, and the outputs are folded from it before the JVM goes.
 */
class ProfileOptionIT {
    /** At 1 ms, a run of JfrApp's length gives hundreds of wall-clock samples; none when the profiler was not stopped. */
    private static final int ENOUGH_SAMPLES = 20;

    private static long count(Path file, String type) throws IOException {
        return RecordingFile.readAllEvents(file).stream().filter(e -> e.getEventType().getName().equals(type)).count();
    }

    /** The recording has async-profiler's samples and our regions; every output is there and made from them. */
    private static void assertProfiled(Path out, String sampleType) throws IOException {
        Path recording = out.resolve("recording.jfr");
        long samples = count(recording, sampleType);
        assertTrue(samples >= ENOUGH_SAMPLES, samples + " " + sampleType + " in " + recording);
        assertEquals(JfrApp.REGIONS, count(recording, ParallelRegionEvent.NAME));
        String report = Files.readString(out.resolve("report.txt"));
        assertTrue(report.contains("samples: " + sampleType), report);
        assertTrue(report.contains("JfrApp.computeRegion(JfrApp.java:"), "the regions' call site\n" + report);
        List<String> stacks = Files.readAllLines(out.resolve("stacks.txt"));
        assertTrue(stacks.stream().anyMatch(s -> s.startsWith(JfrApp.class.getName() + ".main_[j];")),
                "user-model stacks rooted at main\n" + String.join("\n", stacks));
        assertTrue(stacks.stream().noneMatch(s -> s.contains("InstrumentationImpl.loadClassAndCallPremain")),
                "the agent's own start-up is not the program's\n" + String.join("\n", stacks));
        assertTrue(Files.readString(out.resolve("flame.html")).contains("OpenMP user view: recording.jfr"));
        assertTrue(Files.readString(out.resolve("timeline.html")).contains("<html"));
        // The exports' structure is tested in profiles with independent parsers; here, that they hold this run.
        String site = JfrApp.class.getName() + ".computeRegion";
        try (InputStream pprof = new GZIPInputStream(Files.newInputStream(out.resolve("profile.pb.gz")))) {
            assertTrue(new String(pprof.readAllBytes(), StandardCharsets.ISO_8859_1).contains(site), "pprof");
        }
        assertTrue(new String(Files.readAllBytes(out.resolve("profile.otlp.pb")), StandardCharsets.ISO_8859_1)
                .contains(site), "otlp");
        String trace = Files.readString(out.resolve("trace.json"));
        assertTrue(trace.contains("\"traceEvents\"") && trace.contains("\"thread_name\"") && trace.contains("main (tid"),
                trace.length() > 2000 ? trace.substring(0, 2000) : trace);
    }

    @ParameterizedTest
    @CsvSource({"normal, 0", "exit, 3", "throw, 1"})
    void samplesAndOutputsAreWrittenHoweverTheProgramEnds(String how, int status, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        AgentRun run = AgentRun.run("profile=wall,interval=1ms,out=" + out, Map.of(), JfrApp.class, how);
        assertEquals(status, run.exit, run.toString());
        assertProfiled(out, "profiler.WallClockSample");
        assertTrue(run.err.contains("ompt4j: wrote " + out.resolve("recording.jfr") + ", " + out.resolve("flame.html")),
                run.err);
    }

    @ParameterizedTest
    @ValueSource(strings = {"TERM", "INT"})
    void samplesAndOutputsAreWrittenWhenASignalEndsTheProgram(String signal, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        String err = AgentRun.signalWhenReady("profile=wall,interval=1ms,out=" + out, signal);
        assertProfiled(out, "profiler.WallClockSample");
        assertTrue(err.contains("ompt4j: wrote "), err);
    }

    @Test
    void whereAsyncProfilerCannotLoadJfrsOwnSamplesTakeItsPlaceAfterOneWarning(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        AgentRun run = AgentRun.run("profile=cpu,interval=1ms,asyncprofiler=" + dir.resolve("missing.so") + ",out=" + out,
                Map.of(), JfrApp.class);
        assertEquals(0, run.exit, run.toString());
        List<String> warnings = run.err.lines().filter(l -> l.startsWith("ompt4j [warn]")).collect(Collectors.toList());
        assertEquals(1, warnings.size(), run.err);
        assertTrue(warnings.get(0).contains("profile=cpu: async-profiler cannot sample here ("), warnings.get(0));
        assertTrue(warnings.get(0).endsWith("JFR's own execution samples take its place, every 1 ms, and see only"
                + " threads running Java code"), warnings.get(0));
        Path recording = out.resolve("recording.jfr");
        assertEquals(0, count(recording, "profiler.WallClockSample") + count(recording, "profiler.CPUSample"));
        assertTrue(Files.readString(out.resolve("report.txt")).contains("samples: jdk.ExecutionSample"));
    }

    @Test
    void anOutputWithoutJfrUsesATemporaryRecordingAndDeletesIt(@TempDir Path dir) throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Path report = dir.resolve("deep/er/report.txt");
        AgentRun run = AgentRun.runWithJvmOptions(AgentRun.applicationClassPath(), List.of("-Djava.io.tmpdir=" + tmp),
                "report=" + report, Map.of(), JfrApp.class);
        assertEquals(0, run.exit, run.toString());
        String text = Files.readString(report);
        assertTrue(text.contains("JfrApp.computeRegion(JfrApp.java:"), text);
        assertTrue(run.err.contains("ompt4j: wrote " + report + "\n"), run.err);
        try (Stream<Path> left = Files.list(tmp)) {
            List<Path> recordings = left.filter(p -> p.toString().endsWith(".jfr") || p.toString().endsWith(".jfc"))
                    .collect(Collectors.toList());
            assertEquals(List.of(), recordings, "the temporary recording and settings are gone");
        }
    }

    @Test
    void samplingThatNothingKeepsStopsStartUpWithAMessage() throws Exception {
        AgentRun run = AgentRun.run("profile=wall", Map.of(), HelloApp.class);
        assertEquals(1, run.exit, run.toString());
        assertTrue(run.err.contains("ompt4j: fatal error: agent option profile=wall samples, but nothing would keep"),
                run.err);
    }

}
