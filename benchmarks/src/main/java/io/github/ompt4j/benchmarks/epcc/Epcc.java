package io.github.ompt4j.benchmarks.epcc;

import org.openjdk.jmh.annotations.CompilerControl;

/**
 * What the EPCC benchmarks share with {@code benchmarks/c/epcc.c}: the delay loop and the repetition
 * counts. Both sides must use the same numbers for their ratios to mean anything.
 */
final class Epcc {
    /** Iterations of the delay loop: a chain of dependent floating-point adds, about 0.1 µs. */
    static final int DELAY_LENGTH = 100;
    /** Constructs per measured operation batch for barrier-like constructs. */
    static final int INNER = 1000;
    /** Constructs per batch for the mutual exclusion constructs, so the one fork around them is noise. */
    static final int INNER_MUTEX = 10_000;
    /** Loops per batch in schedbench, and iterations per thread in each loop. */
    static final int SCHED_INNER = 100;
    static final int ITERS_PER_THREAD = 128;
    /**
     * The delay of one schedbench iteration, a tenth of the others: the overhead is the difference of two
     * measured times, and its noise grows with the work subtracted.
     */
    static final int SCHED_DELAY_LENGTH = 10;

    /** What the delay loop computes may reach this field, so the JIT cannot drop the loop. */
    static double sink;
    static int counter;

    private Epcc() {
    }

    /**
     * Never inlined, as the C side's is not (nor EPCC's, which lives in a file of its own): inlined with a
     * constant length, the JIT computes the sum at compile time, and a loop of delays measures only the loop.
     */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    static void delay(int length) {
        double a = 0;
        for (int i = 0; i < length; i++) {
            a += i;
        }
        // Never true (a sum of integers is no half), which the JIT does not prove: the loop must run, and
        // the threads write nothing they share, as in EPCC's delay (see epcc.c).
        if (a == 0.5) {
            sink = a;
        }
    }

    static void delay() {
        delay(DELAY_LENGTH);
    }
}
