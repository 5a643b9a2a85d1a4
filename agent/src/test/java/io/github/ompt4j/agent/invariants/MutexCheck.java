package io.github.ompt4j.agent.invariants;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * {@link Invariant#EXCLUSIVE} and {@link Invariant#RELEASE_AFTER_ACQUIRE}, per wait ID. An exclusive mutex
 * (a nest lock: {@code ReentrantLock}, a write lock, {@code OmpNestLock}; {@code critical}, {@code atomic},
 * {@code ordered}) keeps its holders and their nesting depth: a first acquisition while another thread
 * holds it is a second holder, and only a holder releases it. A {@code lock}-kind mutex may be shared (a
 * {@code Semaphore} permit, a read lock) and released by another thread than the one that took it (a
 * permit, a {@code StampedLock}): only its outstanding acquisitions are counted, and a release must have
 * one to return.
 */
final class MutexCheck implements Check {
    private static final Set<String> FIRST = Set.of("acquired_nest_lock_first", "acquired_critical", "acquired_atomic",
            "acquired_ordered");
    private static final Set<String> LAST = Set.of("release_nest_lock_last", "release_critical", "release_atomic",
            "release_ordered");

    /** A thread holding an exclusive mutex: how many levels, and the acquisition that took the first. */
    private static final class Hold {
        final TraceEvent taken;
        int depth;

        Hold(TraceEvent taken) {
            this.taken = taken;
        }
    }

    private final Reporter exclusive;
    private final Reporter release;
    /** Per wait ID of an exclusive mutex, its holders by thread. */
    private final Map<Long, Map<Long, Hold>> holders = new HashMap<>();
    /** Per wait ID of a lock, the acquisitions not yet released. */
    private final Map<Long, Integer> outstanding = new HashMap<>();

    MutexCheck(Reporter exclusive, Reporter release) {
        this.exclusive = exclusive;
        this.release = release;
    }

    @Override
    public void event(TraceEvent e) {
        if (FIRST.contains(e.name)) {
            takeFirst(e);
        } else if (e.name.equals("acquired_nest_lock_next")) {
            reenter(e);
        } else if (e.name.equals("release_nest_lock_prev")) {
            releasePrevious(e);
        } else if (LAST.contains(e.name)) {
            releaseLast(e);
        } else if (e.name.equals("acquired_lock")) {
            outstanding.merge(e.number("wait_id"), 1, Integer::sum);
        } else if (e.name.equals("release_lock")) {
            long wait = e.number("wait_id");
            Integer held = outstanding.get(wait);
            if (held == null) {
                release.report(e, "releases a lock with no acquisition outstanding");
            } else if (held == 1) {
                outstanding.remove(wait);
            } else {
                outstanding.put(wait, held - 1);
            }
        }
    }

    private Map<Long, Hold> holders(TraceEvent e) {
        return holders.computeIfAbsent(e.number("wait_id"), w -> new HashMap<>());
    }

    private void takeFirst(TraceEvent e) {
        Map<Long, Hold> held = holders(e);
        for (Map.Entry<Long, Hold> other : held.entrySet()) {
            exclusive.report(e, (other.getKey() == e.thread ? "taken again by its holder, as a first acquisition"
                    : "taken while thread " + other.getKey() + " holds it") + " (" + other.getValue().taken.line + ")");
        }
        held.computeIfAbsent(e.thread, t -> new Hold(e)).depth++;
    }

    private void reenter(TraceEvent e) {
        Map<Long, Hold> held = holders(e);
        if (!held.containsKey(e.thread)) {
            exclusive.report(e, "re-entered by a thread that does not hold it");
        }
        held.computeIfAbsent(e.thread, t -> new Hold(e)).depth++;
    }

    private void releasePrevious(TraceEvent e) {
        Hold hold = holders(e).get(e.thread);
        if (hold == null || hold.depth < 2) {
            release.report(e, "releases a level the thread does not hold");
        } else {
            hold.depth--;
        }
    }

    private void releaseLast(TraceEvent e) {
        long wait = e.number("wait_id");
        Map<Long, Hold> held = holders(e);
        Hold hold = held.remove(e.thread);
        if (hold == null) {
            release.report(e, "released by a thread that does not hold it");
        } else if (hold.depth > 1) {
            release.report(e, "a last release with " + hold.depth + " levels held (" + hold.taken.line + ")");
        }
        if (held.isEmpty()) {
            holders.remove(wait);
        }
    }

    @Override
    public void finish() {
        // A mutex still held at the end is the program's business (a thread may exit holding a permit).
    }
}
