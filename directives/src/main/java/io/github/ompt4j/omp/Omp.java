package io.github.ompt4j.omp;

import java.util.function.DoubleSupplier;
import java.util.function.IntFunction;
import java.util.function.IntSupplier;
import java.util.function.IntToDoubleFunction;
import java.util.function.IntToLongFunction;
import java.util.function.IntUnaryOperator;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * OpenMP for Java: parallel regions, worksharing, synchronization, tasks, reductions and the runtime
 * library routines, as static methods.
 *
 * <p>Every directive binds to the innermost team of the calling thread, wherever it is called from: a
 * {@link #barrier()} or {@link #forLoop} in a method called from a region is an orphaned directive of
 * that region. Outside any region the calling thread is a team of one, so the directives still work.
 * As in OpenMP, every member of a team must encounter the same worksharing constructs and barriers in the
 * same order.
 *
 * <p>Exceptions: an exception thrown in a region (by any member, or by a task) releases the others from
 * their waits and is rethrown by {@link #parallel} on the encountering thread, with the exceptions of
 * other members attached as suppressed.
 */
public final class Omp {
    private Omp() {
    }

    // ---- parallel ----

    /** {@code #pragma omp parallel}: runs {@code body} on a team of nthreads-var threads. */
    public static void parallel(Runnable body) {
        Team.parallel(0, true, body);
    }

    /** {@code #pragma omp parallel num_threads(n)}. */
    public static void parallel(int numThreads, Runnable body) {
        Team.parallel(positive(numThreads), true, body);
    }

    /** {@code #pragma omp parallel if(condition)}: a team of one when false. */
    public static void parallelIf(boolean condition, Runnable body) {
        Team.parallel(0, condition, body);
    }

    /** {@code #pragma omp parallel if(condition) num_threads(n)}. */
    public static void parallelIf(boolean condition, int numThreads, Runnable body) {
        Team.parallel(positive(numThreads), condition, body);
    }

    /** {@code #pragma omp parallel for}: a region whose members share the loop. */
    public static void parallelFor(int lo, int hi, IntBody body) {
        parallelFor(lo, hi, Schedule.staticSchedule(), body);
    }

    /** {@code #pragma omp parallel for schedule(...)}. */
    public static void parallelFor(int lo, int hi, Schedule schedule, IntBody body) {
        CombinedRegion.parallelFor(lo, hi, schedule, body);
    }

    private static int positive(int numThreads) {
        if (numThreads <= 0) {
            throw new IllegalArgumentException("num_threads must be positive, was " + numThreads);
        }
        return numThreads;
    }

    // ---- runtime library routines ----

    /** {@code omp_get_thread_num}: this thread's number in its innermost team, 0 for the master. */
    public static int threadNum() {
        return ThreadState.current().member.tid;
    }

    /** {@code omp_get_num_threads}: the size of the innermost team. */
    public static int numThreads() {
        return ThreadState.current().team.size;
    }

    /** {@code omp_get_max_threads}: the team size a region without num_threads would request. */
    public static int maxThreads() {
        return ThreadState.current().task.numThreadsVar();
    }

    /**
     * {@code omp_set_num_threads}: the first element of the current task's nthreads-var, the size of the
     * regions it encounters; the elements for deeper levels (from a list in {@code OMP_NUM_THREADS}) stay.
     * A task's ICVs are its own: set inside an explicit task, it changes neither the task's creator nor
     * the implicit task of the thread that runs it.
     */
    public static void setNumThreads(int n) {
        ThreadState.current().task.setNumThreadsVar(positive(n));
    }

    /** {@code omp_get_level}: enclosing parallel regions, active or not. */
    public static int level() {
        return ThreadState.current().team.level;
    }

    /** {@code omp_get_active_level}: enclosing parallel regions with more than one thread. */
    public static int activeLevel() {
        return ThreadState.current().team.activeLevel;
    }

    /** {@code omp_in_parallel}: true inside an active region. */
    public static boolean inParallel() {
        return activeLevel() > 0;
    }

    /** {@code omp_get_ancestor_thread_num}: this thread's ancestor's number at {@code level}, or -1. */
    public static int ancestorThreadNum(int level) {
        ThreadState ts = ThreadState.current();
        Team team = ts.team;
        int tid = ts.member.tid;
        if (level < 0 || level > team.level) {
            return -1;
        }
        while (team.level > level) {
            tid = team.parentTid;
            team = team.parent;
        }
        return tid;
    }

    /** {@code omp_get_team_size}: the size of the team at {@code level} this thread belongs to, or -1. */
    public static int teamSize(int level) {
        Team team = ThreadState.current().team;
        if (level < 0 || level > team.level) {
            return -1;
        }
        while (team.level > level) {
            team = team.parent;
        }
        return team.size;
    }

    /** {@code omp_get_num_procs}. */
    public static int numProcs() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** {@code omp_get_wtime}: seconds since an arbitrary origin, monotonic. */
    public static double wtime() {
        return System.nanoTime() * 1e-9;
    }

    /** {@code omp_get_wtick}: the resolution of {@link #wtime()}. */
    public static double wtick() {
        return 1e-9;
    }

    /** {@code omp_get_dynamic}. */
    public static boolean getDynamic() {
        return Icvs.global().dynamic();
    }

    /** {@code omp_set_dynamic}: whether the runtime may give a region fewer threads than free processors. */
    public static void setDynamic(boolean dynamic) {
        Icvs.global().setDynamic(dynamic);
    }

    /** {@code omp_get_max_active_levels}. */
    public static int getMaxActiveLevels() {
        return Icvs.global().maxActiveLevels();
    }

    /** {@code omp_set_max_active_levels}: nested regions beyond this many active ones get one thread. */
    public static void setMaxActiveLevels(int levels) {
        Icvs.global().setMaxActiveLevels(levels);
    }

    /** {@code omp_get_supported_active_levels}. */
    public static int supportedActiveLevels() {
        return Icvs.SUPPORTED_ACTIVE_LEVELS;
    }

    /** {@code omp_get_schedule}: run-sched-var, the schedule of {@link Schedule#runtime()} loops. */
    public static Schedule getSchedule() {
        return Icvs.global().runSchedule();
    }

    /** {@code omp_set_schedule}. */
    public static void setSchedule(Schedule schedule) {
        Icvs.global().setRunSchedule(schedule);
    }

    /** {@code omp_get_thread_limit}. */
    public static int getThreadLimit() {
        return Icvs.global().threadLimit();
    }

    /** The wait policy, from {@code OMP_WAIT_POLICY}. */
    public static WaitPolicy getWaitPolicy() {
        return Icvs.global().waitPolicy();
    }

    /** {@code omp_in_final}: true inside a final task. */
    public static boolean inFinal() {
        return ThreadState.current().task.isFinal;
    }

    /** {@code omp_control_tool_notool}: no tool is attached. */
    public static final int CONTROL_TOOL_NOTOOL = -2;
    /** {@code omp_control_tool_nocallback}: a tool is attached but takes no control commands. */
    public static final int CONTROL_TOOL_NOCALLBACK = -1;
    /** {@code omp_control_tool_success}. */
    public static final int CONTROL_TOOL_SUCCESS = 0;

    /**
     * {@code omp_control_tool}: asks an attached tool to start (1), pause (2), flush (3) or stop (4)
     * monitoring, or passes it a tool-specific command (64 and up). Without a tool, as when the
     * program runs without an instrumentation agent, it returns {@link #CONTROL_TOOL_NOTOOL}. Weave point.
     */
    public static int controlTool(int command, int modifier) {
        return CONTROL_TOOL_NOTOOL;
    }

    // ---- worksharing loops ----

    /** {@code #pragma omp for} over {@code [lo, hi)}, static schedule, with the implicit barrier. */
    public static void forLoop(int lo, int hi, IntBody body) {
        Worksharing.forInt(lo, hi, 1, Schedule.staticSchedule(), false, body);
    }

    /** {@code #pragma omp for schedule(...)} over {@code [lo, hi)}. */
    public static void forLoop(int lo, int hi, Schedule schedule, IntBody body) {
        Worksharing.forInt(lo, hi, 1, schedule, false, body);
    }

    /** {@code for (i = lo; i < hi; i += step)}, or {@code i > hi} for a negative step. */
    public static void forLoop(int lo, int hi, int step, Schedule schedule, IntBody body) {
        Worksharing.forInt(lo, hi, step, schedule, false, body);
    }

    /** {@code #pragma omp for schedule(...) nowait}: no barrier at the end. */
    public static void forLoopNowait(int lo, int hi, Schedule schedule, IntBody body) {
        Worksharing.forInt(lo, hi, 1, schedule, true, body);
    }

    public static void forLoopNowait(int lo, int hi, int step, Schedule schedule, IntBody body) {
        Worksharing.forInt(lo, hi, step, schedule, true, body);
    }

    /** A loop over {@code long} iterations {@code [lo, hi)} with a step. */
    public static void forLoopLong(long lo, long hi, long step, Schedule schedule, LongBody body) {
        Worksharing.forLong(lo, hi, step, schedule, false, body);
    }

    public static void forLoopLongNowait(long lo, long hi, long step, Schedule schedule, LongBody body) {
        Worksharing.forLong(lo, hi, step, schedule, true, body);
    }

    /**
     * {@code #pragma omp for ordered}: iterations may call {@link #ordered(Runnable)} (at most once
     * each); those blocks run in iteration order.
     */
    public static void forLoopOrdered(int lo, int hi, Schedule schedule, IntBody body) {
        Worksharing.forOrdered(lo, hi, 1, schedule, false, i -> body.run((int) i));
    }

    public static void forLoopOrdered(long lo, long hi, long step, Schedule schedule, boolean nowait,
            LongBody body) {
        Worksharing.forOrdered(lo, hi, step, schedule, nowait, body);
    }

    /** {@code #pragma omp for collapse(2)}: both loops' iterations shared as one space. */
    public static void forLoopCollapse(int lo1, int hi1, int lo2, int hi2, Schedule schedule, IntPairBody body) {
        Worksharing.forCollapsed(lo1, hi1, lo2, hi2, schedule, false, body);
    }

    public static void forLoopCollapseNowait(int lo1, int hi1, int lo2, int hi2, Schedule schedule,
            IntPairBody body) {
        Worksharing.forCollapsed(lo1, hi1, lo2, hi2, schedule, true, body);
    }

    /** {@code #pragma omp ordered}, inside an ordered loop. */
    public static void ordered(Runnable body) {
        Ordered.run(body);
    }

    // ---- other worksharing ----

    /** {@code #pragma omp sections}: each section runs once, on some member; then the barrier. */
    public static void sections(Runnable... sections) {
        Worksharing.sections(sections, false);
    }

    public static void sectionsNowait(Runnable... sections) {
        Worksharing.sections(sections, true);
    }

    /** {@code #pragma omp single}: one member runs {@code body}; all wait at the barrier. */
    public static void single(Runnable body) {
        Worksharing.single(body, false);
    }

    public static void singleNowait(Runnable body) {
        Worksharing.single(body, true);
    }

    /**
     * {@code #pragma omp single copyprivate(...)}: one member computes a value and every member returns
     * it.
     */
    public static <T> T singleCopy(Supplier<T> body) {
        return Worksharing.singleCopy(body);
    }

    /** {@code #pragma omp master}: member 0 runs {@code body}; no barrier. */
    public static void master(Runnable body) {
        masked(0, body);
    }

    /** {@code #pragma omp masked filter(tid)}: member {@code tid} runs {@code body}; no barrier. */
    public static void masked(int tid, Runnable body) {
        if (ThreadState.current().member.tid == tid) {
            Masked.run(body);
        }
    }

    // ---- synchronization ----

    /** {@code #pragma omp critical}: the unnamed critical section, exclusive program-wide. */
    public static void critical(Runnable body) {
        Critical.run(null, body);
    }

    /** {@code #pragma omp critical(name)}: sections with the same name exclude each other. */
    public static void critical(String name, Runnable body) {
        Critical.run(name, body);
    }

    /** {@code #pragma omp barrier}: waits for the whole team; runs the team's tasks meanwhile. */
    public static void barrier() {
        ThreadState ts = ThreadState.current();
        ts.team.barrier.await(ts, BarrierKind.EXPLICIT);
    }

    /** {@code #pragma omp atomic}: {@code update} runs excluded from every other atomic update. */
    public static void atomic(Runnable update) {
        Atomic.run(update);
    }

    /**
     * {@code #pragma omp atomic capture} of {@code cells[index] += delta}: one hardware atomic add;
     * returns the new value. A Java variable that several threads update lives in an array (or a field
     * of {@code java.util.concurrent.atomic}). The index is checked against the array's length, which
     * shares the cache line of the first elements: in a hot loop, hold the array in a local variable (or
     * a {@code static final} field), so that the JIT checks once before the loop rather than reading that
     * contended line before every add.
     */
    public static int atomicAdd(int[] cells, int index, int delta) {
        return Atomic.add(cells, index, delta);
    }

    public static long atomicAdd(long[] cells, int index, long delta) {
        return Atomic.add(cells, index, delta);
    }

    public static double atomicAdd(double[] cells, int index, double delta) {
        return Atomic.add(cells, index, delta);
    }

    // ---- tasks ----

    /** {@code #pragma omp task}: {@code body} runs later, on some member of the team. */
    public static void task(Runnable body) {
        Tasking.create(null, body);
    }

    /** {@code #pragma omp task} with clauses: if, final, untied, mergeable, depend. */
    public static void task(TaskOptions options, Runnable body) {
        Tasking.create(options, body);
    }

    /** {@code #pragma omp taskwait}: waits for the current task's children (not their descendants). */
    public static void taskwait() {
        Tasking.taskwait();
    }

    /** {@code #pragma omp taskgroup}: runs {@code body}, then waits for every task it created, and theirs. */
    public static void taskgroup(Runnable body) {
        Tasking.taskgroup(body);
    }

    /** {@code #pragma omp taskyield}: may run another task first. */
    public static void taskyield() {
        Tasking.taskyield();
    }

    // ---- reductions ----

    /** A loop with {@code reduction}: every member gets the total over all iterations. Static schedule. */
    public static int forReduce(int lo, int hi, IntReduction op, IntUnaryOperator term) {
        return Worksharing.forReduce(lo, hi, Schedule.staticSchedule(), op, term);
    }

    public static int forReduce(int lo, int hi, Schedule schedule, IntReduction op, IntUnaryOperator term) {
        return Worksharing.forReduce(lo, hi, schedule, op, term);
    }

    public static long forReduce(int lo, int hi, LongReduction op, IntToLongFunction term) {
        return Worksharing.forReduce(lo, hi, Schedule.staticSchedule(), op, term);
    }

    public static long forReduce(int lo, int hi, Schedule schedule, LongReduction op, IntToLongFunction term) {
        return Worksharing.forReduce(lo, hi, schedule, op, term);
    }

    public static double forReduce(int lo, int hi, DoubleReduction op, IntToDoubleFunction term) {
        return Worksharing.forReduce(lo, hi, Schedule.staticSchedule(), op, term);
    }

    public static double forReduce(int lo, int hi, Schedule schedule, DoubleReduction op,
            IntToDoubleFunction term) {
        return Worksharing.forReduce(lo, hi, schedule, op, term);
    }

    public static <T> T forReduce(int lo, int hi, Reduction<T> op, IntFunction<T> term) {
        return Worksharing.forReduce(lo, hi, Schedule.staticSchedule(), op, term);
    }

    public static <T> T forReduce(int lo, int hi, Schedule schedule, Reduction<T> op, IntFunction<T> term) {
        return Worksharing.forReduce(lo, hi, schedule, op, term);
    }

    /** A region reduction: every member contributes {@code value} and gets the team's total. */
    public static int reduce(IntReduction op, int value) {
        return Reducer.combine(ThreadState.current(), op, value);
    }

    public static long reduce(LongReduction op, long value) {
        return Reducer.combine(ThreadState.current(), op, value);
    }

    public static double reduce(DoubleReduction op, double value) {
        return Reducer.combine(ThreadState.current(), op, value);
    }

    public static <T> T reduce(Reduction<T> op, T value) {
        return Reducer.combine(ThreadState.current(), op, value);
    }

    /**
     * {@code #pragma omp parallel reduction(...)}: every member of a new team returns a value from
     * {@code body}; the encountering thread gets the total. Costs no barrier beyond the region's own.
     */
    public static int parallelReduce(IntReduction op, IntSupplier body) {
        return Reducer.parallelReduce(0, op, body);
    }

    public static int parallelReduce(int numThreads, IntReduction op, IntSupplier body) {
        return Reducer.parallelReduce(positive(numThreads), op, body);
    }

    public static long parallelReduce(LongReduction op, LongSupplier body) {
        return Reducer.parallelReduce(0, op, body);
    }

    public static long parallelReduce(int numThreads, LongReduction op, LongSupplier body) {
        return Reducer.parallelReduce(positive(numThreads), op, body);
    }

    public static double parallelReduce(DoubleReduction op, DoubleSupplier body) {
        return Reducer.parallelReduce(0, op, body);
    }

    public static double parallelReduce(int numThreads, DoubleReduction op, DoubleSupplier body) {
        return Reducer.parallelReduce(positive(numThreads), op, body);
    }

    /** {@code #pragma omp parallel for reduction(...)}: returns the total to the encountering thread. */
    public static int parallelForReduce(int lo, int hi, IntReduction op, IntUnaryOperator term) {
        int[] result = new int[1];
        parallel(() -> {
            int total = forReduce(lo, hi, op, term);
            if (threadNum() == 0) {
                result[0] = total;
            }
        });
        return result[0];
    }

    public static long parallelForReduce(int lo, int hi, LongReduction op, IntToLongFunction term) {
        long[] result = new long[1];
        parallel(() -> {
            long total = forReduce(lo, hi, op, term);
            if (threadNum() == 0) {
                result[0] = total;
            }
        });
        return result[0];
    }

    public static double parallelForReduce(int lo, int hi, DoubleReduction op, IntToDoubleFunction term) {
        double[] result = new double[1];
        parallel(() -> {
            double total = forReduce(lo, hi, op, term);
            if (threadNum() == 0) {
                result[0] = total;
            }
        });
        return result[0];
    }

    public static <T> T parallelForReduce(int lo, int hi, Reduction<T> op, IntFunction<T> term) {
        Object[] result = new Object[1];
        parallel(() -> {
            T total = forReduce(lo, hi, op, term);
            if (threadNum() == 0) {
                result[0] = total;
            }
        });
        @SuppressWarnings("unchecked")
        T total = (T) result[0];
        return total;
    }
}
