package io.github.ompt4j.profile.state;

import io.github.ompt4j.profile.jfr.Span;
import io.github.ompt4j.profile.jfr.SpanType;
import io.github.ompt4j.profile.jfr.ThreadRecord;
import io.github.ompt4j.profile.model.OmpState;
import io.github.ompt4j.profile.state.Intervals.Decided;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A thread's states from its spans, by the rule {@code jfr-events} states (package {@code io.github.ompt4j.jfr}):
 * at any instant, among the spans that contain it,
 * <ol>
 *   <li>the current task is the latest-starting task span (implicit or explicit), its region the current
 *       region; outside them the thread's initial task and no region;</li>
 *   <li>inside a mutex acquisition, the mutex's wait state;</li>
 *   <li>else inside a sync-region wait, the barrier's, taskwait's or taskgroup's wait state;</li>
 *   <li>else inside an idle span, {@code idle}, with no region and no task;</li>
 *   <li>else inside a sync region that began within the current task: {@code work_reduction} for a
 *       reduction, {@code overhead} once one of its waits has ended;</li>
 *   <li>else inside a task span: {@code work_parallel}, or {@code work_serial} outside any region;</li>
 *   <li>else {@code overhead} inside a parallel-region span of the thread; a worker is in {@code overhead}
 *       between its spans (looking for work, or running tasks under the recording's threshold: every wait for work
 *       is an idle span, whatever its length) and {@code idle} after its last one (a wait for work still open at
 *       the end has no span); other threads {@code work_serial}. These last two are defaults: no span decided
 *       them.</li>
 * </ol>
 * One sweep over the span boundaries in time order, with the spans open at each moment, gives the intervals.
 * A worker's overhead between its idle span and its next implicit task belongs to that task's region.
 *
 * <p>A task still running when the recording ended has no span (a span is committed when it ends), nor has a task
 * under the task threshold or of a recording without task events, yet its barriers and waits do, with their region
 * and task: unless a task span of that region contains them (a nested task's), such a task is taken to run from the
 * end of the thread's last idle or task span before them (or from its first span) to the start of its next idle
 * span, or to the end of the thread's time.
 */
final class StateRule {
    private final ThreadRecord thread;
    private final List<Span> tasks = new ArrayList<>();
    private final List<Span> mutexes = new ArrayList<>();
    private final List<Span> waits = new ArrayList<>();
    private final List<Span> idles = new ArrayList<>();
    private final List<Span> syncs = new ArrayList<>();
    private final List<Span> regions = new ArrayList<>();
    private final Map<Span, Boolean> waited = new IdentityHashMap<>();
    /** The last start or end of the thread's spans: after it, a worker's time is the idleness still open at the end. */
    private long lastBoundary;

    private StateRule(ThreadRecord thread) {
        this.thread = thread;
    }

    /** The thread's intervals over {@code [from, to)}. */
    static Intervals derive(ThreadRecord thread, long from, long to) {
        return new StateRule(thread).sweep(from, to);
    }

    private static final class Point implements Comparable<Point> {
        final long time;
        final boolean end;
        final Span span;

        Point(long time, boolean end, Span span) {
            this.time = time;
            this.end = end;
            this.span = span;
        }

        @Override
        public int compareTo(Point o) {
            int c = Long.compare(time, o.time);
            // Ends first: a span that ends when another begins does not overlap it.
            return c != 0 ? c : Boolean.compare(o.end, end);
        }
    }

    private Intervals sweep(long from, long to) {
        List<Point> points = new ArrayList<>();
        for (Span s : withOpenTasks(thread.spans(), to)) {
            if (s.type != SpanType.MUTEX_HELD && s.end > s.start) {
                points.add(new Point(s.start, false, s));
                points.add(new Point(s.end, true, s));
            }
        }
        Collections.sort(points);
        lastBoundary = points.isEmpty() ? Long.MIN_VALUE : points.get(points.size() - 1).time;
        Intervals out = new Intervals();
        long cursor = from;
        int i = 0;
        while (i < points.size()) {
            long t = points.get(i).time;
            emit(out, cursor, Math.min(t, to));
            cursor = Math.max(cursor, t);
            for (; i < points.size() && points.get(i).time == t; i++) {
                apply(points.get(i));
            }
        }
        emit(out, cursor, to);
        attachOverheadToNextRegion(out);
        return out;
    }

    /**
     * The spans, and a task span for every task of a region whose sync spans no task span of that region contains: a
     * sync span inside a recorded task of its region is a nested task's (under the task threshold, a task the thread
     * ran inside another of its region has no span: its time is the enclosing task's). Such a task ran from the end of
     * the thread's last idle or task span before its first sync span (or from the thread's first span) to the start of
     * its first idle span after the last one, a worker waiting for work being in no task (or to {@code to}: a task
     * still running when the recording ended, or whose events are off).
     */
    static List<Span> withOpenTasks(List<Span> spans, long to) {
        Map<Long, Cover> tasksByRegion = new HashMap<>();
        List<Span> idles = new ArrayList<>();
        List<Span> bounds = new ArrayList<>();
        long first = Long.MAX_VALUE;
        for (Span s : spans) {
            first = Math.min(first, s.start);
            if (s.type == SpanType.IMPLICIT_TASK || s.type == SpanType.TASK) {
                tasksByRegion.computeIfAbsent(s.parallelId, k -> new Cover()).spans.add(s);
                bounds.add(s);
            } else if (s.type == SpanType.IDLE) {
                idles.add(s);
                bounds.add(s);
            }
        }
        tasksByRegion.values().forEach(Cover::sort);
        Map<Long, long[]> orphans = new LinkedHashMap<>();
        Map<Long, Long> regions = new HashMap<>();
        for (Span s : spans) {
            if ((s.type == SpanType.SYNC_REGION || s.type == SpanType.SYNC_WAIT) && s.parallelId != 0) {
                Cover cover = tasksByRegion.get(s.parallelId);
                if (cover == null || !cover.contains(s)) {
                    long[] extent = orphans.computeIfAbsent(s.taskId, k -> new long[] {s.start, s.end});
                    extent[0] = Math.min(extent[0], s.start);
                    extent[1] = Math.max(extent[1], s.end);
                    regions.put(s.taskId, s.parallelId);
                }
            }
        }
        if (orphans.isEmpty()) {
            return spans;
        }
        idles.sort(Comparator.comparingLong(s -> s.start));
        bounds.sort(Comparator.comparingLong(s -> s.end));
        long[] idleStarts = idles.stream().mapToLong(s -> s.start).toArray();
        long[] boundEnds = bounds.stream().mapToLong(s -> s.end).toArray();
        List<Span> all = new ArrayList<>(spans);
        for (Map.Entry<Long, long[]> orphan : orphans.entrySet()) {
            long[] extent = orphan.getValue();
            int before = SortedLongs.upperBound(boundEnds, extent[0]) - 1;
            int next = SortedLongs.upperBound(idleStarts, extent[1] - 1);
            long start = before < 0 ? first : Math.max(first, boundEnds[before]);
            long end = next < idleStarts.length ? Math.min(to, idleStarts[next]) : to;
            all.add(new Span(SpanType.IMPLICIT_TASK, start, end, regions.get(orphan.getKey()), orphan.getKey(), 0, 0,
                    null, null));
        }
        return all;
    }

    /** A region's task spans on one thread, by start, and the furthest end so far: whether one contains a span. */
    private static final class Cover {
        final List<Span> spans = new ArrayList<>();
        private long[] starts;
        private long[] reach;

        void sort() {
            spans.sort(Comparator.comparingLong(s -> s.start));
            starts = new long[spans.size()];
            reach = new long[spans.size()];
            long furthest = Long.MIN_VALUE;
            for (int i = 0; i < starts.length; i++) {
                starts[i] = spans.get(i).start;
                furthest = Math.max(furthest, spans.get(i).end);
                reach[i] = furthest;
            }
        }

        /** Whether a span that starts at or before {@code s} ends at or after it. */
        boolean contains(Span s) {
            int i = SortedLongs.upperBound(starts, s.start) - 1;
            return i >= 0 && reach[i] >= s.end;
        }
    }

    private void apply(Point p) {
        Span s = p.span;
        List<Span> list = listOf(s.type);
        if (!p.end) {
            list.add(s);
            return;
        }
        list.remove(s);
        if (s.type == SpanType.SYNC_WAIT && !syncs.isEmpty()) {
            waited.put(syncs.get(syncs.size() - 1), Boolean.TRUE);
        }
        if (s.type == SpanType.SYNC_REGION) {
            waited.remove(s);
        }
    }

    private List<Span> listOf(SpanType type) {
        switch (type) {
            case IMPLICIT_TASK:
            case TASK:
                return tasks;
            case MUTEX_ACQUIRE:
                return mutexes;
            case SYNC_WAIT:
                return waits;
            case IDLE:
                return idles;
            case SYNC_REGION:
                return syncs;
            default:
                return regions;
        }
    }

    private void emit(Intervals out, long from, long to) {
        if (to <= from) {
            return;
        }
        Span task = last(tasks);
        long region = task == null ? 0 : task.parallelId;
        long taskId = task == null ? thread.initialTaskId() : task.taskId;
        Span mutex = last(mutexes);
        if (mutex != null) {
            out.add(from, to, mutexState(mutex.kind), region, taskId, mutex.waitId, Decided.SPANS);
            return;
        }
        Span wait = last(waits);
        if (wait != null) {
            out.add(from, to, waitState(wait.kind), region, taskId, wait.waitId, Decided.SPANS);
            return;
        }
        if (!idles.isEmpty()) {
            out.add(from, to, OmpState.IDLE, 0, 0, 0, Decided.SPANS);
            return;
        }
        Span sync = last(syncs);
        if (sync != null && (task == null || sync.start >= task.start)) {
            if ("reduction".equals(sync.kind)) {
                out.add(from, to, OmpState.WORK_REDUCTION, region, taskId, 0, Decided.SPANS);
                return;
            }
            if (waited.containsKey(sync)) {
                out.add(from, to, OmpState.OVERHEAD, region, taskId, 0, Decided.SPANS);
                return;
            }
        }
        if (task != null) {
            out.add(from, to, region == 0 ? OmpState.WORK_SERIAL : OmpState.WORK_PARALLEL, region, taskId, 0,
                    Decided.SPANS);
        } else if (!regions.isEmpty()) {
            out.add(from, to, OmpState.OVERHEAD, region, taskId, 0, Decided.SPANS);
        } else if (thread.isWorker()) {
            out.add(from, to, from < lastBoundary ? OmpState.OVERHEAD : OmpState.IDLE, 0, 0, 0, Decided.DEFAULT);
        } else {
            out.add(from, to, OmpState.WORK_SERIAL, 0, taskId, 0, Decided.DEFAULT);
        }
    }

    private static Span last(List<Span> list) {
        return list.isEmpty() ? null : list.get(list.size() - 1);
    }

    private void attachOverheadToNextRegion(Intervals out) {
        if (!thread.isWorker()) {
            return;
        }
        for (int i = 0; i + 1 < out.size(); i++) {
            if (out.state(i) == OmpState.OVERHEAD && out.region(i) == 0 && out.end(i) == out.start(i + 1)
                    && out.region(i + 1) != 0) {
                out.setRegion(i, out.region(i + 1), out.task(i + 1));
            }
        }
    }

    static OmpState mutexState(String kind) {
        if (kind == null) {
            return OmpState.WAIT_LOCK;
        }
        switch (kind) {
            case "critical":
                return OmpState.WAIT_CRITICAL;
            case "atomic":
                return OmpState.WAIT_ATOMIC;
            case "ordered":
                return OmpState.WAIT_ORDERED;
            default:
                return OmpState.WAIT_LOCK;
        }
    }

    static OmpState waitState(String kind) {
        if (kind == null) {
            return OmpState.WAIT_BARRIER_IMPLICIT;
        }
        switch (kind) {
            case "barrier_explicit":
                return OmpState.WAIT_BARRIER_EXPLICIT;
            case "taskwait":
                return OmpState.WAIT_TASKWAIT;
            case "taskgroup":
                return OmpState.WAIT_TASKGROUP;
            default:
                return OmpState.WAIT_BARRIER_IMPLICIT;
        }
    }
}
