package io.github.ompt4j.omp;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * {@link Omp#atomic}: an arbitrary update cannot be made a single hardware instruction from Java, so
 * every atomic block of the program excludes every other under one mutex, as libgomp does for the
 * updates it cannot inline. The {@code add} methods are the updates that can: one hardware atomic on an
 * array element, like {@code #pragma omp atomic} on a scalar in C.
 */
final class Atomic {
    private static final Mutex MUTEX = new Mutex(LockHint.CONTENDED);
    private static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);
    private static final VarHandle DOUBLES = MethodHandles.arrayElementVarHandle(double[].class);

    private Atomic() {
    }

    /**
     * Weave point: atomic acquire and acquired. An atomic block inside an atomic block on the same thread
     * would wait for itself forever: that throws instead, before acquiring.
     */
    static void enter() {
        if (!MUTEX.lock()) {
            throw new IllegalStateException("Omp.atomic inside an atomic block of the same thread would wait "
                    + "for itself forever: atomic blocks do not nest");
        }
    }

    /** Weave point: atomic released. */
    static void exit() {
        MUTEX.unlock();
    }

    static int add(int[] cells, int index, int delta) {
        return (int) INTS.getAndAdd(cells, index, delta) + delta;
    }

    static long add(long[] cells, int index, long delta) {
        return (long) LONGS.getAndAdd(cells, index, delta) + delta;
    }

    /** A compare-and-set loop: no processor adds doubles atomically. */
    static double add(double[] cells, int index, double delta) {
        for (;;) {
            double old = (double) DOUBLES.getVolatile(cells, index);
            if (DOUBLES.compareAndSet(cells, index, old, old + delta)) {
                return old + delta;
            }
        }
    }

    static void run(Runnable update) {
        enter();
        try {
            update.run();
        } finally {
            exit();
        }
    }
}
