package io.github.ompt4j.model.collector;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs test code on fresh threads (the OMPT thread registry is global, so no test reuses a thread
 * another attached) and rethrows in the test what the code threw there.
 */
final class Threads {
    interface Body {
        void run() throws Exception;
    }

    private Threads() {
    }

    /** Start {@code body} on a new thread named {@code name}; its first failure lands in {@code failure}. */
    static Thread start(String name, Body body, AtomicReference<Throwable> failure) {
        Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (Throwable e) {
                failure.compareAndSet(null, e);
            }
        }, name);
        t.start();
        return t;
    }

    /** Run {@code body} on a new thread named {@code name} and wait for it. */
    static void run(String name, Body body) throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        join(start(name, body, failure), failure);
    }

    /** Wait for {@code t}, then rethrow what any thread recorded in {@code failure}. */
    static void join(Thread t, AtomicReference<Throwable> failure) throws Exception {
        t.join(30_000);
        if (t.isAlive()) {
            throw new AssertionError(t.getName() + " did not finish");
        }
        Throwable e = failure.get();
        if (e instanceof Exception) {
            throw (Exception) e;
        }
        if (e instanceof Error) {
            throw (Error) e;
        }
    }
}
