package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.jfr.events.ImplicitTaskEvent;
import io.github.ompt4j.profile.JfrToProfile;
import io.github.ompt4j.profile.model.FoldedStack;
import io.github.ompt4j.profile.model.Metric;
import io.github.ompt4j.profile.model.Profile;
import io.github.ompt4j.profile.model.View;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Sampled time is the threads' time at any interval: a CPU-bound team of five on whatever processors there
 * are, profiled with {@code profile=wall} at 1 and 10 ms; the samples of its body stand for the members'
 * recorded implicit tasks within 10 %, also when async-profiler could not take most of the samples its
 * interval asks for (five busy threads on two cores at 1 ms: about a third were taken). With three busy
 * threads per processor at 1 ms the sampler always falls behind, and the report says so.
 */
class SampledTimeIT {
    private static final String BODY = BusyTeam.class.getName() + ".spin";
    @TempDir
    Path dir;

    private Path profile(String interval, int threads) throws Exception {
        Path out = dir.resolve("out-" + interval + "-" + threads);
        AgentRun run = AgentRun.run("profile=wall,interval=" + interval + ",out=" + out, Map.of(), BusyTeam.class,
                Integer.toString(threads), "2000");
        assertEquals(0, run.exit, run.toString());
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"1ms", "10ms"})
    void theBodysSampledTimeIsTheMembersRecordedTime(String interval) throws Exception {
        Path out = profile(interval, 5);
        Path recording = out.resolve("recording.jfr");
        long recorded = 0;
        for (RecordedEvent e : RecordingFile.readAllEvents(recording)) {
            if (e.getEventType().getName().equals(ImplicitTaskEvent.NAME)) {
                recorded += e.getDuration().toNanos();
            }
        }
        Profile profile = JfrToProfile.fold(recording, View.USER).profile();
        long sampled = 0;
        for (FoldedStack s : profile.stacks()) {
            if (s.frames().stream().anyMatch(f -> f.name().equals(BODY))) {
                sampled += s.weight(Metric.TOTAL_TIME);
            }
        }
        assertTrue(recorded > 5 * 1_900_000_000L, "five members computed for 2 s each: " + recorded);
        assertTrue(Math.abs(sampled - recorded) <= recorded / 10, "sampled " + sampled + " ns, recorded " + recorded
                + " ns, at " + interval + "\n" + Files.readString(out.resolve("report.txt")));
    }

    @Test
    void theReportSaysWhenTheSamplerFellBehind() throws Exception {
        int threads = 3 * Runtime.getRuntime().availableProcessors();
        String report = Files.readString(profile("1ms", threads).resolve("report.txt"));
        assertTrue(report.matches("(?s).*\\nthe sampler fell behind: \\d+ samples stand for [\\d.]+ ms of thread time,"
                + " \\d+ intervals of 1\\.0 ms \\([\\d.]+% of the samples were not taken.*"), report);
        String calm = Files.readString(profile("10ms", 1).resolve("report.txt"));
        assertFalse(calm.contains("the sampler fell behind"), calm);
    }
}
