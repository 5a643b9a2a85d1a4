package io.github.ompt4j.omp;

/**
 * Synchronization hints ({@code omp_sync_hint_t}) for {@link OmpLock}, {@link OmpNestLock} and named
 * critical sections. A hint changes only how long a waiter spins before it parks, never the semantics:
 * {@link #UNCONTENDED} parks after a few looks; the others spin as long as the wait policy lets any wait
 * spin. Tools see every hint.
 */
public enum LockHint {
    NONE(0),
    UNCONTENDED(1),
    CONTENDED(2),
    NONSPECULATIVE(4),
    SPECULATIVE(8);

    private final int code;

    LockHint(int code) {
        this.code = code;
    }

    /** The value of the matching {@code omp_sync_hint_t} constant. */
    public int code() {
        return code;
    }
}
