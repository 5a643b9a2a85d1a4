package io.github.ompt4j.profile.metrics;

import io.github.ompt4j.profile.fold.Folder;
import io.github.ompt4j.profile.jfr.Span;
import io.github.ompt4j.profile.jfr.SpanType;
import io.github.ompt4j.profile.jfr.ThreadRecord;
import io.github.ompt4j.profile.state.RegionTable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Regions grouped by construct (their call site): how often they ran and for how long, the OMP work and wait
 * of the samples inside them (a region's own, not its nested regions'), and their load imbalance as the note of
 * {@code io.github.ompt4j.jfr} defines it, and the JMC load-imbalance rule computes it: a member's work is its
 * implicit task's duration minus its {@code ompt.SyncRegionWait} spans in that region; a region loses
 * {@code sum(max - work_i)} of its team's {@code n * max}.
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
    public static List<Construct> of(RegionTable regions, Folder.Result folded) {
        Map<String, Construct> byCallSite = new LinkedHashMap<>();
        SyncWaits waits = new SyncWaits();
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
            imbalance(r, waits, c);
        }
        List<Construct> list = new ArrayList<>(byCallSite.values());
        list.sort((a, b) -> Long.compare(b.workNanos + b.waitNanos, a.workNanos + a.waitNanos));
        return list;
    }

    /** The team time in parallel regions: every implicit task's duration, the denominator of contention shares. */
    public static long teamNanos(RegionTable regions) {
        long sum = 0;
        for (RegionTable.Region r : regions.all()) {
            for (Span task : r.memberTasks()) {
                sum += task.end - task.start;
            }
        }
        return sum;
    }

    /** Each thread's waits at barriers, taskwaits and taskgroups ({@code ompt.SyncRegionWait}), by region. */
    private static final class SyncWaits {
        private final Map<ThreadRecord, Map<Long, List<Span>>> byThread = new HashMap<>();

        /** The time {@code thread} waited in {@code region}'s sync regions during {@code task}. */
        long during(ThreadRecord thread, long region, Span task) {
            Map<Long, List<Span>> byRegion = byThread.computeIfAbsent(thread, t -> {
                Map<Long, List<Span>> m = new HashMap<>();
                for (Span s : t.spans()) {
                    if (s.type == SpanType.SYNC_WAIT) {
                        m.computeIfAbsent(s.parallelId, k -> new ArrayList<>()).add(s);
                    }
                }
                return m;
            });
            long sum = 0;
            for (Span s : byRegion.getOrDefault(region, List.of())) {
                if (task.start <= s.start && s.end <= task.end) {
                    sum += s.end - s.start;
                }
            }
            return sum;
        }
    }

    private static void imbalance(RegionTable.Region r, SyncWaits waits, Construct c) {
        int n = r.memberTasks().size();
        if (n < 2) {
            return;
        }
        long[] work = new long[n];
        long max = 0;
        for (int i = 0; i < n; i++) {
            Span task = r.memberTasks().get(i);
            ThreadRecord thread = r.memberThreads().get(i);
            work[i] = task.end - task.start - waits.during(thread, r.parallelId, task);
            max = Math.max(max, work[i]);
        }
        for (long w : work) {
            c.lostNanos += max - w;
        }
        c.teamNanos += n * max;
    }
}
