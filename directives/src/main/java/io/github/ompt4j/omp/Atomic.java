package io.github.ompt4j.omp;

/**
 * {@link Omp#atomic}: an arbitrary update cannot be made a single hardware instruction from Java, so
 * every atomic block of the program excludes every other under one mutex, as libgomp does for the
 * updates it cannot inline. For a single variable, {@code java.util.concurrent.atomic} is faster.
 */
final class Atomic {
    private static final Mutex MUTEX = new Mutex(LockHint.CONTENDED);

    private Atomic() {
    }

    /** Weave point: atomic acquire and acquired. */
    static void enter() {
        MUTEX.lock();
    }

    /** Weave point: atomic released. */
    static void exit() {
        MUTEX.unlock();
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
