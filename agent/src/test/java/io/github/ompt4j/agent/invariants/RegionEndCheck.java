package io.github.ompt4j.agent.invariants;

import java.util.HashMap;
import java.util.Map;

/**
 * {@link Invariant#REGION_END}. What a region is shows in the event its thread prints right after
 * {@code parallel_begin}: an {@code implicit_task_begin} of the region (the thread takes part: a stream, an
 * invoke from outside any pool, a directive region), which must end on that thread; or the
 * {@code task_begin} of its root task (a submission to a pool from outside it), which ends on the thread
 * that ends the root task.
 */
final class RegionEndCheck implements Check {
    private static final class Region {
        final TraceEvent begin;
        boolean implicit;
        long root;
        TraceEvent rootEnd;
        TraceEvent end;

        Region(TraceEvent begin) {
            this.begin = begin;
        }
    }

    private final Reporter reporter;
    private final Map<Long, Region> regions = new HashMap<>();
    /** The region each thread has just begun, until its next event says what kind it is. */
    private final Map<Long, Region> justBegun = new HashMap<>();
    private final Map<Long, Region> byRoot = new HashMap<>();

    RegionEndCheck(Reporter reporter) {
        this.reporter = reporter;
    }

    @Override
    public void event(TraceEvent e) {
        Region begun = justBegun.remove(e.thread);
        if (begun != null) {
            if (e.name.equals("implicit_task_begin") && e.id("parallel_id") == begun.begin.id("parallel_id")) {
                begun.implicit = true;
            } else if (e.name.equals("task_begin")) {
                begun.root = e.id("new_task_id");
                byRoot.put(begun.root, begun);
            }
        }
        switch (e.name) {
            case "parallel_begin" -> begin(e);
            case "task_end" -> {
                Region rooted = byRoot.remove(e.id("task_id"));
                if (rooted != null) {
                    rooted.rootEnd = e;
                }
            }
            case "parallel_end" -> end(e);
            default -> {
            }
        }
    }

    private void begin(TraceEvent e) {
        Region region = new Region(e);
        if (regions.putIfAbsent(e.id("parallel_id"), region) != null) {
            reporter.report(e, "a region ID begins twice");
            return;
        }
        justBegun.put(e.thread, region);
    }

    private void end(TraceEvent e) {
        Region region = regions.get(e.id("parallel_id"));
        if (region == null) {
            reporter.report(e, "ends a region that never began");
        } else if (region.end != null) {
            reporter.report(e, "ends a region again (first end: " + region.end.line + ")");
        } else {
            region.end = e;
            long expected = expectedEndThread(region);
            if (e.thread != expected) {
                reporter.report(e, "ends on thread " + e.thread + ", not " + expected + " (" + describe(region) + ")");
            }
        }
    }

    /** The begin thread, or for a submission whose root task ended, the thread that ended it. */
    private static long expectedEndThread(Region region) {
        return !region.implicit && region.rootEnd != null ? region.rootEnd.thread : region.begin.thread;
    }

    private static String describe(Region region) {
        if (region.implicit) {
            return "the begin thread takes part: " + region.begin.line;
        }
        if (region.root == 0) {
            return "neither an implicit task nor a root task followed: " + region.begin.line;
        }
        return "root task 0x" + Long.toHexString(region.root)
                + (region.rootEnd == null ? " never ended" : " ended by " + region.rootEnd.line);
    }

    @Override
    public void finish() {
        for (Region region : regions.values()) {
            if (region.end == null) {
                reporter.report(region.begin, "never ended (" + describe(region) + ")");
            }
        }
    }
}
