package io.github.ompt4j.benchmarks.overhead;

import io.github.ompt4j.benchmarks.model.OldGeneration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A {@code java.util.concurrent} lock taken and released around a counter on one thread, as the JDK's
 * {@code ReentrantLock} is woven: without the agent, with it alone and with a tool, the difference is what
 * reporting costs an acquisition with no contention.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class ReentrantLockBenchmark {
    private final ReentrantLock lock = new ReentrantLock();
    private long counter;

    /** The lock and the thread's data (made by a first acquisition) in the old generation. */
    @Setup(Level.Trial)
    public void age() {
        lockedIncrement();
        OldGeneration.promote();
    }

    @Benchmark
    public long lockedIncrement() {
        lock.lock();
        try {
            return ++counter;
        } finally {
            lock.unlock();
        }
    }
}
