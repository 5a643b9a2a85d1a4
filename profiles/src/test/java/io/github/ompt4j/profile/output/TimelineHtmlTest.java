package io.github.ompt4j.profile.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.profile.model.Frame;
import io.github.ompt4j.profile.model.FrameKind;
import io.github.ompt4j.profile.model.OmpState;
import io.github.ompt4j.profile.model.ProfileThread;
import io.github.ompt4j.profile.model.RegionSpan;
import io.github.ompt4j.profile.model.StateInterval;
import io.github.ompt4j.profile.model.TeamMember;
import io.github.ompt4j.profile.model.ThreadTimeline;
import io.github.ompt4j.profile.model.TimedSamples;
import io.github.ompt4j.profile.model.Timeline;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The timeline page: its data, its samples and their bound, and names that must not break out of its script. */
class TimelineHtmlTest {
    private static final long BASE = 1_000_000_000_000L;
    private static final List<List<Frame>> STACKS = List.of(
            List.of(Frame.java("App.main"), Frame.java("App.solve")),
            List.of(Frame.java("App.main"), new Frame("<OMP-lock_wait>", FrameKind.ARTIFICIAL)));
    private final ProfileThread main = new ProfileThread(1, 10, "evil</script><script>alert(1)</script>", 1, "initial");
    private final ProfileThread other = new ProfileThread(2, 20, "other", 0, "");

    @TempDir
    Path dir;

    @Test
    void thePageCarriesEveryIntervalAndRegionAndLoadsNothing() throws Exception {
        TimedSamples.Builder samples = new TimedSamples.Builder();
        samples.add(BASE + 500_000, 0, OmpState.WORK_SERIAL, 0, 10_000_000, 1);
        samples.add(BASE + 2_000_000, 0, OmpState.WAIT_LOCK, 1, 1_500_000, 1);
        samples.add(BASE + 2_500_000, 1, OmpState.UNDEFINED, 0, 10_000_000, 2);
        String page = page(samples.build(t -> t == 0 ? main : other, s -> s, STACKS::get), 100);
        assertEquals(1, page.split("</script>", -1).length - 1, "only the page's own script ends");
        assertTrue(page.contains("\"name\":\"evil\\u003c/script\\u003e"), page);
        assertTrue(page.contains("\"iv\":[0.0,1000.0,0,0,1,0,1000.0,3000.0,9,5,6,42]"), page);
        assertTrue(page.contains("{\"id\":5,\"parent\":0,\"level\":1,\"s\":1000.0,\"e\":3000.0,\"site\":"
                + "\"App.solve(App.java:9)\",\"team\":1"), page);
        assertTrue(page.contains("{\"name\":\"other\",\"type\":\"\",\"iv\":[]}"), "a sampled thread without states: " + page);
        assertTrue(page.contains("\"lanes\":[[0],[1]]"), "a row each: " + page);
        assertTrue(page.contains("\"samples\":{\"count\":4,\"stride\":1,\"s\":[500.0,0,0,0,10000000,1,"
                + "2000.0,0,9,1,1500000,1,2500.0,1,13,0,10000000,2]"), page);
        assertTrue(page.contains("\"stacks\":[\n[0,1],\n[0,2]\n],\"frames\":[\n\"App.main\",\n\"App.solve\",\n"
                + "\"\\u003cOMP-lock_wait\\u003e\"\n]"), page);
        assertFalse(page.matches("(?s).*(src|href)=\"?https?:.*"), "self-contained");
        assertEquals(OmpState.WAIT_LOCK.ordinal(), 9);
    }

    /** Virtual threads are marked, and share rows one after another, by the extent of their states or samples. */
    @Test
    void virtualThreadsShareRows() throws Exception {
        ProfileThread first = new ProfileThread(20, -1, "virtual thread 20", 0, "");
        ProfileThread second = new ProfileThread(21, -1, "virtual thread 21", 0, "");
        TimedSamples.Builder samples = new TimedSamples.Builder();
        samples.add(BASE + 500_000, 0, OmpState.WORK_SERIAL, 0, 10_000_000, 1);
        samples.add(BASE + 3_000_000, 1, OmpState.WORK_SERIAL, 0, 10_000_000, 1);
        String page = page(samples.build(t -> t == 0 ? first : second, s -> s, STACKS::get), 100);
        assertTrue(page.contains("{\"name\":\"virtual thread 20\",\"type\":\"\",\"virtual\":true,\"iv\":[]}"), page);
        assertTrue(page.contains("\"lanes\":[[0],[1,2]]"), "main alone, the two virtual threads one after"
                + " another: " + page);
    }

    /**
     * Past the bound each thread keeps the last sample of each run of {@code stride}, standing for the run's time
     * and count: each thread's time, and so the whole recording's, stays exact.
     */
    @Test
    void pastTheBoundEachThreadKeepsOneSampleInStrideWithTheTimeOfItsRun() throws Exception {
        TimedSamples.Builder samples = new TimedSamples.Builder();
        for (int i = 0; i < 5; i++) {
            samples.add(BASE + (5 - i) * 100_000, 0, OmpState.WORK_SERIAL, i % 2, 1000 + i, 1);
        }
        samples.add(BASE + 300_000, 1, OmpState.WAIT_LOCK, 1, 7, 3);
        String page = page(samples.build(t -> t == 0 ? main : other, s -> s, STACKS::get), 3);
        // Stride 2: thread 0 in time order is samples 4 3 | 2 1 | 0; thread 1 keeps its one sample. Stacks are
        // numbered as the kept samples first use them: sample 3's (App.main;<OMP-lock_wait>) is 0.
        assertTrue(page.contains("\"samples\":{\"count\":8,\"stride\":2,\"s\":[200.0,0,0,0,2007,2,"
                + "400.0,0,0,0,2003,2,500.0,0,0,1,1000,1,300.0,1,9,0,7,3]"), page);
    }

    private String page(TimedSamples samples, int maxSamples) throws Exception {
        long base = BASE;
        Timeline timeline = new Timeline(base, base + 3_000_000, List.of(new ThreadTimeline(main, List.of(
                new StateInterval(base, base + 1_000_000, OmpState.WORK_SERIAL, 0, 1, 0),
                new StateInterval(base + 1_000_000, base + 3_000_000, OmpState.WAIT_LOCK, 5, 6, 42)))),
                List.of(new RegionSpan(5, 0, main, base + 1_000_000, base + 3_000_000, 4, "App.solve(App.java:9)",
                        List.of(new TeamMember(main, 0, 6, base + 1_000_000, base + 3_000_000)))));
        Path file = dir.resolve("t.html");
        TimelineHtml.write(timeline, samples, maxSamples, "run", file);
        return Files.readString(file);
    }
}
