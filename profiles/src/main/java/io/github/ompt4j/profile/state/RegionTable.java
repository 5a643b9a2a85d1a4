package io.github.ompt4j.profile.state;

import io.github.ompt4j.profile.jfr.LongLongMap;
import io.github.ompt4j.profile.jfr.Origin;
import io.github.ompt4j.profile.jfr.RecordedRun;
import io.github.ompt4j.profile.jfr.RegionRecord;
import io.github.ompt4j.profile.jfr.Span;
import io.github.ompt4j.profile.jfr.SpanType;
import io.github.ompt4j.profile.jfr.ThreadRecord;
import io.github.ompt4j.profile.model.IndexedList;
import io.github.ompt4j.profile.model.RegionSpan;
import io.github.ompt4j.profile.model.TeamMember;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The regions of a recording: each one's event (when it was recorded), its enclosing region, and its team
 * from the members' implicit tasks. A region without an event (still open when the recording ended) is known
 * by its implicit tasks alone. The enclosing region is the region of the encountering task; when that task's
 * events are missing (explicit tasks are off by default), the region the encountering thread (its
 * {@code ompt.Origin}'s, else the committing one) was in when the region began.
 */
public final class RegionTable {
    private static final Span[] NO_TASKS = {};
    private static final ThreadRecord[] NO_THREADS = {};
    private static final int[] NO_INDEXES = {};

    /** One region: its event if any, its parent, its members. */
    public static final class Region {
        public final long parallelId;
        /** {@code null} when the recording has no {@code ompt.ParallelRegion} event for it. */
        public final RegionRecord record;
        /** Arrays, not lists: a recording can hold a million regions of a few members each. */
        private Span[] memberTasks = NO_TASKS;
        private ThreadRecord[] memberThreads = NO_THREADS;
        private int members;
        /** The {@link ThreadRecord#index}es of the threads that ran the region's tasks, each once. */
        private int[] taskThreads = NO_INDEXES;
        private int taskThreadCount;
        long parent;

        Region(long parallelId, RegionRecord record) {
            this.parallelId = parallelId;
            this.record = record;
        }

        private void addMember(Span task, ThreadRecord thread) {
            if (members == memberTasks.length) {
                memberTasks = Arrays.copyOf(memberTasks, Math.max(2, members * 2));
                memberThreads = Arrays.copyOf(memberThreads, memberTasks.length);
            }
            memberTasks[members] = task;
            memberThreads[members] = thread;
            members++;
            addTaskThread(thread);
        }

        private void addTaskThread(ThreadRecord thread) {
            for (int i = 0; i < taskThreadCount; i++) {
                if (taskThreads[i] == thread.index) {
                    return;
                }
            }
            if (taskThreadCount == taskThreads.length) {
                taskThreads = Arrays.copyOf(taskThreads, Math.max(2, taskThreadCount * 2));
            }
            taskThreads[taskThreadCount++] = thread.index;
        }

        /** The members by thread number, in arrays of their exact size; the task threads' too. */
        private void sortMembers() {
            Integer[] order = new Integer[members];
            for (int i = 0; i < members; i++) {
                order[i] = i;
            }
            Arrays.sort(order, Comparator.comparingInt(i -> memberTasks[i].threadNum));
            Span[] tasks = new Span[members];
            ThreadRecord[] threads = new ThreadRecord[members];
            for (int i = 0; i < members; i++) {
                tasks[i] = memberTasks[order[i]];
                threads[i] = memberThreads[order[i]];
            }
            memberTasks = members == 0 ? NO_TASKS : tasks;
            memberThreads = members == 0 ? NO_THREADS : threads;
            taskThreads = taskThreadCount == 0 ? NO_INDEXES : Arrays.copyOf(taskThreads, taskThreadCount);
        }

        /** The enclosing region, 0 for an outermost one. */
        public long parent() {
            return parent;
        }

        /** The members' implicit-task spans, by thread number. */
        public List<Span> memberTasks() {
            return Collections.unmodifiableList(Arrays.asList(memberTasks).subList(0, members));
        }

        /** The members' threads, in the order of {@link #memberTasks()}. */
        public List<ThreadRecord> memberThreads() {
            return Collections.unmodifiableList(Arrays.asList(memberThreads).subList(0, members));
        }

        /**
         * The threads that ran the region's tasks: its team for a directive region; for a pool's region or a
         * stream, the workers and the caller that ran its tasks (the more of the runtime's count and the threads
         * whose recorded task spans name the region).
         */
        public int participants() {
            return Math.max(record == null ? 0 : record.participants, taskThreadCount);
        }

        /**
         * Whether thread {@code index} may have run the region's tasks: its recorded task spans say so, or the runtime
         * counted more threads running them than the spans name (the others' tasks were under the threshold).
         */
        public boolean mayHaveRunTasksOn(int index) {
            for (int i = 0; i < taskThreadCount; i++) {
                if (taskThreads[i] == index) {
                    return true;
                }
            }
            return record != null && record.participants > taskThreadCount;
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
            for (int i = 0; i < members; i++) {
                start = Math.min(start, memberTasks[i].start);
            }
            return start;
        }

        public long end() {
            if (record != null) {
                return record.end;
            }
            long end = Long.MIN_VALUE;
            for (int i = 0; i < members; i++) {
                end = Math.max(end, memberTasks[i].end);
            }
            return end;
        }

        /** The thread whose event the region is, else its first member's; null if it has neither. */
        ThreadRecord thread() {
            return record != null ? record.thread : members == 0 ? null : memberThreads[0];
        }

        private TeamMember member(int i) {
            Span s = memberTasks[i];
            return new TeamMember(memberThreads[i].thread(), s.threadNum, s.taskId, s.start, s.end);
        }
    }

    /** Regions in the order their events were read, found by ID through {@link #indexes}. */
    private final List<Region> regions = new ArrayList<>();
    private final LongLongMap indexes = new LongLongMap();

    private RegionTable() {
    }

    public static RegionTable of(RecordedRun run, RunStates states) {
        RegionTable table = new RegionTable();
        for (RegionRecord r : run.regions()) {
            table.add(new Region(r.parallelId, r));
        }
        for (ThreadRecord t : run.threads()) {
            for (Span s : t.spans()) {
                if (s.type == SpanType.IMPLICIT_TASK) {
                    Region region = table.get(s.parallelId);
                    if (region == null) {
                        region = table.add(new Region(s.parallelId, null));
                    }
                    region.addMember(s, t);
                }
            }
        }
        for (ThreadRecord t : run.threads()) {
            for (Span s : t.spans()) {
                Region region = s.type == SpanType.TASK ? table.get(s.parallelId) : null;
                if (region != null) {
                    region.addTaskThread(t);
                }
            }
        }
        for (Region region : table.regions) {
            region.parent = table.parentOf(region, run, states);
            region.sortMembers();
        }
        return table;
    }

    private Region add(Region region) {
        indexes.put(region.parallelId, regions.size());
        regions.add(region);
        return region;
    }

    private long parentOf(Region region, RecordedRun run, RunStates states) {
        RegionRecord r = region.record;
        if (r == null) {
            return 0;
        }
        Long recorded = r.encounteringRegion();
        // A region is never its own parent: a task ID read as the region's own member task falls back to time.
        if (recorded != null && recorded != region.parallelId) {
            return recorded;
        }
        Origin origin = run.regionOrigin(region.parallelId);
        ThreadRecord encountering = origin != null ? origin.thread : r.thread;
        int i = states.indexAt(encountering.index, r.start - 1);
        long parent = i < 0 ? 0 : states.of(encountering.index).region(i);
        return parent == region.parallelId ? 0 : parent;
    }

    /** The region, {@code null} if the recording says nothing of it. */
    public Region get(long parallelId) {
        long i = indexes.get(parallelId, -1);
        return i < 0 ? null : regions.get((int) i);
    }

    /** All regions, in the order their events were read. */
    public Iterable<Region> all() {
        return regions;
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

    /**
     * The model's regions, by start time (those of equal start in the order they were read), each made when
     * asked for.
     */
    public List<RegionSpan> toModel() {
        List<Region> shown = new ArrayList<>();
        for (Region r : regions) {
            if (r.thread() != null) {
                shown.add(r);
            }
        }
        shown.sort(Comparator.comparingLong(Region::start));
        return new IndexedList<>(shown.size(), i -> {
            Region r = shown.get(i);
            return new RegionSpan(r.parallelId, r.parent, r.thread().thread(), r.start(), r.end(),
                    r.record == null ? 0 : r.record.requestedTeamSize, r.callSite(),
                    new IndexedList<>(r.members, r::member));
        });
    }
}
