package io.github.ompt4j.hooks.directives;

import static io.github.ompt4j.hooks.directives.Directives.HEALTH;
import static io.github.ompt4j.hooks.directives.Directives.begins;
import static io.github.ompt4j.hooks.directives.Directives.callSite;
import static io.github.ompt4j.hooks.directives.Directives.thread;

import io.github.ompt4j.model.Ompt;
import io.github.ompt4j.model.OmptDispatch;
import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptInvoker;
import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import io.github.ompt4j.model.OmptThreads;

/**
 * The directive library's team: its workers ({@code Worker}), idle between regions, the parallel regions
 * ({@code Team}) with their implicit tasks, and {@code Omp.controlTool}.
 */
public final class RegionHooks {
    private RegionHooks() {
    }

    /** {@code Worker.run} starts. */
    public static boolean workerBegin() {
        if (begins()) {
            OmptRuntime.threadBegin(OmptThreadType.WORKER);
            return true;
        }
        return false;
    }

    public static void workerEnd(boolean began) {
        if (began && HEALTH.enabled()) {
            OmptRuntime.threadEnd(thread());
        }
    }

    /** {@code Worker.idle} starts: the worker waits for a region. */
    public static boolean idleBegin() {
        if (HEALTH.active() && OmptThreads.current() != null) {
            OmptRuntime.idleBegin(OmptThreads.current());
            return true;
        }
        return false;
    }

    public static void idleEnd(boolean began) {
        if (began && HEALTH.enabled()) {
            OmptRuntime.idleEnd(thread());
        }
    }

    /** {@code Team.begin}: a region is forked with {@code teamSize} threads; returns it, for the team's tool slot. */
    public static Object parallelBegin(int requestedTeamSize, int teamSize) {
        if (begins()) {
            OmptThread t = thread();
            OmptParallel region = OmptRuntime.parallelBegin(t, requestedTeamSize, teamSize, OmptInvoker.PROGRAM,
                    callSite(t, OmptEvent.PARALLEL_BEGIN));
            region.markCallSite(t.markedCallSite());
            return region;
        }
        return null;
    }

    /** {@code Team.join} returned: the region ends; returns the team's tool slot's next value (empty). */
    public static Object parallelEnd(Object region) {
        if (region != null && HEALTH.enabled()) {
            OmptRuntime.parallelEnd(thread(), (OmptParallel) region);
        }
        return null;
    }

    /**
     * Thread {@code threadNum} of {@code region} (the team's tool slot) starts its implicit task. (The
     * end cannot look at the slot: the master may have ended the region and cleared it while a worker
     * is still leaving the closing barrier.) A worker takes the mark of the program's call that started the
     * region, as the master has it: the constructs the library runs for that call on every member (a
     * combined construct's loop) name the program's call site instead of walking a stack without one.
     */
    public static boolean implicitTaskBegin(Object region, int threadNum) {
        if (region != null && HEALTH.active()) {
            OmptThread t = thread();
            OmptRuntime.implicitTaskBegin(t, (OmptParallel) region, threadNum);
            if (threadNum != 0) {
                t.markCallSite(((OmptParallel) region).markedCallSite());
            }
            return true;
        }
        return false;
    }

    public static void implicitTaskEnd(boolean began) {
        if (began && HEALTH.enabled()) {
            OmptThread t = thread();
            if (t.threadNum() != 0) {
                t.markCallSite(0);
            }
            OmptRuntime.implicitTaskEnd(t);
        }
    }

    /**
     * {@code Omp.controlTool} returned {@code result} (-2, no tool): with a tool that takes control
     * commands, 0 once they are passed on, -1 if no tool takes them (as {@code omp_control_tool}).
     */
    public static int controlTool(int result, int command, int modifier) {
        if (!HEALTH.active()) {
            return result;
        }
        if (!OmptDispatch.enabled(OmptEvent.CONTROL)) {
            return -1;
        }
        Ompt.control(command, modifier);
        return 0;
    }
}
