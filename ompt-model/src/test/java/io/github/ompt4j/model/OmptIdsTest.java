package io.github.ompt4j.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class OmptIdsTest {
    private static final int THREADS = 8;
    private static final int PER_THREAD = 1_000_000;

    @Test
    void eightThreadsTakeAMillionIdsEachAllUniqueAndPositive() throws Exception {
        long[][] taken = new long[THREADS][PER_THREAD];
        CountDownLatch start = new CountDownLatch(1);
        Thread[] threads = new Thread[THREADS];
        for (int i = 0; i < THREADS; i++) {
            long[] mine = taken[i];
            threads[i] = new Thread(() -> {
                OmptIds ids = new OmptIds();
                awaitQuietly(start);
                for (int k = 0; k < PER_THREAD; k++) {
                    mine[k] = ids.next();
                }
            });
            threads[i].start();
        }
        start.countDown();
        for (Thread t : threads) {
            t.join();
        }
        long[] all = new long[THREADS * PER_THREAD];
        for (int i = 0; i < THREADS; i++) {
            System.arraycopy(taken[i], 0, all, i * PER_THREAD, PER_THREAD);
        }
        Arrays.sort(all);
        assertTrue(all[0] > 0, "IDs are positive and non-zero");
        for (int i = 1; i < all.length; i++) {
            if (all[i] == all[i - 1]) {
                throw new AssertionError("duplicate ID " + all[i]);
            }
        }
    }

    @Test
    void theLastBlockEndsAt2To63MinusOneAndNoIdComesAfterIt() throws Exception {
        // Moves the shared block counter to the last block for a moment: no other thread takes IDs here.
        Field field = OmptIds.class.getDeclaredField("NEXT_BLOCK");
        field.setAccessible(true);
        AtomicLong nextBlock = (AtomicLong) field.get(null);
        long saved = nextBlock.get();
        try {
            nextBlock.set((1L << (63 - OmptIds.BLOCK_BITS)) - 1);
            OmptIds ids = new OmptIds();
            long id = ids.next();
            assertEquals(Long.MAX_VALUE - (OmptIds.BLOCK_SIZE - 1), id);
            for (long k = 1; k < OmptIds.BLOCK_SIZE; k++) {
                id = ids.next();
            }
            assertEquals(Long.MAX_VALUE, id, "the last ID is 2^63 - 1");
            assertThrows(IllegalStateException.class, ids::next, "the ID space is exhausted, not wrapped");
        } finally {
            nextBlock.set(saved);
        }
    }

    @Test
    void aThreadsIdsAreConsecutiveWithinABlockAndMoveToAFreshBlockWhenItIsUsedUp() {
        OmptIds ids = new OmptIds();
        long first = ids.next();
        assertEquals(0, first & (OmptIds.BLOCK_SIZE - 1), "a block starts at its first offset");
        for (long k = 1; k < OmptIds.BLOCK_SIZE; k++) {
            assertEquals(first + k, ids.next());
        }
        long next = ids.next();
        assertEquals(0, next & (OmptIds.BLOCK_SIZE - 1));
        assertTrue(next > first);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
