package io.github.ompt4j.omp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SynchronizationTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8})
    void barrierSeparatesPhases(int n) {
        AtomicInteger arrived = new AtomicInteger();
        AtomicInteger wrong = new AtomicInteger();
        Omp.parallel(n, () -> {
            for (int phase = 1; phase <= 20; phase++) {
                arrived.incrementAndGet();
                Omp.barrier();
                if (arrived.get() != phase * n) {
                    wrong.incrementAndGet();
                }
                Omp.barrier();
            }
        });
        assertEquals(0, wrong.get());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8})
    void singleRunsOncePerConstruct(int n) {
        AtomicIntegerArray runs = new AtomicIntegerArray(30);
        Omp.parallel(n, () -> {
            for (int k = 0; k < 30; k++) {
                int construct = k;
                if (k % 2 == 0) {
                    Omp.single(() -> runs.incrementAndGet(construct));
                    assertEquals(1, runs.get(construct), "the barrier after single waits for it");
                } else {
                    Omp.singleNowait(() -> runs.incrementAndGet(construct));
                }
            }
        });
        for (int k = 0; k < 30; k++) {
            assertEquals(1, runs.get(k), "single " + k);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8})
    void singleCopyBroadcastsTheExecutorsValue(int n) {
        Set<Object> seen = ConcurrentHashMap.newKeySet();
        AtomicInteger executions = new AtomicInteger();
        Omp.parallel(n, () -> {
            for (int k = 0; k < 10; k++) {
                Object value = Omp.singleCopy(() -> {
                    executions.incrementAndGet();
                    return new Object();
                });
                seen.add(value);
            }
        });
        assertEquals(10, executions.get());
        assertEquals(10, seen.size(), "every member got the same object from each single");
    }

    /**
     * A member whose body interrupted its thread waits at the barrier parked, as the others do, and finds
     * its interrupt still pending after it.
     */
    @Test
    void anInterruptedMemberParksAtTheBarrierAndKeepsItsInterrupt() {
        InterruptedWait wait = new InterruptedWait();
        Omp.parallel(2, () -> {
            if (Omp.threadNum() == 0) {
                LockSupport.parkNanos(1_000_000_000L);
                Omp.barrier();
            } else {
                wait.begin();
                Omp.barrier();
                wait.end();
            }
        });
        wait.assertParkedAndKept();
    }

    /** The same in a polling wait: an iteration whose thread is interrupted waits for its ordered turn parked. */
    @Test
    void anInterruptedIterationParksForItsOrderedTurnAndKeepsItsInterrupt() {
        InterruptedWait wait = new InterruptedWait();
        Omp.parallel(2, () -> Omp.forLoopOrdered(0, 2, Schedule.staticChunked(1), i -> {
            if (i == 1) {
                wait.begin();
            }
            Omp.ordered(() -> {
                if (i == 0) {
                    LockSupport.parkNanos(1_000_000_000L);
                } else {
                    wait.end();
                }
            });
        }));
        wait.assertParkedAndKept();
    }

    @Test
    void masterAndMaskedRunOnTheChosenMemberOnly() {
        AtomicIntegerArray ran = new AtomicIntegerArray(4);
        Thread encountering = Thread.currentThread();
        Omp.parallel(4, () -> {
            Omp.master(() -> {
                assertSame(encountering, Thread.currentThread());
                ran.incrementAndGet(0);
            });
            Omp.masked(2, () -> {
                assertEquals(2, Omp.threadNum());
                ran.incrementAndGet(2);
            });
        });
        assertEquals(1, ran.get(0));
        assertEquals(0, ran.get(1));
        assertEquals(1, ran.get(2));
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4, 8})
    void criticalAndAtomicExcludeEachOther(int n) {
        int[] plain = new int[3];
        Omp.parallel(n, () -> {
            for (int k = 0; k < 2000; k++) {
                Omp.critical(() -> plain[0]++);
                Omp.critical("named", () -> plain[1]++);
                Omp.atomic(() -> plain[2]++);
            }
        });
        assertEquals(2000 * n, plain[0]);
        assertEquals(2000 * n, plain[1]);
        assertEquals(2000 * n, plain[2]);
    }

    @Test
    void reEnteringACriticalSectionOrAnAtomicBlockIsAnErrorNotAHang() {
        for (String name : new String[] {"re-entered", null}) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> Omp.critical(name, () -> Omp.critical(name, () -> { })));
            assertTrue(e.getMessage().contains("critical sections of the same name do not nest"), e.getMessage());
        }
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Omp.atomic(() -> Omp.atomic(() -> { })));
        assertTrue(e.getMessage().contains("atomic blocks do not nest"), e.getMessage());
        // Released on the way out, and differently named sections still nest.
        int[] entered = new int[1];
        Omp.parallel(2, () -> Omp.critical("re-entered", () -> Omp.critical("other", () -> Omp.atomic(
                () -> entered[0]++))));
        assertEquals(2, entered[0]);
    }

    @Test
    void differentlyNamedCriticalSectionsDoNotExcludeEachOther() {
        // Member 0 holds "a" until member 1 has entered "b": only possible if they are independent.
        java.util.concurrent.CountDownLatch inB = new java.util.concurrent.CountDownLatch(1);
        boolean[] overlapped = new boolean[1];
        Omp.parallel(2, () -> {
            if (Omp.threadNum() == 0) {
                Omp.critical("a", () -> overlapped[0] = await(inB));
            } else {
                Omp.critical("b", inB::countDown);
            }
        });
        assertTrue(overlapped[0]);
    }

    static boolean await(java.util.concurrent.CountDownLatch latch) {
        try {
            return latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
