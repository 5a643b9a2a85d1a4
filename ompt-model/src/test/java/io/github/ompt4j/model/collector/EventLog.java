package io.github.ompt4j.model.collector;

import java.util.ArrayList;
import java.util.List;

/** A collector callback that records one line per event: the thread it ran on and the event. */
final class EventLog implements CollectorCallback {
    private final List<String> lines = new ArrayList<>();

    @Override
    public synchronized void event(CollectorEvent event) {
        lines.add(Thread.currentThread().getName() + ": " + event);
    }

    synchronized List<String> lines() {
        return new ArrayList<>(lines);
    }

    /** The events that ran on {@code thread}, in order. */
    synchronized List<String> on(String thread) {
        List<String> mine = new ArrayList<>();
        for (String line : lines) {
            if (line.startsWith(thread + ": ")) {
                mine.add(line.substring(thread.length() + 2));
            }
        }
        return mine;
    }

    /** Register this log for every event. */
    EventLog registerAll() {
        for (CollectorEvent event : CollectorEvent.values()) {
            if (CollectorApi.register(event, this) != CollectorErrorCode.OK) {
                throw new AssertionError("cannot register " + event);
            }
        }
        return this;
    }
}
