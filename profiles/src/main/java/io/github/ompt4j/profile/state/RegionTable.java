package io.github.ompt4j.profile.state;

import io.github.ompt4j.profile.jfr.Origin;
import io.github.ompt4j.profile.jfr.RecordedRun;
import io.github.ompt4j.profile.jfr.RegionRecord;
import io.github.ompt4j.profile.jfr.Span;
import io.github.ompt4j.profile.jfr.SpanType;
import io.github.ompt4j.profile.jfr.ThreadRecord;
import io.github.ompt4j.profile.model.RegionSpan;
import io.github.ompt4j.profile.model.TeamMember;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The regions of a recording: each one's event (when it was recorded), its enclosing region, and its team
 * from the members' implicit tasks. A region without an event (still open when the recording ended) is known
 * by its implicit tasks alone. The enclosing region is the region of the encountering task; when that task's
 * events are missing (explicit tasks are off by default), the region the encountering thread (its
 * {@code ompt.Origin}'s, else the committing one) was in when the region began.
 */
public final class RegionTable {
    /** One region: its event if any, its parent, its members. */
    public static final class Region {
        public final long parallelId;
        /** {@code null} when the recording has no {@code ompt.ParallelRegion} event for it. */
        public final RegionRecord record;
        final List<Span> memberTasks = new ArrayList<>();
        final List<ThreadRecord> memberThreads = new ArrayList<>();
        final Set<ThreadRecord> taskThreads = new HashSet<>();
        long parent;

        Region(long parallelId, RegionRecord record) {
            this.parallelId = parallelId;
            this.record = record;
        }

        /** The enclosing region, 0 for an outermost one. */
        public long parent() {
            return parent;
        }

        /** The members' implicit-task spans, by thread number. */
        public List<Span> memberTasks() {
            return memberTasks;
        }

        /** The members' threads, in the order of {@link #memberTasks()}. */
        public List<ThreadRecord> memberThreads() {
            return memberThreads;
        }

        /**
         * The threads that ran the region's tasks: its team for a directive region; for a pool's region or a
         * stream, the workers and the caller that ran its tasks (the more of the runtime's count and the threads
         * whose recorded task spans name the region).
         */
        public int participants() {
            return Math.max(record == null ? 0 : record.participants, taskThreads.size());
        }

        /** The call site, or empty. */
        public String callSite() {
            return record == null ? "" : record.callSite;
        }

        public long start() {
            if (record != null) {
                return record.start;
            }
            long start = Long.MAX_VALUE;
            for (Span s : memberTasks) {
                start = Math.min(start, s.start);
            }
            return start;
        }

        public long end() {
            if (record != null) {
                return record.end;
            }
            long end = Long.MIN_VALUE;
            for (Span s : memberTasks) {
                end = Math.max(end, s.end);
            }
            return end;
        }
    }

    private final Map<Long, Region> regions = new LinkedHashMap<>();

    private RegionTable() {
    }

    public static RegionTable of(RecordedRun run, RunStates states) {
        RegionTable table = new RegionTable();
        for (RegionRecord r : run.regions().values()) {
            table.regions.put(r.parallelId, new Region(r.parallelId, r));
        }
        for (ThreadRecord t : run.threads()) {
            for (Span s : t.spans()) {
                if (s.type == SpanType.IMPLICIT_TASK) {
                    Region region = table.regions.computeIfAbsent(s.parallelId, id -> new Region(id, null));
                    region.memberTasks.add(s);
                    region.memberThreads.add(t);
                    region.taskThreads.add(t);
                }
            }
        }
        for (ThreadRecord t : run.threads()) {
            for (Span s : t.spans()) {
                Region region = s.type == SpanType.TASK ? table.regions.get(s.parallelId) : null;
                if (region != null) {
                    region.taskThreads.add(t);
                }
            }
        }
        for (Region region : table.regions.values()) {
            region.parent = table.parentOf(region, run, states);
            sortMembers(region);
        }
        return table;
    }

    private long parentOf(Region region, RecordedRun run, RunStates states) {
        RegionRecord r = region.record;
        if (r == null) {
            return 0;
        }
        Long byTask = run.regionOfTask(r.encounteringTaskId);
        // A region is never its own parent: a task ID read as the region's own member task falls back to time.
        if (byTask != null && byTask != region.parallelId) {
            return byTask;
        }
        Origin origin = run.regionOrigin(region.parallelId);
        ThreadRecord encountering = origin != null ? origin.thread : r.thread;
        int i = states.indexAt(encountering.index, r.start - 1);
        long parent = i < 0 ? 0 : states.of(encountering.index).region(i);
        return parent == region.parallelId ? 0 : parent;
    }

    private static void sortMembers(Region region) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < region.memberTasks.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingInt(i -> region.memberTasks.get(i).threadNum));
        List<Span> tasks = new ArrayList<>();
        List<ThreadRecord> threads = new ArrayList<>();
        for (int i : order) {
            tasks.add(region.memberTasks.get(i));
            threads.add(region.memberThreads.get(i));
        }
        region.memberTasks.clear();
        region.memberTasks.addAll(tasks);
        region.memberThreads.clear();
        region.memberThreads.addAll(threads);
    }

    /** The region, {@code null} if the recording says nothing of it. */
    public Region get(long parallelId) {
        return regions.get(parallelId);
    }

    /** All regions, in the order their events were read. */
    public Iterable<Region> all() {
        return regions.values();
    }

    /** The nesting depth: 1 for an outermost region. */
    public int depth(long parallelId) {
        int depth = 0;
        Map<Long, Boolean> seen = new HashMap<>();
        for (Region r = get(parallelId); r != null && seen.put(r.parallelId, Boolean.TRUE) == null; r = get(r.parent)) {
            depth++;
        }
        return depth;
    }

    /** The model's regions, by start time. */
    public List<RegionSpan> toModel() {
        List<RegionSpan> list = new ArrayList<>();
        for (Region r : regions.values()) {
            List<TeamMember> team = new ArrayList<>();
            for (int i = 0; i < r.memberTasks.size(); i++) {
                Span s = r.memberTasks.get(i);
                team.add(new TeamMember(r.memberThreads.get(i).thread(), s.threadNum, s.taskId, s.start, s.end));
            }
            ThreadRecord thread = r.record != null ? r.record.thread
                    : r.memberThreads.isEmpty() ? null : r.memberThreads.get(0);
            if (thread == null) {
                continue;
            }
            list.add(new RegionSpan(r.parallelId, r.parent, thread.thread(), r.start(), r.end(),
                    r.record == null ? 0 : r.record.requestedTeamSize, r.callSite(), team));
        }
        list.sort(Comparator.comparingLong(RegionSpan::startNanos));
        return list;
    }
}
