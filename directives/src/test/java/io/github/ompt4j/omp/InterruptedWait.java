package io.github.ompt4j.omp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * One waiter of a test of how waits treat a pending interrupt: a wait is not interruptible, so it must
 * park with the interrupt pending (a park returns at once while one is, and a waiter that cannot park
 * spins) and leave it pending. {@link #begin} and {@link #end} run on the waiting thread around its wait;
 * the test holds the waiter off for a second, then calls {@link #assertParkedAndKept}.
 */
final class InterruptedWait {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();
    private long before = -1;
    private long cpuNanos = -1;
    private boolean stillInterrupted;

    /** Interrupts the calling thread and starts counting its CPU time. */
    void begin() {
        Thread.currentThread().interrupt();
        before = MX.getCurrentThreadCpuTime();
    }

    /** The wait is over: how much CPU it took, and whether the interrupt is pending (which this clears). */
    void end() {
        cpuNanos = MX.getCurrentThreadCpuTime() - before;
        stillInterrupted = Thread.interrupted();
    }

    /** Held off for a second, a waiter that spun would have burnt about that much CPU. */
    void assertParkedAndKept() {
        assertTrue(stillInterrupted, "the interrupt is still pending after the wait");
        assertTrue(cpuNanos >= 0 && cpuNanos < 400_000_000L, "the waiter parked: CPU " + cpuNanos / 1_000_000 + " ms");
    }
}
