package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ompt4j.profile.model.OmpState;
import io.github.ompt4j.profile.model.ProfileThread;
import io.github.ompt4j.profile.model.StateInterval;
import io.github.ompt4j.profile.model.ThreadTimeline;
import io.github.ompt4j.profile.model.TimedSamples;
import io.github.ompt4j.profile.model.Timeline;
import io.github.ompt4j.profile.output.TimelineHtml;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The timeline page's rows, in headless Chromium with real mouse input. A program of many virtual threads (one a
 * task, as a server makes one a request) gets a row for each platform thread and rows that virtual threads share,
 * one after another, and one line for all of them in the tables and the thread filter; a page of more rows than
 * fit draws those that fit and scrolls through the rest. Before, each thread had a row of its own on one canvas,
 * and a canvas taller than Chromium allows (about 1,800 rows) is blank: a virtual-thread server's page showed
 * nothing.
 */
class TimelineRowsIT {
    private static final int WIDTH = 1400;
    private static final int HEIGHT = 1000;
    /** Where the page puts a row, and the hover's text at a point (the page's own functions). */
    private static final String GEOMETRY = "(() => { const r = canvas.getBoundingClientRect();"
            + " return { left: r.left, top: r.top, height: canvas.height, first: first, visible: visible,"
            + " lanes: lanes.length, regionLanes: regionLanes }; })()";

    @TempDir
    Path dir;

    @Test
    void virtualThreadsShareRowsOneAfterAnotherAndTheTablesCountThemTogether() throws Exception {
        assumeTrue(Runtime.version().feature() >= 21, "virtual threads need JDK 21");
        assumeChromium();
        Path recording = ProfiledRun.record(dir, "virtual-threads", Map.of());
        Path page = dir.resolve("timeline.html");
        AgentRun run = ReportCommandIT.report(recording.toString(), "--timeline", page.toString());
        assertEquals(0, run.exit, run.toString());
        try (DevToolsPage browser = DevToolsPage.open(page, Files.createTempDirectory(dir, "chromium"), WIDTH, HEIGHT)) {
            JsonNode data = browser.evaluate("DATA");
            JsonNode threads = data.get("threads");
            List<Integer> virtual = new ArrayList<>();
            for (int t = 0; t < threads.size(); t++) {
                if (threads.get(t).path("virtual").asBoolean()) {
                    virtual.add(t);
                }
            }
            assertEquals(400, virtual.size(), "the situation's 400 virtual threads: " + names(threads));
            Set<Integer> placed = new HashSet<>();
            int shared = 0;
            for (JsonNode lane : data.get("lanes")) {
                double end = Double.NEGATIVE_INFINITY;
                for (JsonNode member : lane) {
                    int t = member.asInt();
                    assertTrue(placed.add(t), "thread " + t + " is on one row");
                    assertTrue(lane.size() == 1 || virtual.contains(t), "a platform thread has a row of its own: "
                            + lane);
                    JsonNode iv = threads.get(t).get("iv");
                    if (iv.size() > 0) { // a thread only sampled, none of its states recorded, has none
                        assertTrue(iv.get(0).asDouble() >= end, "a row's virtual threads follow one another: " + lane);
                        end = iv.get(iv.size() - 5).asDouble();
                    }
                }
                shared += lane.size() > 1 ? 1 : 0;
            }
            assertEquals(threads.size(), placed.size(), "every thread has a row");
            int virtualRows = data.get("lanes").size() - (threads.size() - virtual.size());
            assertTrue(shared > 0 && virtualRows < virtual.size() / 4, virtualRows + " rows for " + virtual.size()
                    + " virtual threads, " + shared + " shared");

            JsonNode at = browser.evaluate(GEOMETRY);
            assertTrue(at.get("height").asInt() <= HEIGHT, "the canvas fits the window: " + at);
            // The first row virtual threads share, at the middle of the first interval of the last that ran on it:
            // the hover names that one.
            int row = -1;
            for (int r = 0; r < data.get("lanes").size() && row < 0; r++) {
                row = data.get("lanes").get(r).size() > 1 ? r : -1;
            }
            JsonNode lane = data.get("lanes").get(row);
            int thread = lane.get(lane.size() - 1).asInt();
            JsonNode iv = threads.get(thread).get("iv");
            double middle = (iv.get(0).asDouble() + iv.get(1).asDouble()) / 2;
            browser.evaluate("v0 = " + (middle - 50) + "; v1 = " + (middle + 50) + "; draw()");
            double x = at.get("left").asDouble() + browser.evaluate("x(" + middle + ")").asDouble();
            double y = at.get("top").asDouble() + browser.evaluate("rowY(regionLanes + " + row + ")").asDouble() + 8;
            browser.hover(x, y);
            String tip = browser.evaluate("tip.style.display === 'block' ? tip.textContent : ''").asText();
            assertTrue(tip.startsWith(threads.get(thread).get("name").asText() + ": "), "the hover over row " + row
                    + " names its virtual thread at that instant: '" + tip + "'");

            // The filter: the virtual threads together, their samples in one row of the panel.
            browser.evaluate("(() => { const s = document.getElementById('thread'); s.value = '-2';"
                    + " s.dispatchEvent(new Event('change')); })()");
            JsonNode panel = browser.evaluate("[...document.querySelectorAll('#by-thread tbody tr')]"
                    + ".map(tr => ({ thread: tr.dataset.thread, ns: +tr.dataset.ns, name: tr.cells[0].textContent }))");
            long virtualNanos = 0;
            JsonNode s = data.get("samples").get("s");
            for (int k = 0; k < s.size(); k += 6) {
                virtualNanos += virtual.contains(s.get(k + 1).asInt()) ? s.get(k + 4).asLong() : 0;
            }
            assertTrue(virtualNanos > 0, "the virtual threads were sampled");
            assertEquals(1, panel.size(), "one row for the virtual threads: " + panel);
            assertEquals("virtual", panel.get(0).get("thread").asText(), panel.toString());
            assertEquals(virtualNanos, panel.get(0).get("ns").asLong(), "their samples' time: " + panel);
            assertEquals(browser.evaluate("lanes.length").asInt(), virtualRows, "only their rows are shown");
            JsonNode summary = browser.evaluate("[...document.querySelectorAll('#summary tbody tr')]"
                    + ".map(tr => tr.cells[0].textContent + ' ' + tr.cells[1].textContent)");
            assertEquals(threads.size() - virtual.size() + 1, summary.size(), summary.toString());
            assertTrue(summary.toString().contains("\"virtual threads (400) virtual\""), summary.toString());
        }
    }

