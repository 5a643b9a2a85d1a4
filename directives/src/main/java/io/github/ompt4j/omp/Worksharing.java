package io.github.ompt4j.omp;

import java.util.function.IntFunction;
import java.util.function.IntToDoubleFunction;
import java.util.function.IntToLongFunction;
import java.util.function.IntUnaryOperator;
import java.util.function.Supplier;

/**
 * The worksharing constructs, executed by each member that encounters them: loops over normalized
 * iteration numbers from a {@link LoopScheduler}, sections, single. Each loop body is a plain counted
 * loop over one chunk, so the JIT compiles it like the user's own {@code for}. The plain int and long
 * loops compute a static schedule's chunks themselves, in registers, as a compiler does for a static loop
 * (a chunk of 1 is otherwise a scheduler call and three field writes per iteration, and even one block
 * costs two calls); the other loops, and every other schedule, ask {@link LoopScheduler#nextChunk}.
 */
final class Worksharing {
    private Worksharing() {
    }

    /** Iterations of {@code for (i = lo; i < hi; i += step)} ({@code >} for a negative step). */
    static long tripCount(long lo, long hi, long step) {
        if (step == 0) {
            throw new IllegalArgumentException("loop step must not be 0");
        }
        if (step > 0 ? hi <= lo : lo <= hi) {
            return 0;
        }
        // The distance the loop covers, unsigned; no division for a unit step, the common loop.
        long span = step > 0 ? hi - lo : lo - hi;
        long count = step == 1 || step == -1 ? span : Long.divideUnsigned(span - 1, step > 0 ? step : -step) + 1;
        if (count < 0) {
            throw new ArithmeticException("loop has more than Long.MAX_VALUE iterations");
        }
        return count;
    }

    /**
     * Pushes a loop scheduler and begins the construct on it. A construct that cannot begin (a step of 0, a
     * team that failed meanwhile) leaves no loop on the thread's stack, where an {@code ordered} outside
     * any loop would find it.
     */
    private static LoopScheduler startLoop(ThreadState ts, LoopScheduler.WorkKind kind, long count,
            Schedule schedule, boolean ordered) {
        LoopScheduler loop = ts.pushLoop();
        try {
            loop.begin(ts, kind, count, schedule, ordered);
        } catch (Throwable e) {
            ts.popLoop();
            throw e;
        }
        return loop;
    }

    private static void finishLoop(ThreadState ts, LoopScheduler loop) {
        loop.end();
        ts.popLoop();
    }

    static void forInt(int lo, int hi, int step, Schedule schedule, boolean nowait, IntBody body) {
        ThreadState ts = ThreadState.current();
        LoopScheduler loop = startLoop(ts, LoopScheduler.WorkKind.LOOP, tripCount(lo, hi, step), schedule, false);
        try {
            if (loop.staticChunks() && loop.chunk == 1) {
                // Chunks of one (schedule(static, 1), or a block of one iteration): one loop, striding; an int
                // loop's count and stride cannot overflow it.
                long count = loop.count;
                long stride = loop.stride();
                for (long k = loop.firstChunkStart(); k < count; k += stride) {
                    loop.dispatched(k, k + 1);
                    body.run((int) (lo + k * step));
                }
            } else if (loop.staticChunks()) {
                // Static schedules: the chunks computed here, in registers, like a compiler's static loop.
                long count = loop.count;
                long stride = loop.stride();
                for (long start = loop.firstChunkStart(); start < count; start = count - start <= stride ? count : start + stride) {
                    long end = loop.chunkEnd(start);
                    loop.dispatched(start, end);
                    int i = (int) (lo + start * step);
                    for (long k = start; k < end; k++, i += step) {
                        body.run(i);
                    }
                }
            } else {
                while (loop.nextChunk()) {
                    int i = (int) (lo + loop.chunkStart * step);
                    for (long k = loop.chunkStart, end = loop.chunkEnd; k < end; k++, i += step) {
                        body.run(i);
                    }
                }
            }
        } finally {
            finishLoop(ts, loop);
        }
        if (!nowait) {
            ts.team.barrier.await(ts, BarrierKind.IMPLICIT_WORKSHARE);
        }
    }

