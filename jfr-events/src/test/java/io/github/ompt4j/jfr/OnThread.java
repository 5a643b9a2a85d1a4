package io.github.ompt4j.jfr;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs simulated threads and rethrows what they threw. Each name is one long-lived daemon thread, reused by
 * every simulation in the JVM, as a program's pool threads are: on JDK 17, strings that only threads which
 * have since died committed can read back as null in a later recording of the same JVM (a JFR string-pool
 * bug that JDK 25 does not have), so short-lived threads would make consecutive test recordings flaky.
 * A body must leave its thread detached from the model ({@code threadEnd}) so that the next one can attach.
 */
final class OnThread {
    interface Body {
        void run() throws Exception;
    }

    private static final Map<String, ExecutorService> THREADS = new ConcurrentHashMap<>();
    private final List<Future<?>> running = new ArrayList<>();

    OnThread start(String name, Body body) {
        ExecutorService thread = THREADS.computeIfAbsent(name, n -> Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, n);
            t.setDaemon(true);
            return t;
        }));
        running.add(thread.submit(() -> {
            body.run();
            return null;
        }));
        return this;
    }

    void join() throws Exception {
        for (Future<?> f : running) {
            try {
                f.get(60, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                throw new AssertionError("a simulated thread did not finish", e);
            } catch (java.util.concurrent.ExecutionException e) {
                if (e.getCause() instanceof Exception) {
                    throw (Exception) e.getCause();
                }
                throw new AssertionError(e.getCause());
            }
        }
    }

    static void run(String name, Body body) throws Exception {
        new OnThread().start(name, body).join();
    }
}
