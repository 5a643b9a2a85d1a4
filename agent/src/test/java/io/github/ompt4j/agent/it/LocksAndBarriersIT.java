package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.agent.check.FileCheck;
import io.github.ompt4j.model.OmptState;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.StampedLock;
import org.junit.jupiter.api.Test;

/**
 * {@code java.util.concurrent}'s locks and barriers under the agent with the print tool: a
 * {@code ReentrantLock} is a nest lock whose thread is in {@code wait_lock} only while it blocks, a
 * {@code StampedLock}'s modes are locks that wait the same way; a
 * {@code CyclicBarrier} and a {@code CountDownLatch} are explicit barriers whose last arriver does not
 * wait; the locks a barrier takes inside are not reported.
 */
class LocksAndBarriersIT {
    private static final String WAIT_ID = "[0-9]+";

    private static Trace run(Class<?> program) throws Exception {
        return Trace.of("locks+barriers", List.of(), Map.of(), program);
    }

    /** Spins until {@code thread} parks: it has reached its wait. */
    static void awaitParked(Thread thread) {
        while (thread.getState() != Thread.State.WAITING && thread.getState() != Thread.State.TIMED_WAITING) {
            Thread.onSpinWait();
        }
    }

    public static final class ReentrantLocking {
        static volatile boolean holding;

        public static void main(String[] args) throws Exception {
            ReentrantLock lock = new ReentrantLock();
            lock.lock();
            Probe.state();
            lock.lock();
            lock.unlock();
            lock.unlock();
            Thread main = Thread.currentThread();
            Thread holder = new Thread(() -> {
                lock.lock();
                holding = true;
                Probe.stateOf(main, OmptState.WAIT_LOCK);
                lock.unlock();
            });
            holder.start();
            while (!holding) {
                Thread.onSpinWait();
            }
            lock.lock();
            Probe.say("got it");
            lock.unlock();
            holder.join();
        }
    }

    @Test
    void aReentrantLockIsANestLockAndWaitsOnlyWhenBlocked() throws Exception {
        Trace trace = run(ReentrantLocking.class);
        FileCheck main = new FileCheck()
                .check("[[M:1]]: ompt_event_wait_nest_lock: wait_id=[[W:" + WAIT_ID + "]], hint=0, impl=2, codeptr_ra=0x0")
                .next("[[M]]: ompt_event_acquired_nest_lock_first: wait_id=[[W]]")
                .next("[[M]]: state=ompt_state_work_serial, wait_id=0")
                .next("[[M]]: ompt_event_acquired_nest_lock_next: wait_id=[[W]]")
                .next("[[M]]: ompt_event_release_nest_lock_prev: wait_id=[[W]]")
                .next("[[M]]: ompt_event_release_nest_lock_last: wait_id=[[W]]")
                .next("[[M]]: ompt_event_wait_nest_lock: wait_id=[[W]]")
                .next("[[M]]: ompt_event_acquired_nest_lock_first: wait_id=[[W]]")
                .next("[[M]]: got it")
                .next("[[M]]: ompt_event_release_nest_lock_last: wait_id=[[W]]")
                .match(trace.thread("1"));
        String holder = programThread(trace);
        new FileCheck().define("H", holder).define("W", main.get("W"))
                .check("[[H]]: ompt_event_wait_nest_lock: wait_id=[[W]]")
                .next("[[H]]: ompt_event_acquired_nest_lock_first: wait_id=[[W]]")
                .next("[[H]]: thread 1: state=ompt_state_wait_lock, wait_id=[[W]]")
                .next("[[H]]: ompt_event_release_nest_lock_last: wait_id=[[W]]")
                .match(trace.thread(holder));
        // Exclusion: a release is reported before the unlock, so it precedes the next owner's acquisition.
        assertTrue(trace.first(holder + ": thread 1: state=ompt_state_wait_lock") < trace.first("1: got it"),
                trace.toString());
        LockTrace.assertConsistent(trace, false);
    }

