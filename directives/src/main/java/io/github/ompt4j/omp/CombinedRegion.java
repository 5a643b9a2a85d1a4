package io.github.ompt4j.omp;

import java.util.function.DoubleSupplier;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * The arguments of a combined construct ({@code parallel for}, {@code parallel reduction}), kept by the
 * team that runs it instead of captured in a new lambda per region. Every member runs one of the constant
 * bodies below, which read the arguments here. A program that repeats a construct with the same
 * arguments, as time-step loops do, then writes nothing that the workers must fetch again; a new lambda
 * per region costs each worker a cache miss on the lambda and one on the team.
 *
 * <p>The master writes the fields before it forks (each only if it changed); the worker's assignment
 * publishes them. Like {@link Team#body}, they keep the last region's lambdas reachable until the team's
 * next region replaces them.
 */
final class CombinedRegion {
    private int lo;
    private int hi;
    private Schedule schedule;
    private IntBody loopBody;
    /** An {@link IntSupplier}, {@link LongSupplier} or {@link DoubleSupplier}. */
    private Object contribution;

    private static final Runnable PARALLEL_FOR = () -> {
        CombinedRegion region = ThreadState.current().team.combined;
        Worksharing.forInt(region.lo, region.hi, 1, region.schedule, true, region.loopBody);
    };

    private static final Runnable CONTRIBUTE = () -> {
        ThreadState ts = ThreadState.current();
        Object c = ts.team.combined.contribution;
        long value;
        if (c instanceof IntSupplier) {
            value = ((IntSupplier) c).getAsInt();
        } else if (c instanceof LongSupplier) {
            value = ((LongSupplier) c).getAsLong();
        } else {
            value = Double.doubleToRawLongBits(((DoubleSupplier) c).getAsDouble());
        }
        ts.team.regionSlots[ts.member.tid * Team.LONG_PAD] = value;
    };

    /** The team the calling thread's next region will use: its arguments are set before the fork. */
    private static CombinedRegion next(ThreadState ts) {
        return ts.forkedTeam(ts.team.level + 1).combined;
    }

    /** {@code parallel for} without the loop's barrier: the region's end barrier waits for it. */
    static void parallelFor(int lo, int hi, Schedule schedule, IntBody body) {
        CombinedRegion region = next(ThreadState.current());
        if (region.lo != lo || region.hi != hi) {
            region.lo = lo;
            region.hi = hi;
        }
        if (region.schedule != schedule || region.loopBody != body) {
            region.schedule = schedule;
            region.loopBody = body;
        }
        Team.parallel(0, true, PARALLEL_FOR);
    }

    /**
     * Runs a region in which every member stores what {@code contribution} (an int, long or double
     * supplier) returns in its slot; returns the team, whose slots the caller combines.
     */
    static Team contribute(int numThreads, Object contribution) {
        ThreadState ts = ThreadState.current();
        CombinedRegion region = next(ts);
        if (region.contribution != contribution) {
            region.contribution = contribution;
        }
        Team.parallel(numThreads, true, CONTRIBUTE);
        return ts.forkedTeam(ts.team.level + 1);
    }
}
