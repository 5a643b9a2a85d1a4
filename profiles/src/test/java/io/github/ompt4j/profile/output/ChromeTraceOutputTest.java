package io.github.ompt4j.profile.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.ompt4j.profile.model.OmpState;
import io.github.ompt4j.profile.model.ProfileThread;
import io.github.ompt4j.profile.model.RegionSpan;
import io.github.ompt4j.profile.model.StateInterval;
import io.github.ompt4j.profile.model.TeamMember;
import io.github.ompt4j.profile.model.ThreadTimeline;
import io.github.ompt4j.profile.model.Timeline;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Chrome trace of a timeline, read back with Jackson. */
class ChromeTraceOutputTest {
    private static final long BASE = 1_000_000_000_000L;

    @TempDir
    Path dir;

    /** Two threads in region 5; region 6, nested in it on the worker, overlaps region 7, nested in it on main. */
    private static Timeline timeline() {
        ProfileThread main = new ProfileThread(1, 100, "main \"quoted\"", 1, "initial");
        ProfileThread worker = new ProfileThread(17, 101, "omp-worker-0", 2, "worker");
        return new Timeline(BASE, BASE + 4_000_000, List.of(
                new ThreadTimeline(main, List.of(
                        new StateInterval(BASE, BASE + 1_000_000, OmpState.WORK_SERIAL, 0, 1, 0),
                        new StateInterval(BASE + 1_000_000, BASE + 3_000_500, OmpState.WORK_PARALLEL, 5, 6, 0))),
                new ThreadTimeline(worker, List.of(
                        new StateInterval(BASE, BASE + 1_000_000, OmpState.IDLE, 0, 0, 0),
                        new StateInterval(BASE + 1_000_000, BASE + 2_000_000, OmpState.WAIT_LOCK, 5, 8, 42)))),
                List.of(new RegionSpan(5, 0, main, BASE + 1_000_000, BASE + 3_000_500, 2, "App.solve(App.java:9)",
                                List.of(new TeamMember(main, 0, 6, BASE + 1_000_000, BASE + 3_000_500),
                                        new TeamMember(worker, 1, 8, BASE + 1_000_000, BASE + 3_000_500))),
                        new RegionSpan(6, 5, worker, BASE + 1_500_000, BASE + 2_500_000, 2, "", List.of()),
                        new RegionSpan(7, 5, main, BASE + 2_000_000, BASE + 2_800_000, 2, "", List.of())));
    }

    /** A time in the trace, microseconds, as nanoseconds. */
    private static long nanos(JsonNode micros) {
        return Math.round(micros.asDouble() * 1000);
    }

    private static JsonNode read(Path file) throws Exception {
        return new ObjectMapper().readTree(file.toFile());
    }

    @Test
    void everyIntervalIsACompleteEventOnItsThreadsTrack() throws Exception {
        Path file = dir.resolve("trace.json");
        ChromeTraceOutput.write(timeline(), "OpenMP timeline: run.jfr", file);
        JsonNode trace = read(file);
        assertEquals(BASE, trace.get("otherData").get("recording_start_unix_nanos").asLong());
        Map<String, Integer> tids = new HashMap<>();
        List<String> process = new ArrayList<>();
        List<String> states = new ArrayList<>();
        for (JsonNode e : trace.get("traceEvents")) {
            assertEquals(1, e.get("pid").asInt());
            if (e.get("ph").asText().equals("M") && e.get("name").asText().equals("thread_name")) {
                tids.put(e.get("args").get("name").asText(), e.get("tid").asInt());
            } else if (e.get("ph").asText().equals("M") && e.get("name").asText().equals("process_name")) {
                process.add(e.get("args").get("name").asText());
            }
        }
        assertEquals(List.of("OpenMP timeline: run.jfr"), process);
        int main = tids.get("main \"quoted\" (tid 1, os 100)");
        int worker = tids.get("omp-worker-0 (tid 17, os 101)");
        for (JsonNode e : trace.get("traceEvents")) {
            if (e.get("ph").asText().equals("X") && !e.get("cat").asText().equals("region")) {
                states.add((e.get("tid").asInt() == main ? "main " : e.get("tid").asInt() == worker ? "worker " : "? ")
                        + e.get("name").asText() + " " + e.get("cat").asText() + " " + nanos(e.get("ts")) + "+"
                        + nanos(e.get("dur")) + " " + e.get("args"));
            }
        }
        assertEquals(List.of(
                "main work_serial work 0+1000000 {\"task_id\":1}",
                "main work_parallel work 1000000+2000500 {\"parallel_id\":5,\"task_id\":6}",
                "worker idle wait 0+1000000 {}",
                "worker wait_lock wait 1000000+1000000 {\"parallel_id\":5,\"task_id\":8,\"wait_id\":42}"), states);
    }

