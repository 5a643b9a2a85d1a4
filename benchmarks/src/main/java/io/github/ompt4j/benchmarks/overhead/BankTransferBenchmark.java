package io.github.ompt4j.benchmarks.overhead;

import io.github.ompt4j.benchmarks.model.OldGeneration;
import io.github.ompt4j.omp.LockHint;
import io.github.ompt4j.omp.Omp;
import io.github.ompt4j.omp.OmpLock;
import java.util.concurrent.TimeUnit;
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
 * One transfer of the bank demo on one thread, woven as the program's own code is: two {@code OmpLock}s set
 * and unset in order and a named critical construct, each call marked with its call site. Run without the
 * agent, with it alone ({@code -jvmArgsAppend -javaagent:agent/target/ompt-agent.jar}) and with a tool
 * ({@code =tool=io.github.ompt4j.benchmarks.overhead.NoopTool}): the difference is what tracking costs a
 * transfer with no contention, which contention then multiplies.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class BankTransferBenchmark {
    private final OmpLock first = new OmpLock(LockHint.CONTENDED);
    private final OmpLock second = new OmpLock(LockHint.CONTENDED);
    private final long[] balances = new long[2];
    private final long[] ledger = new long[1];

    /** The thread's data (made by a first transfer), the locks and the arrays in the old generation. */
    @Setup(Level.Trial)
    public void age() {
        transfer();
        OldGeneration.promote();
    }

    @Benchmark
    public long transfer() {
        first.set();
        second.set();
        try {
            balances[0] -= 1;
            balances[1] += 1;
        } finally {
            second.unset();
            first.unset();
        }
        Omp.critical("ledger", () -> ledger[0]++);
        return ledger[0];
    }
}
