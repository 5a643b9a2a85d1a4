package io.github.ompt4j.profile.output;

import io.github.ompt4j.profile.jfr.LongLongMap;
import io.github.ompt4j.profile.model.OmpState;
import io.github.ompt4j.profile.model.RegionSpan;
import io.github.ompt4j.profile.model.StateInterval;
import io.github.ompt4j.profile.model.ProfileThread;
import io.github.ompt4j.profile.model.ThreadTimeline;
import io.github.ompt4j.profile.model.TimedSamples;
import io.github.ompt4j.profile.model.Timeline;
import java.io.IOException;
import java.io.InputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The timeline as one self-contained HTML page (no external resources): a row per platform thread coloured by OMPT
 * state, and rows that virtual threads share one after another ({@link ThreadLanes}), as many as the page's window
 * holds, scrolled through when there are more; regions as bars in lanes by nesting level, a legend, hover details,
 * zoom and pan, and a table of each thread's work, wait and idle shares (the virtual threads' together); and the
 * profile's samples ({@link TimelineSamples}), from which the page shows a selected range's sampled time per state
 * and per thread and its heaviest user-model stacks, for all threads or one, and marks the samples whose stack has
 * a frame that contains a searched text. The page is {@code timeline.html} with the data as JSON in place of its
 * {@code /*DATA*&#47;} marker ({@link JsonWriter}'s, so no name can end the page's script); times are microseconds
 * from the recording's start. A sampled thread with no OpenMP states (one the runtime did not know) gets an empty
 * row, so that its samples have a place.
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

    /** The page with at most {@link TimelineSamples#MAX_SAMPLES} samples (and one per thread). */
    public static void write(Timeline timeline, TimedSamples samples, String title, Path file) throws IOException {
        write(timeline, samples, TimelineSamples.MAX_SAMPLES, title, file);
    }

    static void write(Timeline timeline, TimedSamples samples, int maxSamples, String title, Path file)
            throws IOException {
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
            data(timeline, samples, maxSamples, title, out);
            out.write(page, at + MARKER.length(), page.length() - at - MARKER.length());
        }
    }

    private static void data(Timeline timeline, TimedSamples samples, int maxSamples, String title, Writer out)
            throws IOException {
        long origin = timeline.startNanos();
        JsonWriter json = new JsonWriter(out);
        json.beginObject().field("title", title).name("end").number(micros(timeline.endNanos() - origin));
        json.name("states").beginArray();
        for (OmpState state : OmpState.values()) {
            json.value(state.ompName());
        }
        json.endArray().name("colors").beginArray();
        for (OmpState state : OmpState.values()) {
            json.value(COLORS.get(state));
        }
        json.endArray().name("work").beginArray();
        for (OmpState state : OmpState.values()) {
            json.value(state.isWork());
        }
        json.endArray().name("regions").beginArray();
        LongLongMap levels = new LongLongMap();
        for (RegionSpan r : timeline.regions()) {
            long level = levels.get(r.parentParallelId(), 0) + 1;
            levels.put(r.parallelId(), level);
            json.beginObject().field("id", r.parallelId()).field("parent", r.parentParallelId()).field("level", level)
                    .name("s").number(micros(r.startNanos() - origin)).name("e").number(micros(r.endNanos() - origin))
                    .field("site", r.callSite()).field("team", Math.max(r.team().size(), 1))
                    .field("thread", r.thread().name()).endObject();
        }
        json.endArray().name("threads").beginArray();
        // The page's threads: the timeline's, then the sampled threads it lacks, each with its extent.
        List<ProfileThread> threads = new ArrayList<>();
        List<List<StateInterval>> intervals = new ArrayList<>();
        Map<ProfileThread, Integer> rows = new IdentityHashMap<>();
        for (ThreadTimeline t : timeline.threads()) {
            rows.put(t.thread(), threads.size());
            threads.add(t.thread());
            intervals.add(t.intervals());
        }
        int[] sampleRows = new int[samples.threads().size()];
        for (int i = 0; i < sampleRows.length; i++) {
            ProfileThread t = samples.threads().get(i);
            Integer row = rows.get(t);
            if (row == null) {
                row = threads.size();
                rows.put(t, row);
                threads.add(t);
                intervals.add(List.of());
            }
            sampleRows[i] = row;
        }
        long[] starts = new long[threads.size()];
        long[] ends = new long[threads.size()];
        Arrays.fill(starts, Long.MAX_VALUE);
        Arrays.fill(ends, Long.MIN_VALUE);
        for (int i = 0; i < samples.size(); i++) {
            int row = sampleRows[samples.thread(i)];
            starts[row] = Math.min(starts[row], samples.time(i));
            ends[row] = Math.max(ends[row], samples.time(i));
        }
        for (int row = 0; row < threads.size(); row++) {
            List<StateInterval> line = intervals.get(row);
            json.beginObject().field("name", threads.get(row).name()).field("type", threads.get(row).ompType());
            if (threads.get(row).isVirtual()) {
                json.name("virtual").value(true);
            }
            json.name("iv").beginArray();
            for (StateInterval i : line) {
                json.number(micros(i.startNanos() - origin)).number(micros(i.endNanos() - origin))
                        .value(i.state().ordinal()).value(i.parallelId()).value(i.taskId()).value(i.waitId());
            }
            json.endArray().endObject();
            if (!line.isEmpty()) {
                starts[row] = Math.min(starts[row], line.get(0).startNanos());
                ends[row] = Math.max(ends[row], line.get(line.size() - 1).endNanos());
            } else if (starts[row] > ends[row]) {
                starts[row] = origin; // neither states nor samples: an instant, anywhere
                ends[row] = origin;
            }
        }
        json.endArray().name("lanes").beginArray();
        for (int[] lane : ThreadLanes.of(threads, starts, ends).lanes()) {
            json.beginArray();
            for (int row : lane) {
                json.value(row);
            }
            json.endArray();
        }
        json.endArray().name("samples");
        TimelineSamples.write(json, samples, maxSamples, sampleRows, origin);
        json.endObject();
    }

    /**
     * Microseconds with one decimal, rounded half up as {@code %.1f} rounds, without the formatter's cost: the page
     * has one for each interval and each sample.
     */
    static String micros(long nanos) {
        long tenths = (Math.abs(nanos) + 50) / 100;
        return (nanos < 0 ? "-" : "") + tenths / 10 + "." + tenths % 10;
    }
}
