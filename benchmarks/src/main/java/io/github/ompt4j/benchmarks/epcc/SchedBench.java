package io.github.ompt4j.benchmarks.epcc;

import static io.github.ompt4j.benchmarks.epcc.Epcc.ITERS_PER_THREAD;
import static io.github.ompt4j.benchmarks.epcc.Epcc.SCHED_DELAY_LENGTH;
import static io.github.ompt4j.benchmarks.epcc.Epcc.SCHED_INNER;

import io.github.ompt4j.omp.IntBody;
import io.github.ompt4j.omp.Omp;
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
 * EPCC schedbench: one worksharing loop of {@code ITERS_PER_THREAD} delays per thread under each
 * schedule. The overhead of a loop is its score minus {@link #reference}'s.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 400, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 5, time = 400, timeUnit = TimeUnit.MILLISECONDS)
@Fork(1)
public class SchedBench {
    @Param("2")
    public int threads;

    /** The loop under test; a state of its own, so that {@link #reference} runs once, not per schedule. */
    @State(Scope.Benchmark)
    public static class Loop {
        /** An {@code OMP_SCHEDULE} value with '_' for ',' (JMH's CSV output does not quote commas well). */
        @Param({"static", "static_1", "static_16", "static_128", "dynamic_1", "dynamic_16", "dynamic_128",
            "guided_1", "guided_16", "guided_128"})
        public String schedule;

        private Runnable region;

        @Setup
        public void setUp(SchedBench bench) {
            Schedule s = Schedule.parse(schedule.replace('_', ','));
            int iterations = ITERS_PER_THREAD * bench.threads;
            IntBody delayIteration = i -> Epcc.delay(SCHED_DELAY_LENGTH);
            region = () -> {
                for (int j = 0; j < SCHED_INNER; j++) {
                    Omp.forLoop(0, iterations, s, delayIteration);
                }
            };
        }
    }

    /** One thread's share of a loop's delays, run sequentially. */
    @Benchmark
    @OperationsPerInvocation(SCHED_INNER)
    public void reference() {
        for (int j = 0; j < SCHED_INNER; j++) {
            for (int i = 0; i < ITERS_PER_THREAD; i++) {
                Epcc.delay(SCHED_DELAY_LENGTH);
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(SCHED_INNER)
    public void scheduledLoop(Loop loop) {
        Omp.parallel(threads, loop.region);
    }
}
