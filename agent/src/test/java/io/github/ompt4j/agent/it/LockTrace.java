package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The invariants of the mutex and barrier events in a print trace, read in output order (the print tool
 * writes under one lock, so a line printed after another happened after it): on each thread a lock wait
 * ends in the acquisition of that lock or is given up, and barrier events nest; a nest lock has one
 * holder at a time, and only its holder re-enters or releases it; a lock is never released more often
 * than it was acquired (by any thread: a permit or a stamp may be released on another thread) and, if
 * {@code exclusiveLocks}, never held twice at once. Every lock is free at the end.
 */
final class LockTrace {
    private static final Pattern EVENT = Pattern.compile("^(\\d+): ompt_event_(\\w+): (?:wait_id=(\\d+))?");

    private final Trace trace;
    private final boolean exclusiveLocks;
    /** Per thread: the wait ID of the lock it waits for (its last wait event not ended by an acquisition). */
    private final Map<String, String> waiting = new HashMap<>();
    /** Per thread: its open barrier events, innermost last. */
    private final Map<String, Deque<String>> barriers = new HashMap<>();
    /** Per nest lock: its holder and how many times it holds it. */
    private final Map<String, String> nestHolder = new HashMap<>();
    private final Map<String, Integer> nestDepth = new HashMap<>();
    /** Per lock: acquisitions not yet released. */
    private final Map<String, Integer> held = new HashMap<>();

    private LockTrace(Trace trace, boolean exclusiveLocks) {
        this.trace = trace;
        this.exclusiveLocks = exclusiveLocks;
    }

    /** Checks the whole trace; returns how many acquisitions it saw. */
    static int assertConsistent(Trace trace, boolean exclusiveLocks) {
        LockTrace check = new LockTrace(trace, exclusiveLocks);
        int acquisitions = 0;
        for (String line : trace.lines()) {
            Matcher m = EVENT.matcher(line);
            if (m.find() && check.event(m.group(1), m.group(2), m.group(3), line)) {
                acquisitions++;
            }
        }
        check.assertAllFree();
        return acquisitions;
    }

    /** Returns whether the event acquired a lock. */
    private boolean event(String thread, String event, String waitId, String line) {
        switch (event) {
            case "wait_lock":
            case "wait_nest_lock":
                waiting.put(thread, waitId);
                return false;
            case "acquired_lock":
                acquired(thread, waitId, line);
                int n = held.merge(waitId, 1, Integer::sum);
                assertTrue(!exclusiveLocks || n == 1, "a second holder of " + waitId + ": " + line + "\n" + trace);
                return true;
            case "release_lock":
                int left = held.merge(waitId, -1, Integer::sum);
                assertTrue(left >= 0, "a release of " + waitId + " that no acquisition took: " + line + "\n" + trace);
                return false;
            case "acquired_nest_lock_first":
                acquired(thread, waitId, line);
                assertEquals(null, nestHolder.get(waitId), "acquired while another holds it: " + line + "\n" + trace);
                nestHolder.put(waitId, thread);
                nestDepth.put(waitId, 1);
                return true;
            case "acquired_nest_lock_next":
                assertEquals(thread, nestHolder.get(waitId), "re-entered by a thread that does not hold it: " + line);
                nestDepth.merge(waitId, 1, Integer::sum);
                return false;
            case "release_nest_lock_prev":
            case "release_nest_lock_last":
                assertEquals(thread, nestHolder.get(waitId), "released by a thread that does not hold it: " + line
                        + "\n" + trace);
                int depth = nestDepth.merge(waitId, -1, Integer::sum);
                assertEquals(event.endsWith("last"), depth == 0, "prev while still held, last when free: " + line
                        + "\n" + trace);
                if (depth == 0) {
                    nestHolder.remove(waitId);
                }
                return false;
            case "barrier_begin":
            case "wait_barrier_begin":
                barriers.computeIfAbsent(thread, k -> new ArrayDeque<>()).push(event);
                return false;
            case "barrier_end":
            case "wait_barrier_end":
                Deque<String> open = barriers.get(thread);
                assertTrue(open != null && !open.isEmpty() && open.pop().equals(event.replace("_end", "_begin")),
                        "an end without its begin: " + line + "\n" + trace);
                return false;
            default:
                return false;
        }
    }

    /** An acquisition ends the thread's wait for that lock, if it waited (a try waits for nothing). */
    private void acquired(String thread, String waitId, String line) {
        String awaited = waiting.remove(thread);
        assertTrue(awaited == null || awaited.equals(waitId), "acquired another lock than the one awaited ("
                + awaited + "): " + line + "\n" + trace);
    }

    private void assertAllFree() {
        assertEquals(Map.of(), nestHolder, "nest locks still held at the end\n" + trace);
        held.values().removeIf(n -> n == 0);
        assertEquals(Map.of(), held, "locks still held at the end\n" + trace);
        barriers.values().removeIf(Deque::isEmpty);
        assertEquals(Map.of(), barriers, "barriers still open at the end\n" + trace);
    }
}
