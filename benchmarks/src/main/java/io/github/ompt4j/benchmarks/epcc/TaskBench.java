package io.github.ompt4j.benchmarks.epcc;

import static io.github.ompt4j.benchmarks.epcc.Epcc.INNER;

import io.github.ompt4j.omp.Omp;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * EPCC taskbench, three of its tests: every thread creates {@code INNER} tasks ({@link #parallelTask}),
 * the master creates them all ({@link #masterTask}), and every thread waits for each of its tasks
 * ({@link #taskWait}). Each task is one delay and each thread has {@code INNER} delays of work, so the
 * overhead per task is the score minus the delay ({@link SyncBench#reference}), as in EPCC.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 400, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 400, timeUnit = TimeUnit.MILLISECONDS)
@Fork(1)
public class TaskBench {
    @Param("2")
    public int threads;

    private final Runnable delay = Epcc::delay;
    private Runnable parallelTaskRegion;
    private Runnable masterTaskRegion;
    private Runnable taskWaitRegion;

    @Setup
    public void setUp() {
        int n = threads;
        parallelTaskRegion = () -> {
            for (int j = 0; j < INNER; j++) {
                Omp.task(delay);
            }
        };
        Runnable createAll = () -> {
            for (int j = 0; j < INNER * n; j++) {
                Omp.task(delay);
            }
        };
        masterTaskRegion = () -> Omp.master(createAll);
        taskWaitRegion = () -> {
            for (int j = 0; j < INNER; j++) {
                Omp.task(delay);
                Omp.taskwait();
            }
        };
    }

    @Benchmark
    @OperationsPerInvocation(INNER)
    public void parallelTask() {
        Omp.parallel(threads, parallelTaskRegion);
    }

    @Benchmark
    @OperationsPerInvocation(INNER)
    public void masterTask() {
        Omp.parallel(threads, masterTaskRegion);
    }

    @Benchmark
    @OperationsPerInvocation(INNER)
    public void taskWait() {
        Omp.parallel(threads, taskWaitRegion);
    }
}
