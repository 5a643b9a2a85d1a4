package io.github.ompt4j.model.collector;

import java.util.ArrayList;
import java.util.List;

/**
 * Numbers standing for callbacks in request buffers, which cannot hold Java objects. A callback keeps
 * its handle for the life of the JVM (a collector has a handful), and asking again returns the same
 * one. Handle {@code n} is the {@code n}th callback; 0, like C's {@code NULL}, names none.
 */
final class CollectorHandles {
    private final List<CollectorCallback> callbacks = new ArrayList<>();

    synchronized long handle(CollectorCallback callback) {
        for (int i = 0; i < callbacks.size(); i++) {
            if (callbacks.get(i) == callback) {
                return i + 1;
            }
        }
        callbacks.add(callback);
        return callbacks.size();
    }

    /** The callback with this handle, or {@code null} if no such handle was given out. */
    synchronized CollectorCallback callback(long handle) {
        return handle >= 1 && handle <= callbacks.size() ? callbacks.get((int) handle - 1) : null;
    }

    synchronized void clear() {
        callbacks.clear();
    }
}
