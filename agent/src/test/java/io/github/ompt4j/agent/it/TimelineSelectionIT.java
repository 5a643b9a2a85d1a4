package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.ompt4j.profile.model.OmpState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The timeline page of a real recording (a critical-section program), driven in headless Chromium with real
 * mouse and keyboard input: a click on the time axis selects the whole recording, whose sampled time per state
 * is the text report's; a drag on the axis selects a range, whose panel sums exactly the samples of that range
 * (recomputed here from the page's own data) and heads its stacks with the one most sampled; the thread filter
 * keeps one thread's samples; the search marks the stacks that have a frame containing the text, and narrows the
 * panel to their samples when asked; the page's address keeps all of it, so a reload shows the same panel. Nothing here
 * depends on how long anything took: only on which samples fall where.
 */
class TimelineSelectionIT {
    /** What the page shows, with the exact numbers its rows carry; and its data. */
    private static final String READ_PANEL = "(() => {"
            + " const rows = q => [...document.querySelectorAll(q)].map(tr => Object.assign({ match: tr.className"
            + " === 'match' }, tr.dataset));"
            + " const box = document.getElementById('selection');"
            + " return { t0: +box.dataset.t0, t1: +box.dataset.t1, states: rows('#by-state tbody tr'),"
            + " totals: rows('#by-state tfoot tr'), threads: rows('#by-thread tbody tr'),"
            + " stacks: rows('#top-stacks tbody tr'), matches: document.getElementById('matches').textContent };"
            + " })()";
    @TempDir
    static Path dir;
    static Path page;
    static String report;

    @BeforeAll
    static void recordAndReport() throws Exception {
        Path recording = ProfiledRun.record(dir, "critical", Map.of());
        page = dir.resolve("timeline.html");
        Path text = dir.resolve("report.txt");
        AgentRun run = ReportCommandIT.report(recording.toString(), "--text", text.toString(), "--timeline",
                page.toString());
        assertEquals(0, run.exit, run.toString());
        report = Files.readString(text);
    }

    @Test
    void aSelectedRangeShowsItsSamplesTimePerStateAndThreadAndItsTopStacks() throws Exception {
        assumeTrue(Files.isExecutable(ReportCommandIT.CHROMIUM), "headless Chromium (" + ReportCommandIT.CHROMIUM
                + ") is not installed; the timeline's selection is not tried");
        try (DevToolsPage browser = DevToolsPage.open(page, Files.createTempDirectory(dir, "chromium"), 1400, 1000)) {
            Data data = new Data(browser.evaluate("DATA"));
            JsonNode canvas = browser.evaluate("(() => { const r = document.getElementById('canvas')"
                    + ".getBoundingClientRect(); return { left: r.left, top: r.top, width: r.width }; })()");
            double left = canvas.get("left").asDouble();
            double width = canvas.get("width").asDouble();
            double axis = canvas.get("top").asDouble() + 8;

            browser.click(left + width * 0.5, axis);
            JsonNode whole = browser.evaluate(READ_PANEL);
            assertEquals(data.end(), whole.get("t1").asDouble(), "a click on the axis selects the whole recording");
            agreesWithTheReport(whole);

            browser.drag(left + width * 0.45, axis, left + width * 0.75, axis);
            JsonNode range = browser.evaluate(READ_PANEL);
            double t0 = range.get("t0").asDouble();
            double t1 = range.get("t1").asDouble();
            assertTrue(t0 > 0 && t1 < data.end() && t0 < t1, "the drag selected a part of the recording: " + range);
            sumsItsRange(range, data.in(t0, t1, -1));

            int worker = data.threadNamed("omp-worker-0");
            browser.evaluate("(() => { const s = document.getElementById('thread'); s.value = '" + worker + "';"
                    + " s.dispatchEvent(new Event('change')); })()");
            JsonNode filtered = browser.evaluate(READ_PANEL);
            Range one = data.in(t0, t1, worker);
            sumsItsRange(filtered, one);
            assertEquals(Set.of(String.valueOf(worker)), byKey(filtered.get("threads"), "thread").keySet(),
                    "only the chosen thread's samples: " + filtered);
            assertTrue(one.total < data.in(t0, t1, -1).total, "the other threads' samples are gone: " + filtered);

            browser.evaluate("document.getElementById('search').focus()");
            browser.type("criticalSection");
            JsonNode searched = browser.evaluate(READ_PANEL);
            Set<String> marked = new HashSet<>();
            Set<String> expected = new HashSet<>();
            for (JsonNode s : searched.get("stacks")) {
                if (s.get("match").asBoolean()) {
                    marked.add(s.get("stack").asText());
                }
                if (data.stackContains(s.get("stack").asInt(), "criticalsection")) {
                    expected.add(s.get("stack").asText());
                }
            }
            assertTrue(!expected.isEmpty(), "the critical section's stacks are among the top ones: " + searched);
            assertEquals(expected, marked, "the stacks with a frame containing the text are marked: " + searched);
            assertTrue(searched.get("matches").asText().startsWith(data.matching(t0, t1, worker, "criticalsection")
                    + " samples ("), "the samples that match are counted: " + searched);

            // All threads, and the waits for the critical section only (its body's samples do not match them).
            browser.evaluate("(() => { const s = document.getElementById('thread'); s.value = '-1';"
                    + " s.dispatchEvent(new Event('change')); })()");
            browser.evaluate("ompt.search('critical_section_wait')");
            browser.evaluate("document.getElementById('only').click()");
            JsonNode narrowed = browser.evaluate(READ_PANEL);
            Range matched = data.in(t0, t1, -1, "critical_section_wait");
            sumsItsRange(narrowed, matched);
            assertTrue(matched.total < data.in(t0, t1, -1).total, "some samples of the range do not match: " + narrowed);
            narrowed.get("stacks").forEach(s -> assertTrue(s.get("match").asBoolean(), "only the matching samples"
                    + " count: " + narrowed));

            browser.evaluate("(() => { const s = document.getElementById('thread'); s.value = '" + worker + "';"
                    + " s.dispatchEvent(new Event('change')); })()");
            JsonNode chosen = browser.evaluate(READ_PANEL);
            String address = browser.evaluate("location.hash").asText();
            assertTrue(address.contains("thread=" + worker) && address.contains("search=critical_section_wait")
                    && address.contains("only=1") && address.contains("t0="), address);
            browser.reload();
            assertEquals(chosen, browser.evaluate(READ_PANEL), "the page's address " + address + " shows the same"
                    + " panel after a reload");
        }
    }

    /** The whole recording's time per state, OMP work and OMP wait are the report's, to its tenth of a millisecond. */
    private static void agreesWithTheReport(JsonNode panel) {
        Map<String, Long> totals = byKey(panel.get("totals"), "total");
        Matcher summary = Pattern.compile("total thread time ([\\d.]+ ms) = OMP work ([\\d.]+ ms) \\([\\d.]+%\\) \\+ OMP"
                + " wait ([\\d.]+ ms)").matcher(report);
        assertTrue(summary.find(), report);
        assertEquals(summary.group(1), ms(totals.get("all")), report);
        assertEquals(summary.group(2), ms(totals.get("work")), report);
        assertEquals(summary.group(3), ms(totals.get("wait")), report);
        Map<String, Long> states = byKey(panel.get("states"), "state");
        assertTrue(states.containsKey("wait_critical"), "the critical section's waits were sampled: " + panel);
        long work = 0;
        for (Map.Entry<String, Long> state : states.entrySet()) {
            OmpState s = OmpState.fromOmpName(state.getKey());
            if (s.isWork()) {
                work += state.getValue();
                continue;
            }
            Matcher sampled = Pattern.compile("\\n  " + Pattern.quote(s.artificialFrame()) + "\\s+([\\d.]+ ms)")
                    .matcher(report);
            assertTrue(sampled.find(), s + " in the report's waits:\n" + report);
            assertEquals(sampled.group(1), ms(state.getValue()), s + " as the report has it:\n" + report);
        }
        assertEquals(totals.get("work"), work, "the work states add up to OMP work: " + panel);
    }

    /** The panel's numbers are its range's samples', and its states add up to their sampled thread time. */
    private static void sumsItsRange(JsonNode panel, Range expected) {
        Map<String, Long> states = byKey(panel.get("states"), "state");
        assertEquals(expected.byState, states, "time per state: " + panel);
        assertEquals(expected.total, states.values().stream().mapToLong(Long::longValue).sum(), panel.toString());
        assertEquals(expected.total, (long) byKey(panel.get("totals"), "total").get("all"), panel.toString());
        assertEquals(expected.byThread, byKey(panel.get("threads"), "thread"), "time per thread: " + panel);
        JsonNode top = panel.get("stacks").get(0);
        long most = expected.samplesByStack.values().stream().mapToLong(Long::longValue).max().orElseThrow();
        assertEquals(most, top.get("samples").asLong(), "the top stack is the most sampled: " + panel);
        assertEquals(most, (long) expected.samplesByStack.get(top.get("stack").asInt()), panel.toString());
    }

    private static Map<String, Long> byKey(JsonNode rows, String key) {
        Map<String, Long> map = new TreeMap<>();
        rows.forEach(r -> map.put(r.get(key).asText(), r.get("ns").asLong()));
        return map;
    }

    /** As the text report writes a time. */
    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
    }

    /** The samples of a range, summed here from the page's data, independently of its script. */
    private static final class Range {
        final Map<String, Long> byState = new TreeMap<>();
        final Map<String, Long> byThread = new TreeMap<>();
        final Map<Integer, Long> samplesByStack = new HashMap<>();
        long total;
    }

    /** The page's data: six numbers a sample (time, thread, state, stack, nanoseconds, count), stacks and frames. */
    private record Data(JsonNode json) {
        double end() {
            double end = json.get("end").asDouble();
            for (int k = 0; k < samples().size(); k += 6) {
                end = Math.max(end, samples().get(k).asDouble());
            }
            return end;
        }

        JsonNode samples() {
            return json.get("samples").get("s");
        }

        int threadNamed(String name) {
            for (int i = 0; i < json.get("threads").size(); i++) {
                if (json.get("threads").get(i).get("name").asText().equals(name)) {
                    return i;
                }
            }
            throw new AssertionError("no thread " + name + " in " + json.get("threads"));
        }

        /** The samples at {@code t0} to {@code t1}, inclusive, of one thread or all (-1). */
        Range in(double t0, double t1, int thread) {
            return in(t0, t1, thread, null);
        }

        /** The same, only those whose stack has a frame that contains {@code lowerCaseText} (null: all). */
        Range in(double t0, double t1, int thread, String lowerCaseText) {
            Range r = new Range();
            JsonNode s = samples();
            for (int k = 0; k < s.size(); k += 6) {
                double t = s.get(k).asDouble();
                if (t < t0 || t > t1 || thread >= 0 && s.get(k + 1).asInt() != thread
                        || lowerCaseText != null && !stackContains(s.get(k + 3).asInt(), lowerCaseText)) {
                    continue;
                }
                long nanos = s.get(k + 4).asLong();
                r.total += nanos;
                r.byState.merge(json.get("states").get(s.get(k + 2).asInt()).asText(), nanos, Long::sum);
                r.byThread.merge(s.get(k + 1).asText(), nanos, Long::sum);
                r.samplesByStack.merge(s.get(k + 3).asInt(), s.get(k + 5).asLong(), Long::sum);
            }
            return r;
        }

        /** How many samples at {@code t0} to {@code t1} of {@code thread} have a frame that contains the text. */
        long matching(double t0, double t1, int thread, String lowerCaseText) {
            long samples = 0;
            JsonNode s = samples();
            for (int k = 0; k < s.size(); k += 6) {
                double t = s.get(k).asDouble();
                if (t >= t0 && t <= t1 && s.get(k + 1).asInt() == thread && stackContains(s.get(k + 3).asInt(),
                        lowerCaseText)) {
                    samples += s.get(k + 5).asLong();
                }
            }
            return samples;
        }

        boolean stackContains(int stack, String lowerCaseText) {
            for (JsonNode frame : json.get("samples").get("stacks").get(stack)) {
                String name = json.get("samples").get("frames").get(frame.asInt()).asText();
                if (name.toLowerCase(Locale.ROOT).contains(lowerCaseText)) {
                    return true;
                }
            }
            return false;
        }
    }
}
