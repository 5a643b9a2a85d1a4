package io.github.ompt4j.profile.metrics;

import io.github.ompt4j.profile.jfr.RecordedRun;
import io.github.ompt4j.profile.jfr.ThreadRecord;
import io.github.ompt4j.profile.model.OmpState;
import io.github.ompt4j.profile.state.Intervals;
import io.github.ompt4j.profile.state.RegionTable;
import io.github.ompt4j.profile.state.RunStates;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Idle time blamed on the regions that ran meanwhile: a worker idle while outermost regions run is
 * parallelism those regions did not use (a team smaller than the pool, or a serial stretch inside). Each idle
 * stretch is split evenly among the outermost regions running during each part of it, by construct (call
 * site); idle time while no region runs goes to {@link #SERIAL}. Idle time is what the spans or the state samples
 * say, not the state rule's default between a worker's spans (where it may run tasks under the threshold).
 */
public final class IdleBlame {
    /** The blame of idle time while no region ran. */
    public static final String SERIAL = "(no region running: serial code)";

    private IdleBlame() {
    }

    /**
     * Construct (call site) to idle nanoseconds, most first. One sweep over the starts and ends of the
     * outermost regions and the idle stretches, in time order: between two of them, the idle threads'
     * time is shared evenly by the regions running, so each region's share is what the running share per
     * region ({@code perRegion}) gained between its start and its end. Linear after the sort, however many
     * regions overlap an idle stretch (splitting each stretch at every region boundary inside it did not end
     * in minutes on the stress mix's 64 threads starting regions while workers idled across thousands).
     */
    public static Map<String, Long> of(RecordedRun run, RunStates states, RegionTable regions) {
        List<String> sites = new ArrayList<>();
        Events events = new Events();
        for (RegionTable.Region r : regions.all()) {
            if (r.parent() == 0 && r.end() > r.start()) {
                events.add(r.start(), 2 * sites.size());
                events.add(r.end(), 2 * sites.size() + 1);
                sites.add(r.callSite().isEmpty() ? "region " + r.parallelId : r.callSite());
            }
        }
        for (ThreadRecord t : run.threads()) {
            Intervals intervals = states.of(t.index);
            for (int i = 0; intervals != null && i < intervals.size(); i++) {
                if (intervals.state(i) == OmpState.IDLE && !intervals.byDefault(i)
                        && intervals.end(i) > intervals.start(i)) {
                    events.add(intervals.start(i), IDLE_START);
                    events.add(intervals.end(i), IDLE_END);
                }
            }
        }
        double[] shareAtStart = new double[sites.size()];
        Map<String, Long> blame = new LinkedHashMap<>();
        double perRegion = 0;
        long serial = 0;
        int idle = 0;
        int running = 0;
        long last = 0;
        for (int e : events.inTimeOrder()) {
            long now = events.at[e];
            if (idle > 0) {
                if (running == 0) {
                    serial += idle * (now - last);
                } else {
                    perRegion += (double) idle * (now - last) / running;
                }
            }
            last = now;
            int what = events.what[e];
            if (what == IDLE_START) {
                idle++;
            } else if (what == IDLE_END) {
                idle--;
            } else if (what % 2 == 0) {
                running++;
                shareAtStart[what / 2] = perRegion;
            } else {
                running--;
                blame.merge(sites.get(what / 2), Math.round(perRegion - shareAtStart[what / 2]), Long::sum);
            }
        }
        if (serial > 0) {
            blame.put(SERIAL, serial);
        }
        // Only the constructs that idle time was blamed on, as when each stretch was split.
        blame.values().removeIf(v -> v == 0);
        List<Map.Entry<String, Long>> sorted = new ArrayList<>(blame.entrySet());
        sorted.sort((a, b) -> Long.compare(b.getValue(), a.getValue()));
        Map<String, Long> result = new LinkedHashMap<>();
        sorted.forEach(e -> result.put(e.getKey(), e.getValue()));
        return result;
    }

    private static final int IDLE_START = -1;
    private static final int IDLE_END = -2;

    /** Times and what happens at each: a region's start ({@code 2r}) or end ({@code 2r + 1}), an idle stretch's start or end. */
    private static final class Events {
        long[] at = new long[64];
        int[] what = new int[64];
        int size;

        void add(long time, int event) {
            if (size == at.length) {
                at = Arrays.copyOf(at, 2 * size);
                what = Arrays.copyOf(what, 2 * size);
            }
            at[size] = time;
            what[size++] = event;
        }

        /** The events' indexes, in time order. */
        int[] inTimeOrder() {
            Integer[] order = new Integer[size];
            for (int i = 0; i < size; i++) {
                order[i] = i;
            }
            Arrays.sort(order, Comparator.comparingLong(i -> at[i]));
            int[] indexes = new int[size];
            for (int i = 0; i < size; i++) {
                indexes[i] = order[i];
            }
            return indexes;
        }
    }
}
