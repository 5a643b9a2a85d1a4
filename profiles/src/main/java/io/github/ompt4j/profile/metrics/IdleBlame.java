package io.github.ompt4j.profile.metrics;

import io.github.ompt4j.profile.jfr.RecordedRun;
import io.github.ompt4j.profile.jfr.ThreadRecord;
import io.github.ompt4j.profile.model.OmpState;
import io.github.ompt4j.profile.state.Intervals;
import io.github.ompt4j.profile.state.RegionTable;
import io.github.ompt4j.profile.state.RunStates;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Idle time blamed on the regions that ran meanwhile: a worker idle while outermost regions run is
 * parallelism those regions did not use (a team smaller than the pool, or a serial stretch inside). Each idle
 * stretch is split evenly among the outermost regions running during each part of it, by construct (call
 * site); idle time while no region runs goes to {@link #SERIAL}.
 */
public final class IdleBlame {
    /** The blame of idle time while no region ran. */
    public static final String SERIAL = "(no region running: serial code)";

    private IdleBlame() {
    }

    /** Construct (call site) to idle nanoseconds, most first. */
    public static Map<String, Long> of(RecordedRun run, RunStates states, RegionTable regions) {
        List<long[]> outer = new ArrayList<>();
        List<String> sites = new ArrayList<>();
        for (RegionTable.Region r : regions.all()) {
            if (r.parent() == 0) {
                outer.add(new long[] {r.start(), r.end(), sites.size()});
                sites.add(r.callSite().isEmpty() ? "region " + r.parallelId : r.callSite());
            }
        }
        outer.sort(Comparator.comparingLong(a -> a[0]));
        Map<String, Long> blame = new LinkedHashMap<>();
        for (ThreadRecord t : run.threads()) {
            Intervals intervals = states.of(t.index);
            for (int i = 0; intervals != null && i < intervals.size(); i++) {
                if (intervals.state(i) == OmpState.IDLE) {
                    blame(intervals.start(i), intervals.end(i), outer, sites, blame);
                }
            }
        }
        List<Map.Entry<String, Long>> sorted = new ArrayList<>(blame.entrySet());
        sorted.sort((a, b) -> Long.compare(b.getValue(), a.getValue()));
        Map<String, Long> result = new LinkedHashMap<>();
        sorted.forEach(e -> result.put(e.getKey(), e.getValue()));
        return result;
    }

    /** Split {@code [from, to)} at every region boundary inside it; each piece goes to the regions covering it. */
    private static void blame(long from, long to, List<long[]> outer, List<String> sites, Map<String, Long> blame) {
        List<Long> cuts = new ArrayList<>(List.of(from, to));
        List<long[]> overlapping = new ArrayList<>();
        for (long[] r : outer) {
            if (r[0] >= to) {
                break;
            }
            if (r[1] > from) {
                overlapping.add(r);
                cuts.add(Math.max(from, r[0]));
                cuts.add(Math.min(to, r[1]));
            }
        }
        cuts.sort(null);
        for (int c = 0; c + 1 < cuts.size(); c++) {
            long a = cuts.get(c);
            long b = cuts.get(c + 1);
            if (b <= a) {
                continue;
            }
            List<String> running = new ArrayList<>();
            for (long[] r : overlapping) {
                if (r[0] <= a && b <= r[1]) {
                    running.add(sites.get((int) r[2]));
                }
            }
            if (running.isEmpty()) {
                blame.merge(SERIAL, b - a, Long::sum);
            } else {
                for (String site : running) {
                    blame.merge(site, (b - a) / running.size(), Long::sum);
                }
            }
        }
    }
}
