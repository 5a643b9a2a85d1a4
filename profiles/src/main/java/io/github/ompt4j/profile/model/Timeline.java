package io.github.ompt4j.profile.model;

import java.util.List;

/**
 * The recording as time: every thread's OMPT states and every parallel region with its team. Times are
 * nanoseconds since the epoch. Immutable.
 */
public final class Timeline {
    private final long startNanos;
    private final long endNanos;
    private final List<ThreadTimeline> threads;
    private final List<RegionSpan> regions;

    public Timeline(long startNanos, long endNanos, List<ThreadTimeline> threads, List<RegionSpan> regions) {
        this.startNanos = startNanos;
        this.endNanos = endNanos;
        this.threads = List.copyOf(threads);
        this.regions = IndexedList.copyOf(regions);
    }

    /** The first instant the recording covers. */
    public long startNanos() {
        return startNanos;
    }

    /** The last instant the recording covers. */
    public long endNanos() {
        return endNanos;
    }

    /** Threads in the order they first appear (the first initial thread first when it is known). */
    public List<ThreadTimeline> threads() {
        return threads;
    }

    /** Regions by start time. */
    public List<RegionSpan> regions() {
        return regions;
    }
}
