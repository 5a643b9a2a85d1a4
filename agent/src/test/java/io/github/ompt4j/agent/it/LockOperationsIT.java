package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.agent.check.FileCheck;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Semaphore;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;
import org.junit.jupiter.api.Test;

/**
 * Every operation of {@code java.util.concurrent}'s locks is mapped, and the trace keeps the invariants
 * of {@link LockTrace}: permits and stamps released on another thread than the one that took them,
 * every form of {@code Semaphore} acquisition, untimed tries of a read-write lock, {@code StampedLock}
 * conversions, a {@code Condition} wait of a lock and of a write lock (which releases every hold and takes them
 * again), and none of the locks a {@code ForkJoinPool} takes for itself.
 */
class LockOperationsIT {
    private static final String WAIT_ID = "[0-9]+";

    private static Trace run(Class<?> program) throws Exception {
        return Trace.of("locks+barriers", List.of(), Map.of(), program);
    }

    public static final class SemaphoreOperations {
        public static void main(String[] args) throws Exception {
            Semaphore permits = new Semaphore(4);
            permits.acquire(2);
            permits.release(2);
            permits.acquireUninterruptibly(3);
            permits.release(3);
            Probe.say("tried one: " + permits.tryAcquire());
            permits.release();
            Probe.say("tried three: " + permits.tryAcquire(3));
            permits.release(3);
            Probe.say("tried five: " + permits.tryAcquire(5));
            Probe.say("tried two, timed: " + permits.tryAcquire(2, 1, TimeUnit.SECONDS));
            permits.release(2);
            Probe.say("drained: " + permits.drainPermits());
            permits.release(4);
            permits.release(0);
            // A permit taken on one thread and returned on another, both ways.
            SynchronousQueue<String> handOff = new SynchronousQueue<>();
            Thread taker = new Thread(() -> {
                try {
                    permits.acquire();
                    handOff.put("taken");
                    handOff.take();
                    permits.release();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            taker.start();
            handOff.take();
            permits.release();
            permits.acquire();
            handOff.put("yours");
            taker.join();
            Probe.say("left: " + permits.availablePermits());
        }
    }

    @Test
    void everySemaphoreAcquisitionIsOneAcquisitionAndReleasesMayComeFromAnyThread() throws Exception {
        Trace trace = run(SemaphoreOperations.class);
        LockTrace.assertConsistent(trace, false);
        String permit = "ompt_event_acquired_lock: wait_id=[[W]]";
        new FileCheck()
                .check("[[M:1]]: ompt_event_wait_lock: wait_id=[[W:" + WAIT_ID + "]], hint=0, impl=1")
                .next("[[M]]: " + permit)
                .next("[[M]]: ompt_event_release_lock: wait_id=[[W]]")
                .next("[[M]]: ompt_event_wait_lock: wait_id=[[W]]")
                .next("[[M]]: " + permit)
                .next("[[M]]: ompt_event_release_lock: wait_id=[[W]]")
                .next("[[M]]: " + permit)
                .next("[[M]]: tried one: true")
                .next("[[M]]: ompt_event_release_lock: wait_id=[[W]]")
                .next("[[M]]: " + permit)
                .next("[[M]]: tried three: true")
                .next("[[M]]: ompt_event_release_lock: wait_id=[[W]]")
                .next("[[M]]: tried five: false")
                .next("[[M]]: ompt_event_wait_lock: wait_id=[[W]]")
                .next("[[M]]: " + permit)
                .next("[[M]]: tried two, timed: true")
                .next("[[M]]: ompt_event_release_lock: wait_id=[[W]]")
                .next("[[M]]: " + permit)
                .next("[[M]]: drained: 4")
                .next("[[M]]: ompt_event_release_lock: wait_id=[[W]]")
                .next("[[M]]: ompt_event_release_lock: wait_id=[[W]]")
                .next("[[M]]: ompt_event_wait_lock: wait_id=[[W]]")
                .next("[[M]]: " + permit)
                .next("[[M]]: left: 4")
                .match(trace.thread("1"));
    }

    /**
     * Releases that no acquisition took: a semaphore made with no permits signals a waiter, one made with fewer
     * than none is released twice before anything can take it; then acquisitions and their releases.
     */
    public static final class UnacquiredReleases {
        public static void main(String[] args) throws Exception {
            Semaphore signal = new Semaphore(0);
            Thread waiter = new Thread(() -> {
                signal.acquireUninterruptibly();
                Probe.say("taken");
            });
            waiter.start();
            while (!signal.hasQueuedThreads()) {
                Thread.onSpinWait();
            }
            signal.release();
            Probe.say("signalled");
            waiter.join();
            signal.release();
            Probe.say("returned the waiter's");
            Semaphore owed = new Semaphore(-1);
            owed.release(2);
            Probe.say("owed: " + owed.availablePermits());
            owed.acquire();
            owed.release();
            Probe.say("left: " + owed.availablePermits() + " " + signal.availablePermits());
        }
    }

    @Test
    void aReleaseThatNoAcquisitionTookIsNoRelease() throws Exception {
        Trace trace = run(UnacquiredReleases.class);
        LockTrace.assertConsistent(trace, false);
        TraceInvariants.assertHold(trace);
        String waiter = trace.threadsWith("taken").get(0);
        FileCheck taken = new FileCheck().define("T", waiter)
                .check("[[T]]: ompt_event_wait_lock: wait_id=[[S:" + WAIT_ID + "]]")
                .next("[[T]]: ompt_event_acquired_lock: wait_id=[[S]]")
                .next("[[T]]: taken")
                .match(trace.thread(waiter));
        new FileCheck().define("S", taken.get("S"))
                .check("1: signalled")
                .next("1: ompt_event_release_lock: wait_id=[[S]]")
                .next("1: returned the waiter's")
                .next("1: owed: 1")
                .next("1: ompt_event_wait_lock: wait_id=[[O:" + WAIT_ID + "]]")
                .next("1: ompt_event_acquired_lock: wait_id=[[O]]")
                .next("1: ompt_event_release_lock: wait_id=[[O]]")
                .next("1: left: 1 1")
                .match(trace.thread("1"));
        assertEquals(2, trace.count("ompt_event_release_lock"), "a release that hands out a permit no acquisition took"
                + " reports nothing\n" + trace);
    }

    public static final class ReadWriteTries {
        public static void main(String[] args) {
            ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
            Probe.say("write: " + lock.writeLock().tryLock());
            Probe.say("write again: " + lock.writeLock().tryLock());
            lock.writeLock().unlock();
            lock.writeLock().unlock();
            Probe.say("read: " + lock.readLock().tryLock());
            Probe.say("write while read: " + lock.writeLock().tryLock());
            lock.readLock().unlock();
        }
    }

    @Test
    void untimedTriesOfAReadWriteLockAreAcquisitionsWithoutAWait() throws Exception {
        Trace trace = run(ReadWriteTries.class);
        LockTrace.assertConsistent(trace, false);
        new FileCheck()
                .check("[[M:1]]: ompt_event_acquired_nest_lock_first: wait_id=[[W:" + WAIT_ID + "]]")
                .next("[[M]]: write: true")
                .next("[[M]]: ompt_event_acquired_nest_lock_next: wait_id=[[W]]")
                .next("[[M]]: write again: true")
                .next("[[M]]: ompt_event_release_nest_lock_prev: wait_id=[[W]]")
                .next("[[M]]: ompt_event_release_nest_lock_last: wait_id=[[W]]")
                .next("[[M]]: ompt_event_acquired_lock: wait_id=[[W]]")
                .next("[[M]]: read: true")
                .next("[[M]]: write while read: false")
                .next("[[M]]: ompt_event_release_lock: wait_id=[[W]]")
                .match(trace.thread("1"));
        assertEquals(0, trace.count("ompt_event_wait_"), "a try waits for nothing\n" + trace);
    }

    public static final class StampedConversions {
        public static void main(String[] args) throws Exception {
            StampedLock lock = new StampedLock();
            long write = lock.tryConvertToWriteLock(lock.tryOptimisticRead());
            Probe.say("optimistic to write: " + (write != 0));
            lock.unlock(write);
            long read = lock.tryConvertToReadLock(lock.tryOptimisticRead());
            Probe.say("optimistic to read: " + (read != 0));
            write = lock.tryConvertToWriteLock(read);
            Probe.say("read to write: " + (write != 0));
            read = lock.tryConvertToReadLock(write);
            Probe.say("write to read: " + (read != 0));
            lock.unlockRead(read);
            long optimistic = lock.tryConvertToOptimisticRead(lock.writeLock());
            Probe.say("write to optimistic: " + (optimistic != 0));
            Probe.say("optimistic to optimistic: " + (lock.tryConvertToOptimisticRead(optimistic) != 0));
            Probe.say("tried unlock: " + lock.tryUnlockWrite());
            // Stamps taken on one thread and released on another.
            SynchronousQueue<Long> handOff = new SynchronousQueue<>();
            Thread taker = new Thread(() -> {
                try {
                    handOff.put(lock.writeLock());
                    handOff.take();
                    handOff.put(lock.tryConvertToWriteLock(lock.tryOptimisticRead()) == 0 ? 0L : 1L);
                    handOff.take();
                    handOff.put(lock.readLock());
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            taker.start();
            lock.unlockWrite(handOff.take());
            handOff.put(0L);
            Probe.say("taker converted: " + handOff.take());
            lock.asWriteLock().unlock();
            handOff.put(0L);
            lock.unlock(handOff.take());
            taker.join();
            Probe.say("free: " + !lock.isReadLocked() + " " + !lock.isWriteLocked());
        }
    }

    @Test
    void conversionsAcquireOrReleaseWhatTheStampHeldAndStampsMayBeReleasedOnAnyThread() throws Exception {
        Trace trace = run(StampedConversions.class);
        LockTrace.assertConsistent(trace, true);
        new FileCheck()
                .check("[[M:1]]: ompt_event_acquired_lock: wait_id=[[W:" + WAIT_ID + "]]")
                .next("[[M]]: optimistic to write: true")
                .next("[[M]]: ompt_event_release_lock: wait_id=[[W]]")
                .next("[[M]]: ompt_event_acquired_lock: wait_id=[[W]]")
                .next("[[M]]: optimistic to read: true")
                .next("[[M]]: read to write: true")
                .next("[[M]]: write to read: true")
                .next("[[M]]: ompt_event_release_lock: wait_id=[[W]]")
                .next("[[M]]: ompt_event_wait_lock: wait_id=[[W]]")
                .next("[[M]]: ompt_event_acquired_lock: wait_id=[[W]]")
                .next("[[M]]: ompt_event_release_lock: wait_id=[[W]]")
                .next("[[M]]: write to optimistic: true")
                .next("[[M]]: optimistic to optimistic: true")
                .next("[[M]]: tried unlock: false")
                .next("[[M]]: ompt_event_release_lock: wait_id=[[W]]")
                .next("[[M]]: taker converted: 1")
                .next("[[M]]: ompt_event_release_lock: wait_id=[[W]]")
                .next("[[M]]: ompt_event_release_lock: wait_id=[[W]]")
                .next("[[M]]: free: true true")
                .match(trace.thread("1"));
    }

    public static final class ConditionWaits {
        static volatile boolean ready;

        public static void main(String[] args) throws Exception {
            ReentrantLock lock = new ReentrantLock();
            Condition signalled = lock.newCondition();
            Thread waiter = new Thread(() -> {
                lock.lock();
                lock.lock();
                try {
                    while (!ready) {
                        signalled.awaitUninterruptibly();
                    }
                    Probe.say("signalled, holding " + lock.getHoldCount());
                } finally {
                    lock.unlock();
                    lock.unlock();
                }
            });
            waiter.start();
            lock.lock();
            while (!lock.hasWaiters(signalled)) {
                lock.unlock();
                Thread.onSpinWait();
                lock.lock();
            }
            try {
                // A collection while the waiter's awaitUninterruptibly frame is interpreted: a woven await
                // method stopped JDK 17 there (its oop map could not be computed).
                System.gc();
                Probe.say("main holds it");
                ready = true;
                signalled.signal();
            } finally {
                lock.unlock();
            }
            waiter.join();
            // The JDK's own queues wait on conditions all the time.
            ArrayBlockingQueue<Integer> queue = new ArrayBlockingQueue<>(1);
            Thread producer = new Thread(() -> {
                try {
                    for (int i = 0; i < 200; i++) {
                        queue.put(i);
                    }
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            producer.start();
            long sum = 0;
            for (int i = 0; i < 200; i++) {
                sum += queue.take();
            }
            producer.join();
            Probe.say("sum " + sum);
        }
    }

    @Test
    void aConditionWaitReleasesEveryHoldWaitsAtABarrierAndTakesTheLockAgain() throws Exception {
        Trace trace = run(ConditionWaits.class);
        assertTrue(LockTrace.assertConsistent(trace, false) > 400, trace.toString());
        String waiter = trace.threadsWith("signalled, holding 2").get(0);
        FileCheck main = new FileCheck().check("[[M:1]]: ompt_event_acquired_nest_lock_first: wait_id=[[W:" + WAIT_ID + "]]")
                .match(trace.thread("1"));
        new FileCheck().define("W", main.get("W")).check("1: main holds it")
                .next("1: ompt_event_release_nest_lock_last: wait_id=[[W]]").match(trace.thread("1"));
        assertWaitedHoldingTwice(trace, waiter, main.get("W"));
    }

    /**
     * The waiter's condition wait on the lock {@code waitId}, held twice: both holds released, an explicit
     * barrier as the wait, the lock taken again as often, then released after the signal.
     */
    private static void assertWaitedHoldingTwice(Trace trace, String waiter, String waitId) {
        new FileCheck().define("T", waiter).define("W", waitId)
                .check("[[T]]: ompt_event_acquired_nest_lock_first: wait_id=[[W]]")
                .next("[[T]]: ompt_event_acquired_nest_lock_next: wait_id=[[W]]")
                .next("[[T]]: ompt_event_release_nest_lock_prev: wait_id=[[W]]")
                .next("[[T]]: ompt_event_release_nest_lock_last: wait_id=[[W]]")
                .next("[[T]]: ompt_event_barrier_begin: parallel_id=0x0, task_id=[[K:0x[0-9a-f]+]],"
                        + " kind=ompt_sync_region_barrier_explicit")
                .next("[[T]]: ompt_event_wait_barrier_begin: parallel_id=0x0, task_id=[[K]]")
                .next("[[T]]: ompt_event_wait_barrier_end: parallel_id=0x0, task_id=[[K]]")
                .next("[[T]]: ompt_event_barrier_end: parallel_id=0x0, task_id=[[K]]")
                .next("[[T]]: ompt_event_wait_nest_lock: wait_id=[[W]]")
                .next("[[T]]: ompt_event_acquired_nest_lock_first: wait_id=[[W]]")
                .next("[[T]]: ompt_event_acquired_nest_lock_next: wait_id=[[W]]")
                .next("[[T]]: signalled, holding 2")
                .next("[[T]]: ompt_event_release_nest_lock_prev: wait_id=[[W]]")
                .next("[[T]]: ompt_event_release_nest_lock_last: wait_id=[[W]]")
                .match(trace.thread(waiter));
    }

    /**
     * A condition of a read-write lock's write lock, held twice: its synchronizer is an
     * {@code AbstractQueuedLongSynchronizer} on JDK 25 (an {@code AbstractQueuedSynchronizer} on 17), whose
     * condition releases and takes the lock again the same way.
     */
    public static final class WriteLockConditionWaits {
        static volatile boolean ready;

        public static void main(String[] args) throws Exception {
            ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
            Condition signalled = lock.writeLock().newCondition();
            Thread waiter = new Thread(() -> {
                lock.writeLock().lock();
                lock.writeLock().lock();
                try {
                    while (!ready) {
                        signalled.awaitUninterruptibly();
                    }
                    Probe.say("signalled, holding " + lock.getWriteHoldCount());
                } finally {
                    lock.writeLock().unlock();
                    lock.writeLock().unlock();
                }
            });
            waiter.start();
            lock.writeLock().lock();
            while (!lock.hasWaiters(signalled)) {
                lock.writeLock().unlock();
                Thread.onSpinWait();
                lock.writeLock().lock();
            }
            try {
                Probe.say("main holds it");
                ready = true;
                signalled.signal();
            } finally {
                lock.writeLock().unlock();
            }
            waiter.join();
        }
    }

    @Test
    void aWriteLocksConditionWaitReleasesEveryHoldWaitsAtABarrierAndTakesTheLockAgain() throws Exception {
        Trace trace = run(WriteLockConditionWaits.class);
        LockTrace.assertConsistent(trace, false);
        TraceInvariants.assertHold(trace);
        String waiter = trace.threadsWith("signalled, holding 2").get(0);
        FileCheck main = new FileCheck().check("[[M:1]]: ompt_event_acquired_nest_lock_first: wait_id=[[W:" + WAIT_ID + "]]")
                .match(trace.thread("1"));
        assertWaitedHoldingTwice(trace, waiter, main.get("W"));
    }

    public static final class PoolTermination {
        public static void main(String[] args) throws Exception {
            ForkJoinPool pool = new ForkJoinPool(2);
            Probe.say("computed " + pool.submit(() -> 6 * 7).get());
            pool.shutdown();
            Probe.say("terminated: " + pool.awaitTermination(30, TimeUnit.SECONDS));
            pool.shutdownNow();
        }
    }

    @Test
    void theLocksAPoolTakesForItselfAreNotTheProgramsLocks() throws Exception {
        for (String adapters : List.of("locks", "forkjoin+locks")) {
            Trace trace = Trace.of(adapters, List.of(), Map.of(), PoolTermination.class);
            assertEquals(1, trace.count("1: terminated: true"), trace.toString());
            assertEquals(0, trace.count("_lock"), "the pool's own locks are not the program's (" + adapters + ")\n"
                    + trace);
        }
    }

    /** Two threads take a read-write lock's views, and no other lock of {@code java.util.concurrent}. */
    public static final class ReadWriteOnly {
        public static void main(String[] args) throws Exception {
            ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
            Thread reader = new Thread(() -> {
                lock.readLock().lock();
                lock.readLock().unlock();
            });
            lock.writeLock().lock();
            reader.start();
            lock.writeLock().unlock();
            reader.join();
            Probe.say("done");
        }
    }

    /**
     * The hooks tell a lock's type without loading another's: a {@code Semaphore} or {@code StampedLock} that the
     * program never uses is neither loaded nor woven (as it was, at every read lock's hooks, and so at every JVM's
     * exit, where the JDK takes one).
     */
    @Test
    void aReadWriteLocksHooksLoadNoOtherLockType() throws Exception {
        AgentRun run = AgentRun.run("tool=print,adapters=locks,log=debug", Map.of(), ReadWriteOnly.class);
        assertEquals(0, run.exit, run.toString());
        assertTrue(run.out.contains("1: done"), run.toString());
        assertTrue(run.out.stream().anyMatch(l -> l.contains("ompt_event_acquired_lock")), run.toString());
        assertTrue(run.err.contains("wove java.util.concurrent.locks.ReentrantReadWriteLock$ReadLock"), run.err);
        assertFalse(run.err.contains("wove java.util.concurrent.Semaphore"), run.err);
        assertFalse(run.err.contains("wove java.util.concurrent.locks.StampedLock"), run.err);
    }
}
