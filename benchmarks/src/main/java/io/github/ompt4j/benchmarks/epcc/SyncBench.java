package io.github.ompt4j.benchmarks.epcc;

import static io.github.ompt4j.benchmarks.epcc.Epcc.INNER;
import static io.github.ompt4j.benchmarks.epcc.Epcc.INNER_MUTEX;

import io.github.ompt4j.omp.IntBody;
import io.github.ompt4j.omp.IntReduction;
import io.github.ompt4j.omp.Omp;
import io.github.ompt4j.omp.OmpLock;
import io.github.ompt4j.omp.Schedule;
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
 * EPCC syncbench: the time of one construct with a delay inside. The overhead of a construct is its
 * score minus {@link #reference}'s (the delay alone), as EPCC computes it; {@code epcc-compare.sh} does
 * the subtraction and compares with the C program. {@link #atomic} and {@link #atomicBlock} have no delay
 * and no reference.
 *
 * <p>Short runs on purpose (2 warm-up and 5 measured iterations of 0.4 s, one fork): the constructs
 * settle within milliseconds, and the whole comparison must take minutes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 400, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 400, timeUnit = TimeUnit.MILLISECONDS)
@Fork(1)
public class SyncBench {
    @Param("2")
    public int threads;

    private final OmpLock lock = new OmpLock();
    private final Runnable delay = Epcc::delay;
    private final int[] cell = new int[1];
    private final Runnable increment = () -> Epcc.counter++;
    private final IntBody delayIteration = i -> Epcc.delay();
    private Runnable forRegion;
    private Runnable barrierRegion;
    private Runnable singleRegion;
    private Runnable criticalRegion;
    private Runnable lockRegion;
    private Runnable orderedRegion;
    private Runnable atomicRegion;
    private Runnable atomicBlockRegion;
    private final java.util.function.IntSupplier reductionBody = () -> {
        Epcc.delay();
        return 1;
    };

    @Setup
    public void setUp() {
        int n = threads;
        forRegion = () -> {
            for (int j = 0; j < INNER; j++) {
                Omp.forLoop(0, n, delayIteration);
            }
        };
        barrierRegion = () -> {
            for (int j = 0; j < INNER; j++) {
                Epcc.delay();
                Omp.barrier();
            }
        };
        singleRegion = () -> {
            for (int j = 0; j < INNER; j++) {
                Omp.single(delay);
            }
        };
        criticalRegion = () -> {
            for (int j = 0; j < INNER_MUTEX / n; j++) {
                Omp.critical(delay);
            }
        };
        lockRegion = () -> {
            for (int j = 0; j < INNER_MUTEX / n; j++) {
                lock.set();
                Epcc.delay();
                lock.unset();
            }
        };
        IntBody orderedIteration = i -> Omp.ordered(delay);
        orderedRegion = () -> Omp.forLoopOrdered(0, INNER, Schedule.staticChunked(1), orderedIteration);
        atomicRegion = () -> {
            // In a local, as C's counter is at an address the compiler knows: read from the field after each
            // add (a fence), the array's length, on the line both threads add to, was read before every add.
            int[] c = cell;
            for (int j = 0; j < INNER_MUTEX / n; j++) {
                Omp.atomicAdd(c, 0, 1);
            }
        };
        atomicBlockRegion = () -> {
            for (int j = 0; j < INNER_MUTEX / n; j++) {
                Omp.atomic(increment);
            }
        };
    }

    @Benchmark
    @OperationsPerInvocation(INNER)
    public void reference() {
        for (int j = 0; j < INNER; j++) {
            Epcc.delay();
        }
    }

    @Benchmark
    @OperationsPerInvocation(INNER)
    public void parallel() {
        for (int j = 0; j < INNER; j++) {
            Omp.parallel(threads, delay);
        }
    }

    @Benchmark
    @OperationsPerInvocation(INNER)
    public void forLoop() {
        Omp.parallel(threads, forRegion);
    }

    @Benchmark
    @OperationsPerInvocation(INNER)
    public void parallelFor() {
        for (int j = 0; j < INNER; j++) {
            Omp.parallelFor(0, threads, delayIteration);
        }
    }

    @Benchmark
    @OperationsPerInvocation(INNER)
    public void barrier() {
        Omp.parallel(threads, barrierRegion);
    }

    @Benchmark
    @OperationsPerInvocation(INNER)
    public void single() {
        Omp.parallel(threads, singleRegion);
    }

    @Benchmark
    @OperationsPerInvocation(INNER_MUTEX)
    public void critical() {
        Omp.parallel(threads, criticalRegion);
    }

    @Benchmark
    @OperationsPerInvocation(INNER_MUTEX)
    public void lock() {
        Omp.parallel(threads, lockRegion);
    }

    @Benchmark
    @OperationsPerInvocation(INNER)
    public void ordered() {
        Omp.parallel(threads, orderedRegion);
    }

    @Benchmark
    @OperationsPerInvocation(INNER_MUTEX)
    public void atomic() {
        Omp.parallel(threads, atomicRegion);
    }

    /** {@code Omp.atomic(Runnable)}: any update, under one program-wide mutex; C has no equivalent here. */
    @Benchmark
    @OperationsPerInvocation(INNER_MUTEX)
    public void atomicBlock() {
        Omp.parallel(threads, atomicBlockRegion);
    }

    @Benchmark
    @OperationsPerInvocation(INNER)
    public void reduction() {
        for (int j = 0; j < INNER; j++) {
            Epcc.counter += Omp.parallelReduce(threads, IntReduction.SUM, reductionBody);
        }
    }
}
