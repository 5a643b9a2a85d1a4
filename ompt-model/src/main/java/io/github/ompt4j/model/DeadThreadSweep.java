package io.github.ompt4j.model;

import java.util.Iterator;
import java.util.Map;

/**
 * When a registry keyed by {@code Thread} forgets the threads that died in it (a thread ending takes itself out; these
 * are the few whose end no hook saw): once the registry has doubled since it last looked. A look at every new thread
 * made a program that starts threads by the thousand (a virtual thread per task, each meeting the runtime) quadratic:
 * 45 % of its time in the runtime's registry, then a third of the rest in the JFR tool's.
 */
public final class DeadThreadSweep {
    private static final int MIN_SIZE = 64;
    private volatile int sweepAbove = MIN_SIZE;

    /** Whether {@code registry}, which grew by one, is due for a {@link #sweep}. */
    public boolean due(Map<Thread, ?> registry) {
        return registry.size() > sweepAbove;
    }

    /** Forgets {@code registry}'s dead threads. */
    public void sweep(Map<Thread, ?> registry) {
        // A loop, not removeIf's lambda: premain attaches main, and there a lambda costs a class spun and linked.
        for (Iterator<Thread> threads = registry.keySet().iterator(); threads.hasNext();) {
            if (!threads.next().isAlive()) {
                threads.remove();
            }
        }
        sweepAbove = Math.max(MIN_SIZE, 2 * registry.size());
    }
}
