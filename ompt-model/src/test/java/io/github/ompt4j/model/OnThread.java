package io.github.ompt4j.model;

import java.util.concurrent.atomic.AtomicReference;

/** Runs test code on a fresh thread and rethrows what it threw, so each test starts with unattached threads. */
final class OnThread {
    interface Body {
        void run() throws Exception;
    }

    private OnThread() {
    }

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

    static void run(String name, Body body) throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = start(name, body, failure);
        t.join(60_000);
        if (t.isAlive()) {
            throw new AssertionError(name + " did not finish");
        }
        rethrow(failure);
    }

    static void rethrow(AtomicReference<Throwable> failure) throws Exception {
        Throwable e = failure.get();
        if (e instanceof Exception) {
            throw (Exception) e;
        }
        if (e instanceof Error) {
            throw (Error) e;
        }
    }
}
