package io.github.ompt4j.profile.fold;

import io.github.ompt4j.profile.jfr.Origin;
import io.github.ompt4j.profile.jfr.RecordedRun;
import io.github.ompt4j.profile.jfr.RegionRecord;
import io.github.ompt4j.profile.jfr.StackTable;
import io.github.ompt4j.profile.jfr.ThreadRecord;
import io.github.ompt4j.profile.state.RegionTable;
import java.util.HashMap;
import java.util.Map;

/**
 * The master call-stack preface of every region, in a view's frames: the user-model stack of the thread that
 * encountered it, at the point it entered the construct, which every sample inside the region stands on.
 *
 * <p>The region's {@code ompt.ParallelRegion} event carries the committing thread's stack, taken inside the
 * construct's call. The frames above the innermost task entry in it (for a nested region: the enclosing
 * task's code) go onto the enclosing region's preface, recursively; an outermost region's stack is the
 * preface itself, runtime frames removed. When the region ended on another thread than the one that
 * encountered it (a fork/join submission from outside the pool completes on a worker), or its stack was not
 * recorded, the event's stack does not show where the program entered it; the preface is then the enclosing
 * one with the event's call site as a single frame, {@code Class.method}.
 */
final class Prefaces {
    private static final int[] NONE = new int[0];
    private final RecordedRun run;
    private final RegionTable regions;
    private final StackShaper shaper;
    private final OutFrames out;
    private final Map<Long, int[]> prefaces = new HashMap<>();

    Prefaces(RecordedRun run, RegionTable regions, StackShaper shaper, OutFrames out) {
        this.run = run;
        this.regions = regions;
        this.shaper = shaper;
        this.out = out;
    }

    /**
     * The preface of a region, root first; empty for region 0 (none) and regions the recording never named. A
     * negative ID stands for the task outside regions of that (negated) ID: its origin's stack.
     */
    int[] of(long parallelId) {
        if (parallelId == 0) {
            return NONE;
        }
        int[] p = prefaces.get(parallelId);
        if (p == null) {
            prefaces.put(parallelId, NONE);
            p = compute(parallelId);
            prefaces.put(parallelId, p);
        }
        return p;
    }

    /** The thread that encountered the region, {@code null} if the recording does not say. */
    ThreadRecord encounteringThread(long parallelId) {
        Origin origin = origin(parallelId);
        if (origin != null) {
            return origin.thread;
        }
        RegionTable.Region region = regions.get(parallelId);
        if (region == null) {
            return null;
        }
        if (region.record != null) {
            ThreadRecord t = region.record.encounteringThread();
            return t != null ? t : region.record.thread;
        }
        return region.memberThreads().isEmpty() ? null : region.memberThreads().get(0);
    }

    private Origin origin(long id) {
        return id < 0 ? run.taskOrigin(-id) : run.regionOrigin(id);
    }

    /**
     * Whether a sample of the encountering thread on raw stack {@code stack} is still in the task (or the serial code)
     * it entered the region from, outside the region's own tasks (waiting for them at the region's end): it is inside
     * as many tasks as the stack that entered the region was. Its frames above that task's entry then run through the
     * region's call, which the region's preface already ends with: the sample stands on {@link #enclosing} instead.
     */
    boolean inEnclosingTask(long parallelId, int[] stack) {
        int stackId = originStack(parallelId);
        return stackId >= 0 && !run.stacks().isTruncated(stackId)
                && shaper.taskEntries(run.stacks().stack(stackId)) == shaper.taskEntries(stack);
    }

    /** The preface the region's own frames stand on ({@link #enclosingId}). */
    int[] enclosing(long parallelId) {
        return of(enclosingId(parallelId));
    }

    /**
     * What a region's preface stands on: the region it is nested in; for one that a task outside regions began (a
     * parallel stream in a {@code CompletableFuture} stage or in an executor's task), the negated ID of the task whose
     * origin that task stands on; for a task's origin that a task outside regions recorded (a stage a request's code
     * created), the negated ID of the task whose origin that creator stands on; 0 otherwise (serial code's region or
     * task).
     */
    private long enclosingId(long parallelId) {
        if (parallelId < 0) {
            return -run.enclosingOriginTask(-parallelId);
        }
        RegionTable.Region region = parallelId == 0 ? null : regions.get(parallelId);
        if (region == null || region.parent() != 0) {
            return region == null ? 0 : region.parent();
        }
        return region.record == null ? 0 : -run.originTask(region.record.encounteringTaskId);
    }

    /**
     * The stack that entered the region, -1 if none was recorded. The origin's stack was taken where the region began;
     * an older recording's region event was committed where it ended, which is where it began only on the
     * encountering thread.
     */
    private int originStack(long parallelId) {
        Origin origin = origin(parallelId);
        if (origin != null) {
            return origin.stack;
        }
        RegionTable.Region region = parallelId < 0 ? null : regions.get(parallelId);
        RegionRecord r = region == null ? null : region.record;
        return r != null && encounteringThread(parallelId) == r.thread ? r.stack : -1;
    }

    private int[] compute(long parallelId) {
        Origin origin = origin(parallelId);
        RegionTable.Region region = parallelId < 0 ? null : regions.get(parallelId);
        if (region == null && origin == null) {
            return NONE;
        }
        long enclosing = enclosingId(parallelId);
        IntList frames = new IntList();
        frames.addAll(of(enclosing));
        RegionRecord r = region == null ? null : region.record;
        StackTable stacks = run.stacks();
        int stackId = originStack(parallelId);
        if (stackId >= 0) {
            int[] stack = stacks.stack(stackId);
            int entry = shaper.innermostTaskEntry(stack);
            // A stack with no task entry is the whole of the encountering thread's: serial code's, or an executor's
            // worker's, whose task's own frames go on that task's origin (an executor's task has no entry frame). One
            // cut short at its root keeps the enclosing region's preface under what is left.
            boolean standsOnEnclosing = enclosing < 0 || enclosing > 0 && stacks.isTruncated(stackId);
            if (entry < 0 && !standsOnEnclosing) {
                frames.clear();
            }
            shaper.shape(stack, entry + 1, entry >= 0, frames);
        } else if (r != null && !r.callSite.isEmpty()) {
            int paren = r.callSite.indexOf('(');
            frames.add(out.java(paren < 0 ? r.callSite : r.callSite.substring(0, paren)));
        }
        return frames.toArray();
    }
}
