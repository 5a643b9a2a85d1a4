package io.github.ompt4j.model;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Exceptions thrown by tools: by a callback, caught by the dispatcher, counted per callback class and
 * reported on standard error once per class (with the first stack trace); by {@code accept} or
 * {@code initialize}, which leave the tool out, in one line. A broken tool never disturbs the application,
 * the other tools, nor floods the output.
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

    /** A tool's {@code accept} or {@code initialize} threw: it gets no events, said in one line. */
    static void initializeFailed(OmptTool tool, Throwable failure) {
        System.err.println("ompt4j [warn] tool " + tool.getClass().getName() + " failed to start and receives no events: "
                + failure);
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
