package io.github.ompt4j.agent.stress;

/** The work inside the constructs: a little arithmetic the JIT cannot remove, and the program's own checks. */
final class Work {
    /** Where results go, so that computing them is not dead code. */
    static volatile long sink;

    private Work() {
    }

    /** {@code rounds} steps of a xorshift from {@code x}: a few nanoseconds a round. */
    static long spin(long x, int rounds) {
        long v = x | 1;
        for (int i = 0; i < rounds; i++) {
            v ^= v << 13;
            v ^= v >>> 7;
            v ^= v << 17;
        }
        sink = v;
        return v;
    }

    /** A result the construct must have produced; a wrong one is the run's failure, whatever the agent did. */
    static void check(boolean holds, String what) {
        if (!holds) {
            throw new IllegalStateException("wrong result: " + what);
        }
    }
}