    static void forLong(long lo, long hi, long step, Schedule schedule, boolean nowait, LongBody body) {
        ThreadState ts = ThreadState.current();
        LoopScheduler loop = startLoop(ts, LoopScheduler.WorkKind.LOOP, tripCount(lo, hi, step), schedule, false);
        try {
            if (loop.staticChunks()) {
                long count = loop.count;
                long stride = loop.stride();
                for (long start = loop.firstChunkStart(); start < count; start = count - start <= stride ? count : start + stride) {
                    long end = loop.chunkEnd(start);
                    loop.dispatched(start, end);
                    long i = lo + start * step;
                    for (long k = start; k < end; k++, i += step) {
                        body.run(i);
                    }
                }
            } else {
                while (loop.nextChunk()) {
                    long i = lo + loop.chunkStart * step;
                    for (long k = loop.chunkStart, end = loop.chunkEnd; k < end; k++, i += step) {
                        body.run(i);
                    }
                }
            }
        } finally {
            finishLoop(ts, loop);
        }
        if (!nowait) {
            ts.team.barrier.await(ts, BarrierKind.IMPLICIT_WORKSHARE);
        }
    }

    /** An ordered loop: iterations that run no ordered region still take their turn when they end. */
    static void forOrdered(long lo, long hi, long step, Schedule schedule, boolean nowait, LongBody body) {
        ThreadState ts = ThreadState.current();
        LoopScheduler loop = startLoop(ts, LoopScheduler.WorkKind.LOOP, tripCount(lo, hi, step), schedule, true);
        try {
            while (loop.nextChunk()) {
                for (long k = loop.chunkStart, end = loop.chunkEnd; k < end; k++) {
                    loop.iteration = k;
                    loop.orderedDone = false;
                    body.run(lo + k * step);
                    if (!loop.orderedDone) {
                        Ordered.enter(ts, loop);
                        Ordered.exit(loop);
                    }
                }
            }
        } finally {
            finishLoop(ts, loop);
        }
        if (!nowait) {
            ts.team.barrier.await(ts, BarrierKind.IMPLICIT_WORKSHARE);
        }
    }

    /** {@code collapse(2)} over {@code [lo1, hi1) x [lo2, hi2)}: one iteration space, row-major. */
    static void forCollapsed(int lo1, int hi1, int lo2, int hi2, Schedule schedule, boolean nowait,
            IntPairBody body) {
        long inner = tripCount(lo2, hi2, 1);
        long count = Math.multiplyExact(tripCount(lo1, hi1, 1), inner);
        ThreadState ts = ThreadState.current();
        LoopScheduler loop = startLoop(ts, LoopScheduler.WorkKind.LOOP, count, schedule, false);
        try {
            while (loop.nextChunk()) {
                int i = (int) (lo1 + loop.chunkStart / inner);
                int j = (int) (lo2 + loop.chunkStart % inner);
                for (long k = loop.chunkStart, end = loop.chunkEnd; k < end; k++) {
                    body.run(i, j);
                    if (++j == hi2) {
                        j = lo2;
                        i++;
                    }
                }
            }
        } finally {
            finishLoop(ts, loop);
        }
        if (!nowait) {
            ts.team.barrier.await(ts, BarrierKind.IMPLICIT_WORKSHARE);
        }
    }

    static void sections(Runnable[] sections, boolean nowait) {
        ThreadState ts = ThreadState.current();
        LoopScheduler loop = startLoop(ts, LoopScheduler.WorkKind.SECTIONS, sections.length, Schedule.dynamic(),
                false);
        try {
            while (loop.nextChunk()) {
                for (long k = loop.chunkStart; k < loop.chunkEnd; k++) {
                    sections[(int) k].run();
                }
            }
        } finally {
            finishLoop(ts, loop);
        }
        if (!nowait) {
            ts.team.barrier.await(ts, BarrierKind.IMPLICIT_WORKSHARE);
        }
    }

    /**
     * Weave point: single begin (executor or other). Member k's n-th single is won by whoever moves the
     * team's count from n to n + 1; members behind find it already moved.
     */
    static boolean singleEnter(ThreadState ts) {
        long mine = ts.member.singleCount++;
        Team team = ts.team;
        return team.singles.get() == mine && team.singles.compareAndSet(mine, mine + 1);
    }