    /**
     * 3,000 platform threads: the canvas holds the rows that fit, and the wheel over the threads' names scrolls to
     * the last, which the hover then names.
     */
    @Test
    void rowsThatDoNotFitScroll() throws Exception {
        assumeChromium();
        long base = 1_000_000_000_000L;
        List<ThreadTimeline> lines = new ArrayList<>();
        for (int t = 0; t < 3000; t++) {
            ProfileThread thread = new ProfileThread(t + 1, 1000 + t, "thread " + t, t + 1, t == 0 ? "initial" : "other");
            lines.add(new ThreadTimeline(thread, List.of(new StateInterval(base, base + 1_000_000,
                    OmpState.values()[t % 3], 0, t + 1, 0))));
        }
        Path page = dir.resolve("many.html");
        TimelineHtml.write(new Timeline(base, base + 1_000_000, lines, List.of()),
                new TimedSamples.Builder().build(t -> null, t -> t, t -> List.of()), "many threads", page);
        try (DevToolsPage browser = DevToolsPage.open(page, Files.createTempDirectory(dir, "chromium"), WIDTH, HEIGHT)) {
            JsonNode at = browser.evaluate(GEOMETRY);
            assertTrue(at.get("height").asInt() <= HEIGHT && at.get("visible").asInt() < 3000, at.toString());
            assertEquals(3000, at.get("lanes").asInt(), at.toString());
            double left = at.get("left").asDouble();
            double top = at.get("top").asDouble();
            for (int turn = 0; turn < 200 && browser.evaluate(GEOMETRY).get("first").asInt() < 3000
                    - at.get("visible").asInt(); turn++) {
                browser.wheel(left + 40, top + 100, 2000);
            }
            JsonNode end = browser.evaluate(GEOMETRY);
            assertEquals(3000 - end.get("visible").asInt(), end.get("first").asInt(), "scrolled to the end: " + end);
            double y = top + browser.evaluate("rowY(regionLanes + visible - 1)").asDouble() + 8;
            browser.hover(left + browser.evaluate("x(500)").asDouble(), y);
            String tip = browser.evaluate("tip.style.display === 'block' ? tip.textContent : ''").asText();
            assertTrue(tip.startsWith("thread 2999: "), "the last row is the last thread's: '" + tip + "'");
        }
    }

    private static void assumeChromium() {
        assumeTrue(Files.isExecutable(ReportCommandIT.CHROMIUM), "headless Chromium (" + ReportCommandIT.CHROMIUM
                + ") is not installed; the timeline's rows are not tried");
    }

    private static List<String> names(JsonNode threads) {
        List<String> names = new ArrayList<>();
        threads.forEach(t -> names.add(t.get("name").asText()));
        return names.subList(0, Math.min(20, names.size()));
    }
}
