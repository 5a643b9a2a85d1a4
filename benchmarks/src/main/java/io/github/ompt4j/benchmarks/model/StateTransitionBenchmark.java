package io.github.ompt4j.benchmarks.model;

import io.github.ompt4j.model.OmptState;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreads;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One state transition of a thread: with the thread's data already at hand (as advice has it after
 * one lookup per construct), and with the lookup ({@code OmptThreads.current()}) included.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class StateTransitionBenchmark extends AttachedThread {
    private static final OmptState[] STATES = {OmptState.WORK_PARALLEL, OmptState.OVERHEAD};
    private int i;

    @Benchmark
    public void setState() {
        thread.setState(STATES[i++ & 1]);
    }

    @Benchmark
    public void lookUpThreadAndSetState() {
        OmptThreads.current().setState(STATES[i++ & 1]);
    }

    @Benchmark
    public void enterAndLeaveLockWait() {
        OmptThread t = thread;
        t.enterWait(OmptState.WAIT_LOCK, 42);
        t.exitWait();
    }
}
