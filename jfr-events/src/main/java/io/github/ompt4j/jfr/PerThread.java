package io.github.ompt4j.jfr;

import io.github.ompt4j.model.DeadThreadSweep;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds the calling thread's {@link ThreadEvents}. First in a small array indexed by the thread's OMPT
 * thread ID ({@code ompt_get_thread_id}, which the runtime answers from a slot array of its own): an
 * array load and a comparison, where a {@code ThreadLocal} hashes and probes, which counted for 6% of the
 * bank transfer demo's time under the profile settings. OMPT thread IDs are never reused, so an entry whose
 * ID matches is the caller's; a slot is only a hint, claimed by whichever thread last missed there.
 *
 * <p>Then a {@code ThreadLocal}; but on JDK 25 the common pool's workers clear their ThreadLocals when they
 * go idle, which would lose spans that are open across the idle period (the idle span itself). So, as the
 * model's {@code OmptThreads} does, the entry also sits in a map keyed by the thread, which a ThreadLocal
 * miss consults. Entries leave the map and their slot at {@code thread_end}, and the map's entries of
 * threads that died without one when the next thread arrives.
 */
final class PerThread {
    static final int SLOTS = 256;
    /** Package-private for the tests. */
    final ThreadEvents[] recent = new ThreadEvents[SLOTS];
    private final ThreadLocal<ThreadEvents> local = new ThreadLocal<>();
    private final ConcurrentHashMap<Thread, ThreadEvents> byThread = new ConcurrentHashMap<>();
    private final DeadThreadSweep dead = new DeadThreadSweep();

    /** The calling thread's entry; {@code ompThreadId} is its OMPT thread ID, or 0 if it has none. */
    ThreadEvents current(long ompThreadId) {
        int slot = (int) ompThreadId & (SLOTS - 1);
        ThreadEvents events = recent[slot];
        if (events != null && events.ompThreadId == ompThreadId && ompThreadId != 0) {
            return events;
        }
        events = local.get();
        if (events == null) {
            events = recover();
        }
        if (ompThreadId != 0) {
            events.ompThreadId = ompThreadId;
            recent[slot] = events;
        }
        return events;
    }

    private ThreadEvents recover() {
        Thread me = Thread.currentThread();
        ThreadEvents events = byThread.get(me);
        if (events == null) {
            events = new ThreadEvents();
            byThread.put(me, events);
            if (dead.due(byThread)) {
                dead.sweep(byThread);
            }
        }
        local.set(events);
        return events;
    }

    /** The calling thread is leaving the runtime: forget its spans. */
    void remove() {
        ThreadEvents events = byThread.remove(Thread.currentThread());
        if (events != null && events.ompThreadId != 0) {
            int slot = (int) events.ompThreadId & (SLOTS - 1);
            if (recent[slot] == events) {
                recent[slot] = null;
            }
        }
        local.remove();
    }

    /** How many threads have entries; for tests of the no-leak contract. */
    int size() {
        return byThread.size();
    }
}
