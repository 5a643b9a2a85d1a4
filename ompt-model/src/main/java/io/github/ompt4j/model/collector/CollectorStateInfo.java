package io.github.ompt4j.model.collector;

/**
 * The answer of {@link CollectorApi#state(CollectorStateInfo)}, in one reusable object so that a
 * sampler can ask again and again without allocating. Written only by that method; not thread-safe.
 */
public final class CollectorStateInfo {
    CollectorState state;
    long waitId;

    /** The thread's state; {@code null} until a STATE request has succeeded. */
    public CollectorState state() {
        return state;
    }

    /** What the thread waits for in a wait state (see {@link CollectorState#hasWaitId()}), else 0. */
    public long waitId() {
        return waitId;
    }
}
