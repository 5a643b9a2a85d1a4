package io.github.ompt4j.profile.output;

import io.github.ompt4j.profile.model.OmpState;
import io.github.ompt4j.profile.model.RegionSpan;
import io.github.ompt4j.profile.model.StateInterval;
import io.github.ompt4j.profile.model.ThreadTimeline;
import io.github.ompt4j.profile.model.Timeline;
import java.io.IOException;
import java.io.InputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The timeline as one self-contained HTML page (no external resources): a row per thread coloured by OMPT
 * state, regions as bars in lanes by nesting level, a legend, hover details, zoom and pan, and a table of
 * each thread's work, wait and idle shares. The page is {@code timeline.html} with the data as JSON in place
 * of its {@code /*DATA*&#47;} marker; times are microseconds from the recording's start.
 */
public final class TimelineHtml {
    private static final String MARKER = "/*DATA*/";
    private static final Map<OmpState, String> COLORS = new HashMap<>();

    static {
        COLORS.put(OmpState.WORK_SERIAL, "#4caf50");
        COLORS.put(OmpState.WORK_PARALLEL, "#2e7d32");
        COLORS.put(OmpState.WORK_REDUCTION, "#00897b");
        COLORS.put(OmpState.IDLE, "#e0e0e0");
        COLORS.put(OmpState.OVERHEAD, "#fdd835");
        COLORS.put(OmpState.WAIT_BARRIER_IMPLICIT, "#fb8c00");
        COLORS.put(OmpState.WAIT_BARRIER_EXPLICIT, "#e65100");
        COLORS.put(OmpState.WAIT_TASKWAIT, "#8e24aa");
        COLORS.put(OmpState.WAIT_TASKGROUP, "#ba68c8");
        COLORS.put(OmpState.WAIT_LOCK, "#e53935");
        COLORS.put(OmpState.WAIT_CRITICAL, "#b71c1c");
        COLORS.put(OmpState.WAIT_ATOMIC, "#f06292");
        COLORS.put(OmpState.WAIT_ORDERED, "#795548");
        COLORS.put(OmpState.UNDEFINED, "#ffffff");
    }

    private TimelineHtml() {
    }

    public static void write(Timeline timeline, String title, Path file) throws IOException {
        String page;
        try (InputStream in = TimelineHtml.class.getResourceAsStream("timeline.html")) {
            if (in == null) {
                throw new IOException("timeline.html is missing from the class path");
            }
            page = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        int at = page.indexOf(MARKER);
        try (Writer out = OutputStreams.replacingText(file)) {
            out.write(page, 0, at);
            data(timeline, title, out);
            out.write(page, at + MARKER.length(), page.length() - at - MARKER.length());
        }
    }

    private static void data(Timeline timeline, String title, Writer out) throws IOException {
        long origin = timeline.startNanos();
        OmpState[] states = OmpState.values();
        StringBuilder s = new StringBuilder(1 << 16);
        s.append("{\"title\":").append(string(title)).append(",\"end\":").append(micros(timeline.endNanos() - origin));
        s.append(",\"states\":[");
        for (int i = 0; i < states.length; i++) {
            s.append(i == 0 ? "" : ",").append(string(states[i].ompName()));
        }
        s.append("],\"colors\":[");
        for (int i = 0; i < states.length; i++) {
            s.append(i == 0 ? "" : ",").append(string(COLORS.get(states[i])));
        }
        s.append("],\"work\":[");
        for (int i = 0; i < states.length; i++) {
            s.append(i == 0 ? "" : ",").append(states[i].isWork());
        }
        s.append("],\"regions\":[");
        Map<Long, Integer> levels = new HashMap<>();
        boolean first = true;
        for (RegionSpan r : timeline.regions()) {
            int level = levels.getOrDefault(r.parentParallelId(), 0) + 1;
            levels.put(r.parallelId(), level);
            s.append(first ? "" : ",").append("{\"id\":").append(r.parallelId()).append(",\"parent\":")
                    .append(r.parentParallelId()).append(",\"level\":").append(level).append(",\"s\":")
                    .append(micros(r.startNanos() - origin)).append(",\"e\":").append(micros(r.endNanos() - origin))
                    .append(",\"site\":").append(string(r.callSite())).append(",\"team\":")
                    .append(Math.max(r.team().size(), 1)).append(",\"thread\":").append(string(r.thread().name()))
                    .append('}');
            first = false;
        }
        s.append("],\"threads\":[");
        first = true;
        for (ThreadTimeline t : timeline.threads()) {
            s.append(first ? "" : ",").append("{\"name\":").append(string(t.thread().name())).append(",\"type\":")
                    .append(string(t.thread().ompType())).append(",\"iv\":[");
            boolean firstInterval = true;
            for (StateInterval i : t.intervals()) {
                s.append(firstInterval ? "" : ",").append(micros(i.startNanos() - origin)).append(',')
                        .append(micros(i.endNanos() - origin)).append(',').append(i.state().ordinal()).append(',')
                        .append(i.parallelId()).append(',').append(i.taskId()).append(',').append(i.waitId());
                firstInterval = false;
                if (s.length() > 1 << 20) {
                    out.append(s);
                    s.setLength(0);
                }
            }
            s.append("]}");
            first = false;
        }
        s.append("]}");
        out.append(s);
    }

    private static String micros(long nanos) {
        return String.format(Locale.ROOT, "%.1f", nanos / 1000.0);
    }

    /** A JSON string that cannot end the page's script element. */
    static String string(String value) {
        StringBuilder s = new StringBuilder(value.length() + 2).append('"');
        for (char c : value.toCharArray()) {
            if (c == '"' || c == '\\') {
                s.append('\\').append(c);
            } else if (c < 0x20 || c == '<' || c == '>' || c == '&' || c == '\u2028' || c == '\u2029') {
                s.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                s.append(c);
            }
        }
        return s.append('"').toString();
    }
}
