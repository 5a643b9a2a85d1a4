package io.github.ompt4j.omp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class FailureTest {

    @ParameterizedTest
    @ValueSource(ints = {2, 4, 8})
    void aWorkersExceptionReleasesTheOthersAndReachesTheEncounteringThread(int n) {
        IllegalStateException boom = new IllegalStateException("boom");
        AtomicInteger pastBarrier = new AtomicInteger();
        RuntimeException thrown = assertThrows(RuntimeException.class, () -> Omp.parallel(n, () -> {
            if (Omp.threadNum() == n - 1) {
                throw boom;
            }
            Omp.barrier(); // would wait forever for the failed member
            pastBarrier.incrementAndGet();
        }));
        assertSame(boom, thrown);
        assertEquals(0, pastBarrier.get());
        assertRegionsStillWork(n);
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void everyMembersExceptionIsKeptTheOthersSuppressed(int n) {
        RuntimeException thrown = assertThrows(RuntimeException.class, () -> Omp.parallel(n, () -> {
            throw new ArithmeticException("member " + Omp.threadNum());
        }));
        assertEquals(n - 1, thrown.getSuppressed().length, Arrays.toString(thrown.getSuppressed()));
        assertTrue(thrown.getMessage().startsWith("member "));
        assertRegionsStillWork(n);
    }

    @Test
    void aRegionKeepsABoundedNumberOfFailures() {
        int n = Team.KEPT_FAILURES + 16;
        RuntimeException thrown = assertThrows(RuntimeException.class, () -> Omp.parallel(n, () -> {
            throw new ArithmeticException("member " + Omp.threadNum());
        }));
        assertEquals(Team.KEPT_FAILURES - 1, thrown.getSuppressed().length);
        assertRegionsStillWork(n);
    }

    @Test
    void aMemberThatLeavesWhileOthersWaitAtABarrierIsAnError() {
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> Omp.parallel(3, () -> {
            if (Omp.threadNum() != 1) {
                Omp.barrier();
            }
        }));
        assertTrue(thrown.getMessage().contains("left the parallel region"), thrown.getMessage());
        assertRegionsStillWork(3);
    }

    @Test
    void aFailingTaskFailsItsRegion() {
        UnsupportedOperationException boom = new UnsupportedOperationException("task");
        AtomicInteger after = new AtomicInteger();
        RuntimeException thrown = assertThrows(RuntimeException.class, () -> Omp.parallel(2, () -> {
            Omp.single(() -> Omp.task(() -> {
                throw boom;
            }));
            Omp.barrier();
            after.incrementAndGet();
        }));
        assertSame(boom, thrown);
        assertEquals(0, after.get());
        assertRegionsStillWork(2);
    }

    @Test
    void aFailingTaskOutsideARegionThrowsToItsCreator() {
        assertThrows(ArithmeticException.class, () -> Omp.task(() -> {
            throw new ArithmeticException();
        }));
    }

    @Test
    void failuresInNestedRegionsReachTheOutermostEncounteringThread() {
        int levels = Omp.getMaxActiveLevels();
        try {
            Omp.setMaxActiveLevels(2);
            IllegalArgumentException boom = new IllegalArgumentException("inner");
            RuntimeException thrown = assertThrows(RuntimeException.class, () -> Omp.parallel(2, () -> {
                Omp.parallel(2, () -> {
                    if (Omp.ancestorThreadNum(1) == 1 && Omp.threadNum() == 1) {
                        throw boom;
                    }
                });
                Omp.barrier();
            }));
            assertSame(boom, thrown);
            assertRegionsStillWork(2);
        } finally {
            Omp.setMaxActiveLevels(levels);
        }
    }

    @Test
    void aLoopThatCannotStartLeavesNoLoopBehind() {
        String outside = "Omp.ordered outside an ordered loop (Omp.forLoopOrdered)";
        leaveAnOrderedLoopThenFailToStartOne();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Omp.ordered(() -> { }));
        assertEquals(outside, e.getMessage());
        Set<String> seen = ConcurrentHashMap.newKeySet();
        Omp.parallel(2, () -> {
            leaveAnOrderedLoopThenFailToStartOne();
            try {
                Omp.ordered(() -> { });
                seen.add("ran on member " + Omp.threadNum());
            } catch (IllegalStateException thrown) {
                seen.add(thrown.getMessage());
            }
        });
        assertEquals(Set.of(outside), seen);
    }

    /** Runs an ordered loop, then one with a step of 0, which cannot start. */
    private static void leaveAnOrderedLoopThenFailToStartOne() {
        Omp.forLoopOrdered(0, 4, Schedule.staticSchedule(), i -> Omp.ordered(() -> { }));
        assertThrows(IllegalArgumentException.class,
                () -> Omp.forLoopOrdered(0, 4, 0, Schedule.staticSchedule(), false, i -> { }));
    }

    @Test
    void waitsInLoopsOrderedAndTaskwaitAreReleasedToo() {
        assertThrows(IllegalStateException.class, () -> Omp.parallel(2, () -> {
            Omp.forLoopOrdered(0, 10, Schedule.staticChunked(1), i -> {
                if (i == 3) {
                    throw new IllegalStateException("in iteration 3");
                }
                Omp.ordered(() -> { });
            });
        }));
        assertRegionsStillWork(2);
    }

    private static void assertRegionsStillWork(int n) {
        AtomicInteger ran = new AtomicInteger();
        Omp.parallel(n, () -> {
            Omp.barrier();
            Omp.forLoop(0, 100, Schedule.dynamic(), i -> ran.incrementAndGet());
        });
        assertEquals(100, ran.get());
    }
}
