package io.github.ompt4j.omp;

import java.util.function.DoubleSupplier;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * Combines the members' partial results of a reduction and gives every member the total.
 *
 * <p>Each member writes its partial into its own padded slot of one of the team's two buffers, the team
 * meets at a barrier, and then every member combines all slots in member order (a few loads: cheaper
 * than a second barrier to broadcast one member's result). Consecutive collectives alternate buffers:
 * a member can only write the buffer of collective k + 2 after the barrier of k + 1, which every member
 * reaches only after reading k's buffer.
 *
 * <p>Weave points: each {@code combine} method is a reduction begin and end.
 */
final class Reducer {
    private Reducer() {
    }

    private static int buffer(ThreadState ts) {
        return (int) (ts.member.collectiveCount++ & 1);
    }

    static int combine(ThreadState ts, IntReduction op, int partial) {
        Team team = ts.team;
        int n = team.size;
        if (n == 1) {
            return partial;
        }
        long[] slots = team.longSlots[buffer(ts)];
        slots[ts.member.tid * Team.LONG_PAD] = partial;
        team.barrier.await(ts, BarrierKind.IMPLICIT_WORKSHARE);
        int total = op.identity();
        for (int t = 0; t < n; t++) {
            total = op.combine(total, (int) slots[t * Team.LONG_PAD]);
        }
        return total;
    }

    static long combine(ThreadState ts, LongReduction op, long partial) {
        Team team = ts.team;
        int n = team.size;
        if (n == 1) {
            return partial;
        }
        long[] slots = team.longSlots[buffer(ts)];
        slots[ts.member.tid * Team.LONG_PAD] = partial;
        team.barrier.await(ts, BarrierKind.IMPLICIT_WORKSHARE);
        long total = op.identity();
        for (int t = 0; t < n; t++) {
            total = op.combine(total, slots[t * Team.LONG_PAD]);
        }
        return total;
    }

    static double combine(ThreadState ts, DoubleReduction op, double partial) {
        Team team = ts.team;
        int n = team.size;
        if (n == 1) {
            return partial;
        }
        long[] slots = team.longSlots[buffer(ts)];
        slots[ts.member.tid * Team.LONG_PAD] = Double.doubleToRawLongBits(partial);
        team.barrier.await(ts, BarrierKind.IMPLICIT_WORKSHARE);
        double total = op.identity();
        for (int t = 0; t < n; t++) {
            total = op.combine(total, Double.longBitsToDouble(slots[t * Team.LONG_PAD]));
        }
        return total;
    }

    /**
     * Object combiners may mutate their arguments, so only member 0 combines, and a second barrier
     * publishes its result.
     */
    static <T> T combine(ThreadState ts, Reduction<T> op, T partial) {
        Team team = ts.team;
        int n = team.size;
        if (n == 1) {
            return partial;
        }
        Object[] slots = team.refSlots[buffer(ts)];
        slots[ts.member.tid * Team.REF_PAD] = partial;
        team.barrier.await(ts, BarrierKind.IMPLICIT_WORKSHARE);
        if (ts.member.tid == 0) {
            @SuppressWarnings("unchecked")
            T total = (T) slots[0];
            for (int t = 1; t < n; t++) {
                @SuppressWarnings("unchecked")
                T next = (T) slots[t * Team.REF_PAD];
                total = op.combine(total, next);
            }
            slots[n * Team.REF_PAD] = total;
        }
        team.barrier.await(ts, BarrierKind.IMPLICIT_WORKSHARE);
        @SuppressWarnings("unchecked")
        T total = (T) slots[n * Team.REF_PAD];
        return total;
    }

    /**
     * {@code parallel reduction(...)}: runs a region in which every member computes a value, and combines
     * the values on the encountering thread after the region's end barrier, so the reduction costs no
     * barrier of its own. The slots are the team's third buffer, untouched by reductions inside the region.
     */
    static int parallelReduce(int numThreads, IntReduction op, IntSupplier body) {
        return combineRegion(CombinedRegion.contribute(numThreads, body), op);
    }

    static long parallelReduce(int numThreads, LongReduction op, LongSupplier body) {
        return combineRegion(CombinedRegion.contribute(numThreads, body), op);
    }

    static double parallelReduce(int numThreads, DoubleReduction op, DoubleSupplier body) {
        return combineRegion(CombinedRegion.contribute(numThreads, body), op);
    }

    /** Weave point: the reduction of a {@code parallel reduction} region, on the encountering thread. */
    private static int combineRegion(Team team, IntReduction op) {
        int total = op.identity();
        for (int t = 0; t < team.size; t++) {
            total = op.combine(total, (int) team.regionSlots[t * Team.LONG_PAD]);
        }
        return total;
    }

    private static long combineRegion(Team team, LongReduction op) {
        long total = op.identity();
        for (int t = 0; t < team.size; t++) {
            total = op.combine(total, team.regionSlots[t * Team.LONG_PAD]);
        }
        return total;
    }

    private static double combineRegion(Team team, DoubleReduction op) {
        double total = op.identity();
        for (int t = 0; t < team.size; t++) {
            total = op.combine(total, Double.longBitsToDouble(team.regionSlots[t * Team.LONG_PAD]));
        }
        return total;
    }

    /** The single construct's broadcast ({@code copyprivate}): the executor's value to every member. */
    static <T> T broadcast(ThreadState ts, boolean executor, T value) {
        Team team = ts.team;
        if (team.size == 1) {
            return value;
        }
        Object[] slots = team.refSlots[buffer(ts)];
        if (executor) {
            slots[0] = value;
        }
        team.barrier.await(ts, BarrierKind.IMPLICIT_WORKSHARE);
        @SuppressWarnings("unchecked")
        T result = (T) slots[0];
        return result;
    }
}
