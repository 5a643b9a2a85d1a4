package io.github.ompt4j.model;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Exceptions thrown by tools' callbacks: caught by the dispatcher, counted per tool class, and
 * reported on standard error once per tool (with the first stack trace), so that a broken tool never
 * disturbs the application nor floods its output.
 */
public final class ToolFailures {
    private static final ConcurrentHashMap<Class<?>, AtomicLong> COUNTS = new ConcurrentHashMap<>();
    private static final AtomicLong TOTAL = new AtomicLong();

    private ToolFailures() {
    }

    static void record(OmptEvent event, Object callback, Throwable failure) {
        TOTAL.incrementAndGet();
        Class<?> source = callback.getClass();
        AtomicLong count = COUNTS.computeIfAbsent(source, c -> new AtomicLong());
        if (count.getAndIncrement() == 0) {
            System.err.println("ompt4j: a tool callback (" + source.getName() + ") threw in " + event.ompName()
                    + "; the event went on, and further failures of this callback are only counted:");
            failure.printStackTrace();
        }
    }

    /** How many callback invocations have thrown since start-up. */
    public static long total() {
        return TOTAL.get();
    }

    /** A one-line summary for shutdown, or {@code null} if no tool ever failed. */
    static String summary() {
        if (TOTAL.get() == 0) {
            return null;
        }
        StringBuilder s = new StringBuilder("ompt4j: tool callbacks threw ").append(TOTAL.get()).append(" time(s):");
        COUNTS.forEach((c, n) -> s.append(' ').append(c.getName()).append('=').append(n.get()));
        return s.toString();
    }
}
