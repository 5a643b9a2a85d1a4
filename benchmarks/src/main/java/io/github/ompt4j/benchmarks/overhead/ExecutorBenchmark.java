package io.github.ompt4j.benchmarks.overhead;

import io.github.ompt4j.benchmarks.model.OldGeneration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A {@code ThreadPoolExecutor}'s path for a task, as the {@code locks} adapter weaves it: 1,000 tasks that do nothing
 * handed to a pool of one worker with {@code execute}, then a last one that opens a latch, waited for. The worker
 * mostly finds a task waiting ({@code getTask} without a wait), and waits for work once per batch. Without the agent,
 * with it alone and with a tool, the difference is what the executor's hooks cost a task: the marks around
 * {@code execute} and {@code getTask}, the queue's locks no longer reported, and with a tool the task's events (its
 * creation, start and completion) and its entry in the table of announced tasks. {@code runnable}: {@code one}
 * hands over one lambda again and again (a lambda that captures nothing is one object: many tasks announced for one
 * {@code Runnable}), {@code each} a new lambda a task (one task each), {@code submitted} hands {@code NOTHING} to
 * {@code submit}, which wraps it in a new {@code FutureTask} (whose task is kept in the field added to the type).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class ExecutorBenchmark {
    private static final int TASKS = 1_000;
    private static final Runnable NOTHING = () -> { };
    private ExecutorService pool;
    private volatile int sink;

    @Param({"one", "each", "submitted"})
    public String runnable;

    @Setup(Level.Trial)
    public void start() throws InterruptedException {
        pool = Executors.newFixedThreadPool(1);
        batch();
        OldGeneration.promote();
    }

    @TearDown(Level.Trial)
    public void stop() {
        pool.shutdown();
    }

    @Benchmark
    @OperationsPerInvocation(TASKS)
    public void batch() throws InterruptedException {
        boolean each = runnable.equals("each");
        boolean submitted = runnable.equals("submitted");
        for (int i = 0; i < TASKS - 1; i++) {
            int value = i;
            if (submitted) {
                pool.submit(NOTHING);
            } else {
                pool.execute(each ? () -> sink = value : NOTHING);
            }
        }
        CountDownLatch done = new CountDownLatch(1);
        pool.execute(done::countDown);
        done.await();
    }
}
