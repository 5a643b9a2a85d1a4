package io.github.ompt4j.omp;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Critical sections: one mutex per name, shared by every thread of the program (as in OpenMP, a
 * critical section excludes across teams too). The unnamed critical section has its own mutex.
 */
final class Critical {
    private static final Mutex UNNAMED = new Mutex(LockHint.NONE);
    private static final ConcurrentHashMap<String, Mutex> NAMED = new ConcurrentHashMap<>();

    private Critical() {
    }

    static Mutex forName(String name) {
        if (name == null) {
            return UNNAMED;
        }
        Mutex m = NAMED.get(name);
        return m != null ? m : NAMED.computeIfAbsent(name, n -> new Mutex(LockHint.NONE));
    }

    /**
     * Weave point: critical acquire and acquired. A thread inside the critical section that enters it
     * again would wait for itself forever: that throws instead, before acquiring.
     */
    static void enter(Mutex mutex) {
        if (!mutex.lock()) {
            throw new IllegalStateException("Omp.critical entered again by the thread inside it would wait "
                    + "for itself forever: critical sections of the same name do not nest");
        }
    }

    /** Weave point: critical released. */
    static void exit(Mutex mutex) {
        mutex.unlock();
    }

    static void run(String name, Runnable body) {
        Mutex m = forName(name);
        enter(m);
        try {
            body.run();
        } finally {
            exit(m);
        }
    }
}