    /** Weave point: single end. */
    static void singleExit(ThreadState ts, boolean executor, boolean nowait) {
        if (!nowait) {
            ts.team.barrier.await(ts, BarrierKind.IMPLICIT_WORKSHARE);
        }
    }

    /** Weave point: single end when the construct failed (its body threw, or the team aborted): no barrier. */
    static void singleFailed(ThreadState ts, boolean executor) {
        // Only marks the end of the construct for the weaving; the failure itself goes on up.
    }

    static void single(Runnable body, boolean nowait) {
        ThreadState ts = ThreadState.current();
        boolean executor = singleEnter(ts);
        if (executor) {
            try {
                body.run();
            } catch (Throwable e) {
                singleFailed(ts, true);
                throw e;
            }
        }
        singleExit(ts, executor, nowait);
    }

    /** single with copyprivate: the executor's value reaches every member (the broadcast is the barrier). */
    static <T> T singleCopy(Supplier<T> body) {
        ThreadState ts = ThreadState.current();
        boolean executor = singleEnter(ts);
        T result;
        try {
            result = Reducer.broadcast(ts, executor, executor ? body.get() : null);
        } catch (Throwable e) {
            singleFailed(ts, executor);
            throw e;
        }
        singleExit(ts, executor, true);
        return result;
    }

    static int forReduce(int lo, int hi, Schedule schedule, IntReduction op, IntUnaryOperator term) {
        ThreadState ts = ThreadState.current();
        LoopScheduler loop = startLoop(ts, LoopScheduler.WorkKind.LOOP, tripCount(lo, hi, 1), schedule, false);
        int partial = op.identity();
        try {
            while (loop.nextChunk()) {
                for (int i = (int) (lo + loop.chunkStart), end = (int) (lo + loop.chunkEnd); i < end; i++) {
                    partial = op.combine(partial, term.applyAsInt(i));
                }
            }
        } finally {
            finishLoop(ts, loop);
        }
        return Reducer.combine(ts, op, partial);
    }

    static long forReduce(int lo, int hi, Schedule schedule, LongReduction op, IntToLongFunction term) {
        ThreadState ts = ThreadState.current();
        LoopScheduler loop = startLoop(ts, LoopScheduler.WorkKind.LOOP, tripCount(lo, hi, 1), schedule, false);
        long partial = op.identity();
        try {
            while (loop.nextChunk()) {
                for (int i = (int) (lo + loop.chunkStart), end = (int) (lo + loop.chunkEnd); i < end; i++) {
                    partial = op.combine(partial, term.applyAsLong(i));
                }
            }
        } finally {
            finishLoop(ts, loop);
        }
        return Reducer.combine(ts, op, partial);
    }

    static double forReduce(int lo, int hi, Schedule schedule, DoubleReduction op, IntToDoubleFunction term) {
        ThreadState ts = ThreadState.current();
        LoopScheduler loop = startLoop(ts, LoopScheduler.WorkKind.LOOP, tripCount(lo, hi, 1), schedule, false);
        double partial = op.identity();
        try {
            while (loop.nextChunk()) {
                for (int i = (int) (lo + loop.chunkStart), end = (int) (lo + loop.chunkEnd); i < end; i++) {
                    partial = op.combine(partial, term.applyAsDouble(i));
                }
            }
        } finally {
            finishLoop(ts, loop);
        }
        return Reducer.combine(ts, op, partial);
    }

    static <T> T forReduce(int lo, int hi, Schedule schedule, Reduction<T> op, IntFunction<T> term) {
        ThreadState ts = ThreadState.current();
        LoopScheduler loop = startLoop(ts, LoopScheduler.WorkKind.LOOP, tripCount(lo, hi, 1), schedule, false);
        T partial = op.identity();
        try {
            while (loop.nextChunk()) {
                for (int i = (int) (lo + loop.chunkStart), end = (int) (lo + loop.chunkEnd); i < end; i++) {
                    partial = op.combine(partial, term.apply(i));
                }
            }
        } finally {
            finishLoop(ts, loop);
        }
        return Reducer.combine(ts, op, partial);
    }
}
