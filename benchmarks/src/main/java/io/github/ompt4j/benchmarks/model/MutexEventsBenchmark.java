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
 * registered (the profiling settings): the acquisition, reported late as the directive library's are (taken
 * at once: no wait state), its call site, the thread's held mutexes that name a waiter's holder, and the
 * release. Two locks taken and released in order, as the bank demo's transfer does, and one critical
 * construct (its call site kept on the construct stack).
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
        OmptRuntime.mutexAcquireLate(t, OmptMutexKind.LOCK, 0, 0, 0, 1);
        OmptRuntime.mutexAcquiredLate(t, OmptMutexKind.LOCK, FIRST, true, true);
        OmptRuntime.mutexAcquireLate(t, OmptMutexKind.LOCK, 0, 0, 0, 2);
        OmptRuntime.mutexAcquiredLate(t, OmptMutexKind.LOCK, SECOND, true, true);
        OmptRuntime.mutexReleased(t, OmptMutexKind.LOCK, SECOND, 3);
        OmptRuntime.mutexReleased(t, OmptMutexKind.LOCK, FIRST, 4);
    }

    @Benchmark
    public void criticalEnteredAndLeft() {
        OmptThread t = thread;
        OmptRuntime.mutexAcquireLate(t, OmptMutexKind.CRITICAL, 0, 0, 0, 5);
        OmptRuntime.mutexAcquiredLate(t, OmptMutexKind.CRITICAL, LEDGER, true, true);
        OmptRuntime.mutexReleased(t, OmptMutexKind.CRITICAL, LEDGER, 0);
    }
}
