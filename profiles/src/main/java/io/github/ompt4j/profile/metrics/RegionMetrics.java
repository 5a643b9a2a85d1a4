package io.github.ompt4j.profile.metrics;

import io.github.ompt4j.profile.fold.Folder;
import io.github.ompt4j.profile.jfr.Span;
import io.github.ompt4j.profile.jfr.ThreadRecord;
import io.github.ompt4j.profile.state.Intervals;
import io.github.ompt4j.profile.state.RegionTable;
import io.github.ompt4j.profile.state.RunStates;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Regions grouped by construct (their call site): how often they ran and for how long, the OMP work and wait
 * of the samples inside them (a region's own, not its nested regions'), and their load imbalance. A member's
 * work is its implicit task's duration minus its waits in that region, from the recorded intervals; a region
 * loses {@code sum(max - work_i)} of its team's {@code n * max}, as the JMC load-imbalance rule counts it.
 */
public final class RegionMetrics {
    /** One construct's regions. */
    public static final class Construct {
        public final String callSite;
        public int instances;
        public int maxTeam;
        public long wallNanos;
        public long samples;
        public long workNanos;
        public long waitNanos;
        /** Team time lost to imbalance, and the team time it is a share of. */
        public long lostNanos;
        public long teamNanos;

        Construct(String callSite) {
            this.callSite = callSite;
        }

        /** The share of team time lost to imbalance, 0 to 1. */
        public double imbalance() {
            return teamNanos == 0 ? 0 : (double) lostNanos / teamNanos;
        }
    }

    private RegionMetrics() {
    }

    /** Constructs by sampled time (work and wait), most first; regions without samples last. */
    public static List<Construct> of(RegionTable regions, RunStates states, Folder.Result folded) {
        Map<String, Construct> byCallSite = new LinkedHashMap<>();
        for (RegionTable.Region r : regions.all()) {
            String site = r.callSite().isEmpty() ? "region " + r.parallelId : r.callSite();
            Construct c = byCallSite.computeIfAbsent(site, Construct::new);
            c.instances++;
            c.maxTeam = Math.max(c.maxTeam, r.participants());
            c.wallNanos += r.end() - r.start();
            Folder.RegionWeights w = folded.regions.get(r.parallelId);
            if (w != null) {
                c.samples += w.samples;
                c.workNanos += w.workNanos;
                c.waitNanos += w.waitNanos;
            }
            imbalance(r, states, c);
        }
        List<Construct> list = new ArrayList<>(byCallSite.values());
        list.sort((a, b) -> Long.compare(b.workNanos + b.waitNanos, a.workNanos + a.waitNanos));
        return list;
    }

    private static void imbalance(RegionTable.Region r, RunStates states, Construct c) {
        int n = r.memberTasks().size();
        if (n < 2) {
            return;
        }
        long[] work = new long[n];
        long max = 0;
        for (int i = 0; i < n; i++) {
            Span task = r.memberTasks().get(i);
            ThreadRecord thread = r.memberThreads().get(i);
            work[i] = task.end - task.start - waited(states.of(thread.index), r.parallelId, task.start, task.end);
            max = Math.max(max, work[i]);
        }
        for (long w : work) {
            c.lostNanos += max - w;
        }
        c.teamNanos += n * max;
    }

    /** Time in wait states of region {@code region} within {@code [from, to)}. */
    static long waited(Intervals intervals, long region, long from, long to) {
        if (intervals == null) {
            return 0;
        }
        long sum = 0;
        int i = intervals.indexAt(from);
        for (i = Math.max(i, 0); i < intervals.size() && intervals.start(i) < to; i++) {
            if (intervals.region(i) == region && !intervals.state(i).isWork()) {
                sum += Math.min(to, intervals.end(i)) - Math.max(from, intervals.start(i));
            }
        }
        return Math.max(0, sum);
    }
}
