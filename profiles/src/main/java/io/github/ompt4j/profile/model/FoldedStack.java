package io.github.ompt4j.profile.model;

import java.util.List;
import java.util.Objects;

/**
 * One distinct stack of a profile on one thread in one OMPT state, with the weight of the samples that folded
 * into it: how many samples, and their time as "OMP work" or "OMP wait" (one of the two is zero, as the state
 * decides). Frames are root first, leaf last, without a thread frame ({@link Frame#thread} makes one for
 * outputs that split by thread). Immutable.
 */
public final class FoldedStack {
    private final ProfileThread thread;
    private final OmpState state;
    private final List<Frame> frames;
    private final long samples;
    private final long workNanos;
    private final long waitNanos;

    public FoldedStack(ProfileThread thread, OmpState state, List<Frame> frames, long samples, long workNanos,
            long waitNanos) {
        this.thread = Objects.requireNonNull(thread, "thread");
        this.state = Objects.requireNonNull(state, "state");
        this.frames = List.copyOf(frames);
        this.samples = samples;
        this.workNanos = workNanos;
        this.waitNanos = waitNanos;
    }

    public ProfileThread thread() {
        return thread;
    }

    /** The OMPT state the thread was in at these samples. */
    public OmpState state() {
        return state;
    }

    /** Root first, leaf last. */
    public List<Frame> frames() {
        return frames;
    }

    /** The number of samples (a wall-clock sample that stands for several counts as several). */
    public long samples() {
        return samples;
    }

    /**
     * Time in work states, nanoseconds: the time the samples stand for (their count times the sampling interval,
     * or for wall-clock samples the time since their thread's previous sample).
     */
    public long workNanos() {
        return workNanos;
    }

    /** Time in wait states (waits, overhead, idle), nanoseconds. */
    public long waitNanos() {
        return waitNanos;
    }

    /** The weight of one metric. */
    public long weight(Metric metric) {
        switch (metric) {
            case SAMPLES:
                return samples;
            case OMP_WORK:
                return workNanos;
            case OMP_WAIT:
                return waitNanos;
            default:
                return workNanos + waitNanos;
        }
    }

    @Override
    public String toString() {
        return thread.name() + " " + state.ompName() + " " + frames + " " + samples;
    }
}
