package io.github.ompt4j.jfr;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds the calling thread's {@link ThreadEvents}. A {@code ThreadLocal} answers quickly, but on JDK 25 the
 * common pool's workers clear their ThreadLocals when they go idle, which would lose spans that are open
 * across the idle period (the idle span itself). So, as the model's {@code OmptThreads} does, the entry
 * also sits in a map keyed by the thread, which a ThreadLocal miss consults. Entries leave the map at
 * {@code thread_end}, and those of threads that died without one when the next thread arrives.
 */
final class PerThread {
    private final ThreadLocal<ThreadEvents> local = new ThreadLocal<>();
    private final ConcurrentHashMap<Thread, ThreadEvents> byThread = new ConcurrentHashMap<>();

    ThreadEvents current() {
        ThreadEvents events = local.get();
        return events != null ? events : recover();
    }

    private ThreadEvents recover() {
        Thread me = Thread.currentThread();
        ThreadEvents events = byThread.get(me);
        if (events == null) {
            events = new ThreadEvents();
            byThread.put(me, events);
            byThread.keySet().removeIf(thread -> !thread.isAlive());
        }
        local.set(events);
        return events;
    }

    /**
     * Another thread that holds {@code waitId} (not {@code waiter}), with the call site where it acquired it
     * in {@code codeptr[0]}; {@code null} if none is seen. Called only when a thread has to wait.
     */
    Thread holderOf(long waitId, ThreadEvents waiter, long[] codeptr) {
        for (Map.Entry<Thread, ThreadEvents> e : byThread.entrySet()) {
            if (e.getValue() != waiter) {
                long site = e.getValue().holderCodeptr(waitId);
                if (site >= 0) {
                    codeptr[0] = site;
                    return e.getKey();
                }
            }
        }
        return null;
    }

    /** The calling thread is leaving the runtime: forget its spans. */
    void remove() {
        byThread.remove(Thread.currentThread());
        local.remove();
    }

    /** How many threads have entries; for tests of the no-leak contract. */
    int size() {
        return byThread.size();
    }
}
