package io.github.ompt4j.omp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class LoopScheduleTest {

    static Stream<Arguments> schedulesAndTeams() {
        List<Arguments> args = new ArrayList<>();
        Schedule[] schedules = {
            Schedule.staticSchedule(), Schedule.staticChunked(1), Schedule.staticChunked(7), Schedule.dynamic(),
            Schedule.dynamic(16), Schedule.guided(), Schedule.guided(5), Schedule.auto(), Schedule.runtime()
        };
        for (Schedule s : schedules) {
            for (int n : new int[] {1, 2, 4, 8}) {
                args.add(Arguments.of(s, n));
            }
        }
        return args.stream();
    }

    @ParameterizedTest
    @MethodSource("schedulesAndTeams")
    void everyIterationRunsExactlyOnce(Schedule schedule, int n) {
        for (int count : new int[] {0, 1, 7, 1000}) {
            AtomicIntegerArray hits = new AtomicIntegerArray(count);
            Omp.parallel(n, () -> {
                Omp.forLoop(0, count, schedule, hits::incrementAndGet);
                Omp.forLoopNowait(0, count, schedule, hits::incrementAndGet);
            });
            for (int i = 0; i < count; i++) {
                assertEquals(2, hits.get(i), schedule + " n=" + n + " iteration " + i);
            }
        }
    }

    /**
     * The int and long loops compute their block inline, an ordered loop asks the scheduler for it: blocks
     * of one iteration (one striding loop), members without any, and blocks of several.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 8})
    void staticGivesEachThreadOneContiguousBlockInThreadOrder(int n) {
        for (int count : new int[] {1, n - 1, n, n + 1, 2 * n - 1, 10}) {
            int[] intOwner = new int[count];
            int[] longOwner = new int[count];
            int[] orderedOwner = new int[count];
            Omp.parallel(n, () -> {
                Omp.forLoop(0, count, Schedule.staticSchedule(), i -> intOwner[i] = Omp.threadNum() + 1);
                Omp.forLoopLong(0, count, 1, Schedule.staticSchedule(), i -> longOwner[(int) i] = Omp.threadNum() + 1);
                Omp.forLoopOrdered(0, count, 1, Schedule.staticSchedule(), false,
                        i -> orderedOwner[(int) i] = Omp.threadNum() + 1);
            });
            // OpenMP: q = count / n, the first count % n threads get one more.
            int q = count / n;
            int r = count % n;
            int i = 0;
            for (int t = 0; t < n; t++) {
                for (int k = 0; k < q + (t < r ? 1 : 0); k++, i++) {
                    String what = "n=" + n + " count=" + count + " iteration " + i;
                    assertEquals(t + 1, intOwner[i], "int loop, " + what);
                    assertEquals(t + 1, longOwner[i], "long loop, " + what);
                    assertEquals(t + 1, orderedOwner[i], "ordered loop, " + what);
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void staticChunkedDealsChunksRoundRobin(int n) {
        int chunk = 3;
        int[] owner = new int[20];
        Omp.parallel(n, () -> Omp.forLoop(0, 20, Schedule.staticChunked(chunk), i -> owner[i] = Omp.threadNum()));
        for (int i = 0; i < 20; i++) {
            assertEquals((i / chunk) % n, owner[i], "iteration " + i);
        }
    }

    @Test
    void dynamicChunksAreContiguousAndOfTheRequestedSize() {
        // Each iteration records the chunk its member is running, and whether it followed the previous one.
        Set<String> chunks = ConcurrentHashMap.newKeySet();
        ConcurrentLinkedQueue<String> outOfOrder = new ConcurrentLinkedQueue<>();
        Omp.parallel(3, () -> {
            int[] previous = {-1};
            Omp.forLoopNowait(0, 100, Schedule.dynamic(10), i -> {
                LoopScheduler loop = ThreadState.current().currentLoop();
                chunks.add(loop.chunkStart + ".." + loop.chunkEnd);
                if (i != loop.chunkStart && i != previous[0] + 1) {
                    outOfOrder.add(previous[0] + " then " + i);
                }
                previous[0] = i;
            });
        });
        Set<String> expected = new HashSet<>();
        for (int start = 0; start < 100; start += 10) {
            expected.add(start + ".." + (start + 10));
        }
        assertEquals(expected, chunks);
        assertEquals(List.of(), new ArrayList<>(outOfOrder), "a chunk runs in order on one member");
    }

    @Test
    void guidedChunksShrinkButNotBelowTheMinimum() {
        int[] owner = new int[100];
        Omp.parallel(2, () -> Omp.forLoop(0, 100, Schedule.guided(4), i -> owner[i] = Omp.threadNum()));
        for (int i = 1; i < 50; i++) {
            assertEquals(owner[0], owner[i], "the first guided chunk is ceil(100 / 2)");
        }
        long remaining = 100;
        List<Long> sizes = new ArrayList<>();
        while (remaining > 0) {
            long size = LoopScheduler.guidedSize(remaining, 2, 4);
            sizes.add(size);
            remaining -= size;
        }
        assertEquals(List.of(50L, 25L, 13L, 6L, 4L, 2L), sizes);
    }

    @Test
    void runtimeScheduleFollowsRunSchedVar() {
        Schedule before = Omp.getSchedule();
        try {
            Omp.setSchedule(Schedule.staticChunked(1));
            int[] owner = new int[6];
            Omp.parallel(2, () -> Omp.forLoop(0, 6, Schedule.runtime(), i -> owner[i] = Omp.threadNum()));
            for (int i = 0; i < 6; i++) {
                assertEquals(i % 2, owner[i]);
            }
        } finally {
            Omp.setSchedule(before);
        }
        assertThrows(IllegalArgumentException.class, () -> Omp.setSchedule(Schedule.runtime()));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void stepsAndLongRanges(int n) {
        AtomicIntegerArray hits = new AtomicIntegerArray(100);
        Omp.parallel(n, () -> {
            Omp.forLoop(0, 100, 3, Schedule.dynamic(2), hits::incrementAndGet);
            Omp.forLoop(99, -1, -5, Schedule.staticSchedule(), hits::incrementAndGet);
            Omp.forLoopLong(1L << 40, (1L << 40) + 100, 7, Schedule.guided(),
                    i -> hits.incrementAndGet((int) (i - (1L << 40))));
        });
        for (int i = 0; i < 100; i++) {
            int expected = (i % 3 == 0 ? 1 : 0) + ((99 - i) % 5 == 0 ? 1 : 0) + (i % 7 == 0 ? 1 : 0);
            assertEquals(expected, hits.get(i), "iteration " + i);
        }
    }

    @Test
    void tripCounts() {
        assertEquals(0, Worksharing.tripCount(5, 5, 1));
        assertEquals(0, Worksharing.tripCount(5, 0, 1));
        assertEquals(3, Worksharing.tripCount(0, 7, 3));
        assertEquals(4, Worksharing.tripCount(10, 0, -3));
        assertEquals(1L << 62, Worksharing.tripCount(Long.MIN_VALUE, Long.MAX_VALUE, 4));
        assertThrows(IllegalArgumentException.class, () -> Worksharing.tripCount(0, 1, 0));
        assertThrows(ArithmeticException.class, () -> Worksharing.tripCount(Long.MIN_VALUE, Long.MAX_VALUE, 1));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8})
    void collapseCoversEveryPairOnce(int n) {
        AtomicIntegerArray hits = new AtomicIntegerArray(7 * 5);
        Omp.parallel(n, () -> Omp.forLoopCollapse(3, 10, -2, 3, Schedule.dynamic(4),
                (i, j) -> hits.incrementAndGet((i - 3) * 5 + (j + 2))));
        for (int k = 0; k < 35; k++) {
            assertEquals(1, hits.get(k), "pair " + k);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4, 8})
    void manyNowaitLoopsInARowShareTheSlotRing(int n) {
        AtomicIntegerArray hits = new AtomicIntegerArray(50);
        Omp.parallel(n, () -> {
            for (int k = 0; k < 50; k++) {
                int slot = k;
                Omp.forLoopNowait(0, 10, Schedule.dynamic(), i -> hits.incrementAndGet(slot));
            }
        });
        for (int k = 0; k < 50; k++) {
            assertEquals(10, hits.get(k));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8})
    void orderedBlocksRunInIterationOrder(int n) {
        for (Schedule s : new Schedule[] {Schedule.staticSchedule(), Schedule.staticChunked(2), Schedule.dynamic(3),
            Schedule.guided()}) {
            List<Integer> order = new ArrayList<>();
            Omp.parallel(n, () -> Omp.forLoopOrdered(0, 40, s, i -> {
                if (i % 3 != 1) { // iterations without an ordered block must not stall the others
                    Omp.ordered(() -> order.add(i));
                }
            }));
            List<Integer> expected = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                if (i % 3 != 1) {
                    expected.add(i);
                }
            }
            assertEquals(expected, order, s.toString());
        }
    }

    @Test
    void orderedOutsideAnOrderedLoopIsAnError() {
        assertThrows(IllegalStateException.class, () -> Omp.ordered(() -> { }));
        Omp.parallel(2, () -> Omp.forLoop(0, 2, i -> assertThrows(IllegalStateException.class,
                () -> Omp.ordered(() -> { }))));
    }

    @Test
    void sectionsRunEachSectionOnce() {
        AtomicIntegerArray hits = new AtomicIntegerArray(5);
        Omp.parallel(3, () -> {
            Omp.sections(() -> hits.incrementAndGet(0), () -> hits.incrementAndGet(1), () -> hits.incrementAndGet(2));
            Omp.sectionsNowait(() -> hits.incrementAndGet(3), () -> hits.incrementAndGet(4));
        });
        for (int k = 0; k < 5; k++) {
            assertEquals(1, hits.get(k));
        }
    }
}
