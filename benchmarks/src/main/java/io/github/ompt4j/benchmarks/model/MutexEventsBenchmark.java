package io.github.ompt4j.benchmarks.model;

import io.github.ompt4j.model.OmptMutexKind;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptThread;
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
 * What the runtime does on one thread for each mutex operation once a tool listens, with no mutex callback
 * registered (the profiling settings): the wait state, the acquisition's call site, the thread's held
 * mutexes that name a waiter's holder, and the release. Two locks taken and released in order, as the bank
 * demo's transfer does, and one critical construct (its call site kept on the construct stack).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class MutexEventsBenchmark extends AttachedThread {
    private static final long FIRST = 11;
    private static final long SECOND = 12;
    private static final long LEDGER = 13;

    @Benchmark
    public void twoLocksTakenAndReleased() {
        OmptThread t = thread;
        OmptRuntime.mutexAcquire(t, OmptMutexKind.LOCK, FIRST, 0, 0, 1, false);
        OmptRuntime.mutexAcquired(t, OmptMutexKind.LOCK, FIRST);
        OmptRuntime.mutexAcquire(t, OmptMutexKind.LOCK, SECOND, 0, 0, 2, false);
        OmptRuntime.mutexAcquired(t, OmptMutexKind.LOCK, SECOND);
        OmptRuntime.mutexReleased(t, OmptMutexKind.LOCK, SECOND, 3);
        OmptRuntime.mutexReleased(t, OmptMutexKind.LOCK, FIRST, 4);
    }

    @Benchmark
    public void criticalEnteredAndLeft() {
        OmptThread t = thread;
        OmptRuntime.mutexAcquire(t, OmptMutexKind.CRITICAL, LEDGER, 0, 0, 5, false);
        OmptRuntime.mutexAcquired(t, OmptMutexKind.CRITICAL, LEDGER);
        OmptRuntime.mutexReleased(t, OmptMutexKind.CRITICAL, LEDGER, 0);
    }
}
