package io.github.ompt4j.model.inspect;

import io.github.ompt4j.model.inspect.Snapshot.DeadlockView;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Cycles among the waits: deadlocks. Every wait here needs all it waits for (a barrier every missing member,
 * a taskwait every running child, a mutex its one holder), so any cycle is a deadlock. A depth-first walk
 * that finds a thread already on its path names the threads from there on; each set of threads is reported
 * once.
 */
final class Cycles {
    private final Map<Long, Waits.Wait> waits;
    private final Set<Long> done = new HashSet<>();
    private final List<Long> path = new ArrayList<>();
    private final Set<Set<Long>> found = new HashSet<>();
    private final List<DeadlockView> deadlocks = new ArrayList<>();
    private final Waits labels;

    private Cycles(Waits waits) {
        this.waits = waits.byWaiter();
        this.labels = waits;
    }

    static List<DeadlockView> find(Waits waits) {
        Cycles c = new Cycles(waits);
        for (Long waiter : c.waits.keySet()) {
            c.walk(waiter);
        }
        return c.deadlocks;
    }

    private void walk(long thread) {
        if (done.contains(thread)) {
            return;
        }
        int onPath = path.indexOf(thread);
        if (onPath >= 0) {
            report(path.subList(onPath, path.size()));
            return;
        }
        Waits.Wait w = waits.get(thread);
        if (w == null) {
            return;
        }
        path.add(thread);
        for (long next : w.view().waitsFor()) {
            walk(next);
        }
        path.remove(path.size() - 1);
        done.add(thread);
    }

    private void report(List<Long> cycle) {
        if (!found.add(new HashSet<>(cycle))) {
            return;
        }
        long[] threads = new long[cycle.size()];
        StringBuilder text = new StringBuilder("deadlock: ");
        for (int i = 0; i < threads.length; i++) {
            threads[i] = cycle.get(i);
            long next = cycle.get((i + 1) % threads.length);
            text.append(i == 0 ? "" : "; ").append(labels.label(threads[i])).append(" waits ")
                    .append(waits.get(threads[i]).phrase()).append(", held up by ").append(labels.label(next));
        }
        deadlocks.add(new DeadlockView(threads, text.toString()));
    }
}
