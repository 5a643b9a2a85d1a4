package io.github.ompt4j.profile.output;

import io.github.ompt4j.profile.model.ProfileThread;
import io.github.ompt4j.profile.model.RegionSpan;
import io.github.ompt4j.profile.model.StateInterval;
import io.github.ompt4j.profile.model.ThreadTimeline;
import io.github.ompt4j.profile.model.Timeline;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The timeline as a Chrome trace (the Trace Event Format's JSON object form), which Perfetto's UI and
 * {@code chrome://tracing} open: one process, a track per thread with a complete ({@code "X"}) event per OMPT state
 * interval, and the parallel regions as complete events on tracks of their own above the threads.
 *
 * <p>A state's event is named for the state ({@code work_parallel}, {@code wait_barrier_implicit} …), in the
 * category {@code work} or {@code wait} as the user model counts it, with the region, task and wait IDs that are
 * not zero as arguments. A region's event is named {@code parallel} and its call site, in the category
 * {@code region}, with its ID, its parent's, its team size and the thread that joined it. Complete events on one
 * track must nest, and regions of different threads overlap without nesting, so the regions spread over as many
 * tracks as that takes: a nested region sits under its parent where it can. Virtual threads share tracks as the
 * timeline page's rows ({@link ThreadLanes}), one after another, each of their events naming its thread
 * ({@code thread}) where a track holds more than one. Tracks are named by {@code thread_name} metadata events and
 * ordered by {@code thread_sort_index}; thread IDs are the tracks' numbers in the file (the Java and OS thread IDs
 * are in each thread's name), the first thread of the timeline first. Times ({@code ts}, {@code dur}) are
 * microseconds from the recording's start, to the nanosecond; {@code otherData} has the start as epoch nanoseconds.
 * One event per line, written by {@link JsonWriter}.
 */
public final class ChromeTraceOutput {
    private static final int PID = 1;

    private final JsonWriter json;
    private final long origin;

    private ChromeTraceOutput(JsonWriter json, long origin) {
        this.json = json;
        this.origin = origin;
    }

    /** Write {@code timeline} to {@code file}; {@code title} names the process. */
    public static void write(Timeline timeline, String title, Path file) throws IOException {
        try (Writer w = OutputStreams.replacingText(file)) {
            JsonWriter json = new JsonWriter(w);
            json.beginObject().field("displayTimeUnit", "ms").name("otherData").beginObject()
                    .field("recording_start_unix_nanos", timeline.startNanos()).endObject()
                    .name("traceEvents").beginArrayByLines();
            new ChromeTraceOutput(json, timeline.startNanos()).events(timeline, title);
            json.endArray().endObject();
            w.write('\n');
        }
    }

    private void events(Timeline timeline, String title) throws IOException {
        metadata(0, "process_name").field("name", title).endObject().endObject();
        List<RegionSpan> regions = timeline.regions();
        int[] laneOf = lanes(regions);
        int regionTracks = 0;
        for (int lane : laneOf) {
            regionTracks = Math.max(regionTracks, lane + 1);
        }
        List<ThreadTimeline> threads = timeline.threads();
        ThreadLanes lanes = threadTracks(threads);
        for (int lane = 0; lane < regionTracks; lane++) {
            int tid = lanes.lanes().size() + 1 + lane;
            track(tid, "OpenMP regions" + (lane == 0 ? "" : " " + (lane + 1)), lane);
            for (int i = 0; i < laneOf.length; i++) {
                if (laneOf[i] != lane) {
                    continue;
                }
                RegionSpan r = regions.get(i);
                complete(tid, "parallel" + (r.callSite().isEmpty() ? "" : " " + r.callSite()), "region",
                        r.startNanos(), r.endNanos()).field("parallel_id", r.parallelId())
                        .field("parent_parallel_id", r.parentParallelId()).field("team_size", r.team().size())
                        .field("requested_team_size", r.requestedTeamSize()).field("thread", r.thread().name())
                        .endObject().endObject();
            }
        }
        int virtualTracks = 0;
        for (int lane = 0; lane < lanes.lanes().size(); lane++) {
            int tid = lane + 1;
            int[] members = lanes.lanes().get(lane);
            virtualTracks += lanes.isVirtual(lane) ? 1 : 0;
            boolean shared = members.length > 1;
            track(tid, shared ? "virtual threads, track " + virtualTracks : name(threads.get(members[0]).thread()),
                    regionTracks + lane);
            for (int t : members) {
                ThreadTimeline line = threads.get(t);
                for (StateInterval i : line.intervals()) {
                    complete(tid, i.state().ompName(), i.state().isWork() ? "work" : "wait", i.startNanos(),
                            i.endNanos());
                    id("parallel_id", i.parallelId());
                    id("task_id", i.taskId());
                    id("wait_id", i.waitId());
                    if (shared) {
                        json.field("thread", name(line.thread()));
                    }
                    json.endObject().endObject();
                }
            }
        }
    }

    private static String name(ProfileThread thread) {
        return thread.name() + " (tid " + thread.javaThreadId() + ", os " + thread.osThreadId() + ")";
    }

    /** The threads' tracks: virtual threads share them ({@link ThreadLanes}), by the extent of their states. */
    private static ThreadLanes threadTracks(List<ThreadTimeline> threads) {
        List<ProfileThread> named = new ArrayList<>(threads.size());
        long[] starts = new long[threads.size()];
        long[] ends = new long[threads.size()];
        for (int t = 0; t < threads.size(); t++) {
            List<StateInterval> intervals = threads.get(t).intervals();
            named.add(threads.get(t).thread());
            if (!intervals.isEmpty()) {
                starts[t] = intervals.get(0).startNanos();
                ends[t] = intervals.get(intervals.size() - 1).endNanos();
            }
        }
        return ThreadLanes.of(named, starts, ends);
    }

    /**
     * Regions on tracks where their events nest, as complete events on one track must: each region, by start
     * time, goes on the first track where it lies within every region still open there (a nested region under
     * its parent) or where none is open. Returns each region's track; a region is read once, as a
     * {@link io.github.ompt4j.profile.model.IndexedList} of a million makes each when asked.
     */
    static int[] lanes(List<RegionSpan> regions) {
        int[] laneOf = new int[regions.size()];
        List<LongStack> open = new ArrayList<>();
        for (int i = 0; i < laneOf.length; i++) {
            RegionSpan r = regions.get(i);
            int lane = 0;
            for (; lane < open.size(); lane++) {
                LongStack ends = open.get(lane);
                while (!ends.isEmpty() && ends.peek() <= r.startNanos()) {
                    ends.pop();
                }
                if (ends.isEmpty() || r.endNanos() <= ends.peek()) {
                    break;
                }
            }
            if (lane == open.size()) {
                open.add(new LongStack());
            }
            laneOf[i] = lane;
            open.get(lane).push(r.endNanos());
        }
        return laneOf;
    }

    /** The ends of the regions open on one track, innermost on top. */
    private static final class LongStack {
        private long[] values = new long[8];
        private int size;

        boolean isEmpty() {
            return size == 0;
        }

        long peek() {
            return values[size - 1];
        }

        void pop() {
            size--;
        }

        void push(long value) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = value;
        }
    }

    private void track(int tid, String name, int sortIndex) throws IOException {
        metadata(tid, "thread_name").field("name", name).endObject().endObject();
        metadata(tid, "thread_sort_index").field("sort_index", sortIndex).endObject().endObject();
    }

    /** A metadata event, its {@code args} object open. */
    private JsonWriter metadata(int tid, String name) throws IOException {
        return json.beginObject().field("ph", "M").field("pid", PID).field("tid", tid).field("name", name)
                .name("args").beginObject();
    }

    /** A complete event, its {@code args} object open. */
    private JsonWriter complete(int tid, String name, String category, long start, long end) throws IOException {
        return json.beginObject().field("ph", "X").field("pid", PID).field("tid", tid).field("name", name)
                .field("cat", category).name("ts").number(micros(start - origin)).name("dur")
                .number(micros(Math.max(0, end - start))).name("args").beginObject();
    }

    private void id(String name, long id) throws IOException {
        if (id != 0) {
            json.field(name, id);
        }
    }

    /** Nanoseconds as microseconds with three decimals, exactly. */
    static String micros(long nanos) {
        long abs = Math.abs(nanos);
        long fraction = abs % 1000;
        return (nanos < 0 ? "-" : "") + abs / 1000 + (fraction < 10 ? ".00" : fraction < 100 ? ".0" : ".")
                + fraction;
    }
}
