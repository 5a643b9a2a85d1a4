package io.github.ompt4j.profile.model;

import java.util.List;
import java.util.Objects;

/**
 * One thread's OMPT states over the recording: consecutive, non-overlapping intervals in time order. Gaps
 * are times the recording says nothing about (before the thread's first event, after its last). Immutable.
 */
public final class ThreadTimeline {
    private final ProfileThread thread;
    private final List<StateInterval> intervals;

    public ThreadTimeline(ProfileThread thread, List<StateInterval> intervals) {
        this.thread = Objects.requireNonNull(thread, "thread");
        this.intervals = IndexedList.copyOf(intervals);
    }

    public ProfileThread thread() {
        return thread;
    }

    /** In time order, not overlapping. */
    public List<StateInterval> intervals() {
        return intervals;
    }
}
