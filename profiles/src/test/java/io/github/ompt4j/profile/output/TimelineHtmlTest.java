package io.github.ompt4j.profile.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.profile.model.OmpState;
import io.github.ompt4j.profile.model.ProfileThread;
import io.github.ompt4j.profile.model.RegionSpan;
import io.github.ompt4j.profile.model.StateInterval;
import io.github.ompt4j.profile.model.TeamMember;
import io.github.ompt4j.profile.model.ThreadTimeline;
import io.github.ompt4j.profile.model.Timeline;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The timeline page: its data, and names that must not break out of the page's script. */
class TimelineHtmlTest {
    @TempDir
    Path dir;

    @Test
    void thePageCarriesEveryIntervalAndRegionAndLoadsNothing() throws Exception {
        ProfileThread t = new ProfileThread(1, 10, "evil</script><script>alert(1)</script>", 1, "initial");
        long base = 1_000_000_000_000L;
        Timeline timeline = new Timeline(base, base + 3_000_000, List.of(new ThreadTimeline(t, List.of(
                new StateInterval(base, base + 1_000_000, OmpState.WORK_SERIAL, 0, 1, 0),
                new StateInterval(base + 1_000_000, base + 3_000_000, OmpState.WAIT_LOCK, 5, 6, 42)))),
                List.of(new RegionSpan(5, 0, t, base + 1_000_000, base + 3_000_000, 4, "App.solve(App.java:9)",
                        List.of(new TeamMember(t, 0, 6, base + 1_000_000, base + 3_000_000)))));
        Path file = dir.resolve("t.html");
        TimelineHtml.write(timeline, "run", file);
        String page = Files.readString(file);
        assertEquals(1, page.split("</script>", -1).length - 1, "only the page's own script ends");
        assertTrue(page.contains("\"name\":\"evil\\u003c/script\\u003e"), page);
        assertTrue(page.contains("\"iv\":[0.0,1000.0,0,0,1,0,1000.0,3000.0,9,5,6,42]"), page);
        assertTrue(page.contains("{\"id\":5,\"parent\":0,\"level\":1,\"s\":1000.0,\"e\":3000.0,\"site\":"
                + "\"App.solve(App.java:9)\",\"team\":1"), page);
        assertFalse(page.matches("(?s).*(src|href)=\"?https?:.*"), "self-contained");
        assertEquals(OmpState.WAIT_LOCK.ordinal(), 9);
    }
}
