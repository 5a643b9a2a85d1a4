package io.github.ompt4j.omp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class LockTest {

    @ParameterizedTest
    @EnumSource(LockHint.class)
    void lockExcludes(LockHint hint) {
        OmpLock lock = new OmpLock(hint);
        int[] counter = new int[1];
        Omp.parallel(4, () -> {
            for (int k = 0; k < 2000; k++) {
                lock.set();
                counter[0]++;
                lock.unset();
            }
        });
        assertEquals(8000, counter[0]);
        assertEquals(hint, lock.hint());
        lock.destroy();
    }

    @Test
    void waitersThatParkAreWoken() {
        // Held for 100 us at a time: waiters exhaust their few spins and park; every release must wake one.
        OmpLock lock = new OmpLock(LockHint.UNCONTENDED);
        int[] counter = new int[1];
        Omp.parallel(4, () -> {
            for (int k = 0; k < 50; k++) {
                lock.set();
                java.util.concurrent.locks.LockSupport.parkNanos(100_000);
                counter[0]++;
                lock.unset();
            }
        });
        assertEquals(200, counter[0]);
        int[] critical = new int[1];
        Omp.parallel(4, () -> {
            for (int k = 0; k < 50; k++) {
                Omp.critical("slow", () -> {
                    java.util.concurrent.locks.LockSupport.parkNanos(50_000);
                    critical[0]++;
                });
            }
        });
        assertEquals(200, critical[0]);
    }

    @Test
    void anInterruptedWaiterParksAndKeepsItsInterrupt() throws Exception {
        OmpLock lock = new OmpLock();
        lock.set();
        InterruptedWait wait = new InterruptedWait();
        Thread waiter = new Thread(() -> {
            wait.begin();
            lock.set();
            wait.end();
            lock.unset();
        });
        waiter.start();
        Thread.sleep(1000);
        lock.unset();
        waiter.join();
        wait.assertParkedAndKept();
    }

    @Test
    void testTakesAFreeLockOnly() {
        OmpLock lock = new OmpLock();
        assertTrue(lock.test());
        AtomicInteger otherGot = new AtomicInteger(-1);
        Omp.parallel(2, () -> Omp.masked(1, () -> otherGot.set(lock.test() ? 1 : 0)));
        assertEquals(0, otherGot.get());
        lock.unset();
        assertTrue(lock.test());
        lock.unset();
    }

    @Test
    void misuseIsReportedNotDeadlocked() {
        OmpLock lock = new OmpLock();
        assertThrows(IllegalStateException.class, lock::unset, "unset of a free lock");
        lock.set();
        assertThrows(IllegalStateException.class, lock::set, "re-entry would deadlock");
        // The lock word names its owner: to another thread the lock is held by someone else, which it may not
        // release and cannot take.
        AtomicInteger unsetFailed = new AtomicInteger();
        AtomicInteger testTook = new AtomicInteger();
        Omp.parallel(2, () -> Omp.masked(1, () -> {
            assertThrows(IllegalStateException.class, lock::unset);
            unsetFailed.incrementAndGet();
            testTook.set(lock.test() ? 1 : 0);
        }));
        assertEquals(1, unsetFailed.get(), "the other thread's unset throws");
        assertEquals(0, testTook.get(), "the other thread's test finds the lock held");
        assertThrows(IllegalStateException.class, lock::destroy, "destroying a held lock");
        lock.unset();
        lock.destroy();
        for (Executable use : new Executable[] {lock::set, lock::test, lock::unset, lock::destroy}) {
            assertEquals("lock used after omp_destroy_lock",
                    assertThrows(IllegalStateException.class, use).getMessage());
        }
        OmpNestLock nest = new OmpNestLock();
        nest.destroy();
        for (Executable use : new Executable[] {nest::set, nest::test, nest::unset, nest::destroy}) {
            assertEquals("nest lock used after omp_destroy_nest_lock",
                    assertThrows(IllegalStateException.class, use).getMessage());
        }
    }

    @Test
    void nestLockCountsItsOwnersNesting() {
        OmpNestLock lock = new OmpNestLock(LockHint.CONTENDED);
        lock.set();
        lock.set();
        assertEquals(3, lock.test());
        assertEquals(3, lock.nesting());
        AtomicInteger other = new AtomicInteger(-1);
        Omp.parallel(2, () -> Omp.masked(1, () -> other.set(lock.test())));
        assertEquals(0, other.get(), "another thread cannot take a held nest lock");
        lock.unset();
        lock.unset();
        assertEquals(1, lock.nesting());
        lock.unset();
        assertEquals(0, lock.nesting());
        assertThrows(IllegalStateException.class, lock::unset);
        Omp.parallel(2, () -> Omp.masked(1, () -> {
            other.set(lock.test());
            lock.unset();
        }));
        assertEquals(1, other.get(), "free again after as many unsets as sets");
        lock.destroy();
        assertThrows(IllegalStateException.class, lock::set);
    }

    @Test
    void nestLockExcludesAcrossThreads() {
        OmpNestLock lock = new OmpNestLock();
        int[] counter = new int[1];
        Omp.parallel(4, () -> {
            for (int k = 0; k < 1000; k++) {
                lock.set();
                lock.set();
                counter[0]++;
                lock.unset();
                lock.unset();
            }
        });
        assertEquals(4000, counter[0]);
        assertEquals(0, lock.nesting());
    }
}
