package io.github.ompt4j.omp;

/**
 * How threads wait at barriers, in the dock between regions and for locks ({@code OMP_WAIT_POLICY}).
 */
public enum WaitPolicy {
    /** Spin (yielding when threads outnumber processors); never park. Lowest latency, burns CPU. */
    ACTIVE,
    /** Park almost at once. Frees the processor, costs microseconds per wake-up. */
    PASSIVE,
    /** Spin for a short while (about a millisecond with a processor per thread), then park. */
    DEFAULT
}