    public static final class TimedTries {
        public static void main(String[] args) throws Exception {
            ReentrantLock lock = new ReentrantLock();
            CountDownLatch holding = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            Thread holder = new Thread(() -> {
                lock.lock();
                holding.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                lock.unlock();
            });
            holder.start();
            holding.await();
            Probe.say("timed out: " + !lock.tryLock(20, TimeUnit.MILLISECONDS));
            Probe.state();
            release.countDown();
            Probe.say("took it: " + lock.tryLock(10, TimeUnit.SECONDS));
            lock.unlock();
            holder.join();
        }
    }

    @Test
    void aTimedTryThatTimesOutGivesUpWithoutAnAcquisitionAndLeavesTheWait() throws Exception {
        Trace trace = Trace.of("locks", List.of(), Map.of(), TimedTries.class);
        new FileCheck()
                .check("[[M:1]]: ompt_event_wait_nest_lock: wait_id=[[W:" + WAIT_ID + "]], hint=0, impl=2, codeptr_ra=0x0")
                .next("[[M]]: timed out: true")
                .next("[[M]]: state=ompt_state_work_serial, wait_id=0")
                .next("[[M]]: ompt_event_wait_nest_lock: wait_id=[[W]]")
                .next("[[M]]: ompt_event_acquired_nest_lock_first: wait_id=[[W]]")
                .next("[[M]]: took it: true")
                .next("[[M]]: ompt_event_release_nest_lock_last: wait_id=[[W]]")
                .match(trace.thread("1"));
        assertEquals(1, trace.count("1: ompt_event_acquired_nest_lock_first"), "the timed-out try acquired nothing\n"
                + trace);
        LockTrace.assertConsistent(trace, false);
    }

    public static final class StampedLocking {
        static volatile boolean holding;

        public static void main(String[] args) throws Exception {
            StampedLock lock = new StampedLock();
            long stamp = lock.writeLock();
            Probe.state();
            Probe.say("tried read: " + lock.tryReadLock());
            lock.unlockWrite(stamp);
            lock.unlockRead(lock.tryReadLock());
            lock.asWriteLock().lock();
            lock.asWriteLock().unlock();
            Thread main = Thread.currentThread();
            Thread holder = new Thread(() -> {
                long held = lock.writeLock();
                holding = true;
                Probe.stateOf(main, OmptState.WAIT_LOCK);
                lock.unlockWrite(held);
            });
            holder.start();
            while (!holding) {
                Thread.onSpinWait();
            }
            long read = lock.readLock();
            Probe.say("got it");
            lock.unlock(read);
            holder.join();
        }
    }

    @Test
    void aStampedLocksModesAreLocksThatWaitOnlyWhenBlocked() throws Exception {
        Trace trace = run(StampedLocking.class);
        FileCheck main = new FileCheck()
                .check("[[M:1]]: ompt_event_wait_lock: wait_id=[[W:" + WAIT_ID + "]], hint=0, impl=1, codeptr_ra=0x0")
                .next("[[M]]: ompt_event_acquired_lock: wait_id=[[W]]")
                .next("[[M]]: state=ompt_state_work_serial, wait_id=0")
                .next("[[M]]: tried read: 0")
                .next("[[M]]: ompt_event_release_lock: wait_id=[[W]]")
                .next("[[M]]: ompt_event_acquired_lock: wait_id=[[W]]")
                .next("[[M]]: ompt_event_release_lock: wait_id=[[W]]")
                .next("[[M]]: ompt_event_wait_lock: wait_id=[[W]]")
                .next("[[M]]: ompt_event_acquired_lock: wait_id=[[W]]")
                .next("[[M]]: ompt_event_release_lock: wait_id=[[W]]")
                .next("[[M]]: ompt_event_wait_lock: wait_id=[[W]]")
                .next("[[M]]: ompt_event_acquired_lock: wait_id=[[W]]")
                .next("[[M]]: got it")
                .next("[[M]]: ompt_event_release_lock: wait_id=[[W]]")
                .match(trace.thread("1"));
        String holder = programThread(trace);
        new FileCheck().define("H", holder).define("W", main.get("W"))
                .check("[[H]]: ompt_event_wait_lock: wait_id=[[W]]")
                .next("[[H]]: ompt_event_acquired_lock: wait_id=[[W]]")
                .next("[[H]]: thread 1: state=ompt_state_wait_lock, wait_id=[[W]]")
                .next("[[H]]: ompt_event_release_lock: wait_id=[[W]]")
                .match(trace.thread(holder));
        assertTrue(trace.first(holder + ": thread 1: state=ompt_state_wait_lock") < trace.first("1: got it"),
                trace.toString());
        String w = "wait_id=" + main.get("W");
        assertEquals(5, trace.count("ompt_event_acquired_lock: " + w), trace.toString());
        assertEquals(5, trace.count("ompt_event_release_lock: " + w), "one release per acquisition\n" + trace);
        LockTrace.assertConsistent(trace, true);
    }

