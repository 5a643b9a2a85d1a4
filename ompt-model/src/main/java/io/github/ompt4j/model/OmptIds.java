package io.github.ompt4j.model;

import java.util.concurrent.atomic.AtomicLong;

/**
 * A thread's source of IDs for regions, tasks and wait objects.
 *
 * <p>IDs come from per-thread blocks of {@link #BLOCK_SIZE}: the only shared write is one
 * {@code getAndIncrement} per block, so taking an ID is a field increment. An ID is
 * {@code block << BLOCK_BITS | offset} with blocks numbered from 1, so it is never 0, and blocks stop
 * before 2^47 so that IDs stay below 2^63 (positive as a Java {@code long}, exact as a JFR {@code long}).
 * Not thread-safe: each instance belongs to one {@link OmptThread}.
 */
final class OmptIds {
    static final int BLOCK_BITS = 16;
    static final long BLOCK_SIZE = 1L << BLOCK_BITS;
    private static final long LAST_BLOCK = (1L << (63 - BLOCK_BITS)) - 1;
    private static final AtomicLong NEXT_BLOCK = new AtomicLong(1);

    private long next;
    private long limit;

    /** Whether {@code id} lies in a block some thread has taken: it may have named something. */
    static boolean issued(long id) {
        return id > 0 && (id >>> BLOCK_BITS) < NEXT_BLOCK.get();
    }

    long next() {
        if (next == limit) {
            refill();
        }
        return next++;
    }

    private void refill() {
        long block = NEXT_BLOCK.getAndIncrement();
        if (block > LAST_BLOCK) {
            throw new IllegalStateException("OMPT ID space exhausted");
        }
        next = block << BLOCK_BITS;
        limit = next + BLOCK_SIZE;
    }
}
