package io.github.ompt4j.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ompt4j.profile.model.FoldedRecording;
import io.github.ompt4j.profile.model.Metric;
import io.github.ompt4j.profile.model.OmpState;
import io.github.ompt4j.profile.model.Profile;
import io.github.ompt4j.profile.model.ThreadTimeline;
import io.github.ompt4j.profile.model.View;
import io.github.ompt4j.profile.output.ExportedStack;
import io.github.ompt4j.profile.output.OtlpReader;
import io.github.ompt4j.profile.output.PprofReader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code report --pprof --otlp --chrome-trace} on a real recording (wall-clock samples of eight team members in
 * a region, waiting at explicit barriers half the time, their stacks in the program's code): each file, read back with its independent parser,
 * holds the stacks and the timeline that folding the recording gives.
 */
class ExportCommandTest {
    @TempDir
    Path dir;

    /** Equal maps, told stack by stack: printed whole, a real recording's deep stacks would be megabytes. */
    private static <V> void sameStacks(Map<ExportedStack, V> expected, Map<ExportedStack, V> actual) {
        for (Map.Entry<ExportedStack, V> e : expected.entrySet()) {
            assertEquals(e.getValue(), actual.get(e.getKey()), () -> "stack of " + e.getKey().thread() + " in "
                    + e.getKey().state() + " with leaf " + e.getKey().frames().get(e.getKey().frames().size() - 1));
        }
        assertEquals(expected.size(), actual.size(), "stacks");
    }

    @Test
    void theExportsHoldTheFoldedRecording() throws Exception {
        Path recording = FoldSpeedBenchmark.generate(dir.resolve("run.jfr"),
                FoldSpeedBenchmark.THREADS * FoldSpeedBenchmark.PER_REGION * 2);
        Path pprof = dir.resolve("p.pb.gz");
        Path otlp = dir.resolve("o.pb");
        Path trace = dir.resolve("trace.json");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertEquals(ProfileCommand.OK, ProfileCommand.run(List.of(recording.toString(), "--pprof", pprof.toString(),
                "--otlp", otlp.toString(), "--chrome-trace", trace.toString()), System.out, e), err.toString());
        FoldedRecording folded = JfrToProfile.fold(recording, View.USER);
        Profile profile = folded.profile();
        assertEquals(FoldSpeedBenchmark.THREADS * FoldSpeedBenchmark.PER_REGION * 2, profile.total(Metric.SAMPLES));
        assertTrue(profile.stacks().stream().anyMatch(s -> s.state() == OmpState.WAIT_BARRIER_EXPLICIT),
                "the recording has barrier waits");

        List<Metric> metrics = List.of(Metric.SAMPLES, Metric.TOTAL_TIME, Metric.OMP_WORK, Metric.OMP_WAIT);
        PprofReader p = PprofReader.read(pprof);
        sameStacks(ExportedStack.expected(profile, metrics), p.stacks());
        assertTrue(p.stacks().keySet().stream().anyMatch(s -> s.state().equals("wait_barrier_explicit")));

        OtlpReader o = OtlpReader.read(otlp);
        assertEquals(metrics.size(), o.profiles().size());
        Map<ExportedStack, Long> counts = new HashMap<>();
        ExportedStack.expected(profile, List.of(Metric.SAMPLES)).forEach((s, v) -> counts.put(s, v.get(0)));
        sameStacks(counts, o.stacks(o.profiles().get(0)));

        JsonNode events = new ObjectMapper().readTree(trace.toFile()).get("traceEvents");
        int intervals = 0;
        for (ThreadTimeline t : folded.timeline().threads()) {
            intervals += t.intervals().size();
        }
        int states = 0;
        int regions = 0;
        for (JsonNode event : events) {
            if (event.get("ph").asText().equals("X")) {
                if (event.get("cat").asText().equals("region")) {
                    regions++;
                } else {
                    states++;
                }
            }
        }
        assertEquals(intervals, states);
        assertEquals(folded.timeline().regions().size(), regions);
        assertTrue(events.toString().contains("\"name\":\"wait_barrier_explicit\""));
    }
}