    public static final class BarrierAndLatch {
        public static void main(String[] args) throws Exception {
            CyclicBarrier barrier = new CyclicBarrier(2);
            Thread first = new Thread(() -> {
                try {
                    barrier.await();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            first.start();
            awaitParked(first);
            barrier.await();
            first.join();
            Probe.say("barrier passed");
            CountDownLatch latch = new CountDownLatch(1);
            Thread main = Thread.currentThread();
            Thread opener = new Thread(() -> {
                awaitParked(main);
                latch.countDown();
            });
            opener.start();
            latch.await();
            Probe.say("latch opened");
            latch.await();
            Probe.say("open latch passed");
            opener.join();
        }
    }

    @Test
    void barriersAreExplicitBarriersWhoseLastArriverDoesNotWait() throws Exception {
        Trace trace = run(BarrierAndLatch.class);
        String first = programThread(trace);
        new FileCheck().define("F", first)
                .check("[[F]]: ompt_event_barrier_begin: parallel_id=0x0, task_id=[[T:0x[0-9a-f]+]],"
                        + " kind=ompt_sync_region_barrier_explicit, codeptr_ra=0x0")
                .next("[[F]]: ompt_event_wait_barrier_begin: parallel_id=0x0, task_id=[[T]]")
                .next("[[F]]: ompt_event_wait_barrier_end: parallel_id=0x0, task_id=[[T]]")
                .next("[[F]]: ompt_event_barrier_end: parallel_id=0x0, task_id=[[T]]")
                .match(trace.thread(first));
        new FileCheck()
                .check("[[M:1]]: ompt_event_barrier_begin: parallel_id=0x0, task_id=[[T:0x[0-9a-f]+]],"
                        + " kind=ompt_sync_region_barrier_explicit")
                .next("[[M]]: ompt_event_barrier_end: parallel_id=0x0, task_id=[[T]]")
                .next("[[M]]: barrier passed")
                .next("[[M]]: ompt_event_barrier_begin: parallel_id=0x0, task_id=[[T]]")
                .next("[[M]]: ompt_event_wait_barrier_begin: parallel_id=0x0, task_id=[[T]]")
                .next("[[M]]: ompt_event_wait_barrier_end: parallel_id=0x0, task_id=[[T]]")
                .next("[[M]]: ompt_event_barrier_end: parallel_id=0x0, task_id=[[T]]")
                .next("[[M]]: latch opened")
                .next("[[M]]: open latch passed")
                .match(trace.thread("1"));
        assertEquals(0, trace.count("lock"), "the locks inside the barriers are theirs:\n" + trace);
    }

    /** The first thread the program started that the runtime met: an initial thread other than {@code main} (1). */
    private static String programThread(Trace trace) {
        return trace.threadsWith("ompt_event_thread_begin: thread_type=ompt_thread_initial").stream()
                .filter(t -> !t.equals("1")).findFirst().orElseThrow(() -> new AssertionError(trace.toString()));
    }
}
