package io.github.ompt4j.jfr;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/** A recording read back with {@code jdk.jfr.consumer}, with the filters the tests keep needing. */
final class Recorded {
    final List<RecordedEvent> events;

    private Recorded(List<RecordedEvent> events) {
        this.events = events;
    }

    static Recorded read(Path file) throws IOException {
        return new Recorded(RecordingFile.readAllEvents(file));
    }

    /** The events of one type, in time order. */
    List<RecordedEvent> of(String type) {
        return events.stream().filter(e -> e.getEventType().getName().equals(type))
                .sorted((a, b) -> a.getStartTime().compareTo(b.getStartTime())).collect(Collectors.toList());
    }

    /** The events of one type committed on the thread named {@code thread}. */
    List<RecordedEvent> of(String type, String thread) {
        return of(type).stream().filter(e -> e.getThread() != null && thread.equals(e.getThread().getJavaName()))
                .collect(Collectors.toList());
    }

    /** The one event of a type that has {@code field} equal to {@code value}. */
    RecordedEvent one(String type, String field, long value) {
        List<RecordedEvent> found = of(type).stream().filter(e -> e.getLong(field) == value).collect(Collectors.toList());
        if (found.size() != 1) {
            throw new AssertionError("expected one " + type + " with " + field + "=" + value + ", found " + found);
        }
        return found.get(0);
    }

    static boolean within(RecordedEvent inner, RecordedEvent outer) {
        return !inner.getStartTime().isBefore(outer.getStartTime()) && !inner.getEndTime().isAfter(outer.getEndTime());
    }
}
