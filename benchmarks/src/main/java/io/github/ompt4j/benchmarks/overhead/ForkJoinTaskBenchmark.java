package io.github.ompt4j.benchmarks.overhead;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One fork/join task of the finest grain, as a {@code RecursiveTask} tree makes most of them: forked by a task on
 * a worker, taken back from the worker's own queue by the join and run there, inside a region (a submission to a
 * pool of one worker, so that no other thread steals). A round is {@value #TASKS} such tasks; the score is the
 * time a task. Run without the agent, with it alone, with {@code NoopTool} and with the recording
 * ({@code -jvmArgsAppend "-Dompt4j.jfr.settings=profile -javaagent:agent/target/ompt-agent.jar=jfr=/tmp/b.jfr"}):
 * the differences are what tracking a task, delivering its events and recording its span cost, without the
 * scheduling noise of a whole program (the pool's compensating workers, the JIT on the program's cores). This jar
 * carries the JFR tool too, ahead of the agent jar on the class path: run it with the agent of the same build.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class ForkJoinTaskBenchmark {
    static final int TASKS = 1_000;
    private ForkJoinPool pool;

    @Setup(Level.Trial)
    public void start() {
        pool = new ForkJoinPool(1);
    }

    @TearDown(Level.Trial)
    public void stop() {
        pool.shutdown();
    }

    @Benchmark
    @OperationsPerInvocation(TASKS)
    public long forkAndJoin() {
        return pool.invoke(new Round());
    }

    /** Forks and joins {@value #TASKS} leaves one after the other, as a tree's inner task does two at a time. */
    static final class Round extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;

        @Override
        protected Long compute() {
            long sum = 0;
            for (int i = 0; i < TASKS; i++) {
                Leaf leaf = new Leaf(i);
                leaf.fork();
                leaf.join();
                sum += leaf.value;
            }
            return sum;
        }
    }

    static final class Leaf extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final int seed;
        long value;

        Leaf(int seed) {
            this.seed = seed;
        }

        @Override
        protected void compute() {
            value = (seed * 2654435761L) >>> 7;
        }
    }
}