    @Test
    void regionsNestOnTheirTracks() throws Exception {
        Path file = dir.resolve("trace.json");
        ChromeTraceOutput.write(timeline(), "t", file);
        Map<Integer, List<JsonNode>> tracks = new HashMap<>();
        Map<Integer, String> names = new HashMap<>();
        for (JsonNode e : read(file).get("traceEvents")) {
            if (e.get("ph").asText().equals("X") && e.get("cat").asText().equals("region")) {
                tracks.computeIfAbsent(e.get("tid").asInt(), t -> new ArrayList<>()).add(e);
            } else if (e.get("name").asText().equals("thread_name")) {
                names.put(e.get("tid").asInt(), e.get("args").get("name").asText());
            }
        }
        Map<String, List<Long>> byTrack = new HashMap<>();
        for (Map.Entry<Integer, List<JsonNode>> track : tracks.entrySet()) {
            List<JsonNode> events = track.getValue();
            for (JsonNode a : events) {
                byTrack.computeIfAbsent(names.get(track.getKey()), n -> new ArrayList<>())
                        .add(a.get("args").get("parallel_id").asLong());
                for (JsonNode b : events) {
                    long as = nanos(a.get("ts"));
                    long ae = as + nanos(a.get("dur"));
                    long bs = nanos(b.get("ts"));
                    long be = bs + nanos(b.get("dur"));
                    assertTrue(ae <= bs || be <= as || (as <= bs && be <= ae) || (bs <= as && ae <= be),
                            "events that overlap without nesting on one track: " + a + " " + b);
                }
            }
        }
        // Region 6 nests in 5; 7 nests in 5 too but overlaps 6 without nesting.
        assertEquals(Map.of("OpenMP regions", List.of(5L, 6L), "OpenMP regions 2", List.of(7L)), byTrack);
        JsonNode outer = tracks.values().stream().flatMap(List::stream)
                .filter(r -> r.get("args").get("parallel_id").asLong() == 5).findFirst().orElseThrow();
        assertEquals("parallel App.solve(App.java:9)", outer.get("name").asText());
        assertEquals(2, outer.get("args").get("team_size").asInt());
        assertEquals(0, outer.get("args").get("parent_parallel_id").asLong());
        assertEquals("main \"quoted\"", outer.get("args").get("thread").asText());
    }

    /**
     * Three virtual threads, the third starting as the first ends: two tracks, the first shared, its events naming
     * their thread; a virtual thread alone on its track is named by the track.
     */
    @Test
    void virtualThreadsShareTracksOneAfterAnother() throws Exception {
        ProfileThread main = new ProfileThread(1, 100, "main", 1, "initial");
        List<ThreadTimeline> lines = new ArrayList<>(List.of(new ThreadTimeline(main, List.of(
                new StateInterval(BASE, BASE + 3_000_000, OmpState.WAIT_TASKWAIT, 0, 1, 0)))));
        for (int v = 0; v < 3; v++) {
            ProfileThread thread = new ProfileThread(20 + v, -1, "virtual thread " + (20 + v), 2 + v, "initial");
            long start = BASE + (v == 2 ? 1_000_000 : 0);
            lines.add(new ThreadTimeline(thread, List.of(new StateInterval(start, start + 1_000_000 + v * 500_000,
                    OmpState.WORK_SERIAL, 0, 10 + v, 0))));
        }
        Path file = dir.resolve("trace.json");
        ChromeTraceOutput.write(new Timeline(BASE, BASE + 3_000_000, lines, List.of()), "t", file);
        Map<Integer, String> names = new HashMap<>();
        Map<Integer, List<String>> events = new HashMap<>();
        for (JsonNode e : read(file).get("traceEvents")) {
            if (e.get("name").asText().equals("thread_name")) {
                names.put(e.get("tid").asInt(), e.get("args").get("name").asText());
            } else if (e.get("ph").asText().equals("X")) {
                events.computeIfAbsent(e.get("tid").asInt(), t -> new ArrayList<>()).add(nanos(e.get("ts")) + " "
                        + e.get("args").get("task_id") + " " + e.get("args").path("thread").asText("-"));
            }
        }
        Map<String, List<String>> byTrack = new HashMap<>();
        events.forEach((tid, list) -> byTrack.put(names.get(tid), list));
        assertEquals(Map.of("main (tid 1, os 100)", List.of("0 1 -"),
                "virtual threads, track 1", List.of("0 10 virtual thread 20 (tid 20, os -1)",
                        "1000000 12 virtual thread 22 (tid 22, os -1)"),
                "virtual thread 21 (tid 21, os -1)", List.of("0 11 -")), byTrack);
    }

    @Test
    void microsecondsToTheNanosecond() {
        assertEquals("0.000", ChromeTraceOutput.micros(0));
        assertEquals("1.005", ChromeTraceOutput.micros(1005));
        assertEquals("12.050", ChromeTraceOutput.micros(12_050));
        assertEquals("-0.300", ChromeTraceOutput.micros(-300));
    }
}
