package io.github.ompt4j.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Inquiry at several levels, across threads: the initial thread forks region A (team of 2); its
 * worker forks a nested region B (team of 3) with two more threads. Each member asks about its
 * ancestors while the others hold their places.
 */
class InquiryTest {

    @Test
    void anUnknownThreadHasNoIdNoRegionsNoTasksAndIsUndefined() throws Exception {
        OnThread.run("stranger", () -> {
            assertEquals(0, OmptInquiry.threadId());
            long[] wait = {-1};
            assertEquals(OmptState.UNDEFINED.code(), OmptInquiry.state(wait));
            assertEquals(0, wait[0]);
            assertEquals(0, OmptInquiry.parallelId(0));
            assertEquals(-1, OmptInquiry.parallelTeamSize(0));
            assertFalse(OmptInquiry.taskInfo(0, new OmptTaskInfo()));
        });
    }

    @Test
    void theInitialThreadOutsideRegionsRunsItsInitialTaskSerially() throws Exception {
        OnThread.run("main-like", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            try {
                assertEquals(t.id(), OmptInquiry.threadId());
                assertNotEquals(0, t.id());
                assertEquals(OmptState.WORK_SERIAL.code(), OmptInquiry.state(null));
                assertEquals(0, OmptInquiry.parallelId(0));
                assertEquals(-1, OmptInquiry.parallelTeamSize(0));
                OmptTaskInfo info = new OmptTaskInfo();
                assertTrue(OmptInquiry.taskInfo(0, info));
                assertEquals(OmptTaskType.INITIAL, info.type());
                assertEquals(0, info.parallelId());
                assertNotEquals(0, info.taskId());
                assertFalse(OmptInquiry.taskInfo(1, info));
                assertTrue(OmptInquiry.taskInfo(0, null), "a null out-parameter is allowed");
            } finally {
                OmptRuntime.threadEnd(t);
            }
            assertEquals(0, OmptInquiry.threadId(), "an ended thread is forgotten");
        });
    }

    @Test
    void nestedRegionsAnswerAtEveryAncestorLevelFromEveryMember() throws Exception {
        List<String> seen = new ArrayList<>();
        OnThread.run("initial", () -> {
            OmptThread main = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            OmptTask initialTask = main.currentTask();
            OmptParallel a = OmptRuntime.parallelBegin(main, 2, 2, OmptInvoker.PROGRAM, 0);
            OmptRuntime.implicitTaskBegin(main, a, 0);
            CountDownLatch innerDone = new CountDownLatch(1);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread worker = OnThread.start("worker-a1", () -> {
                OmptThread w = OmptRuntime.threadBegin(OmptThreadType.WORKER);
                OmptRuntime.idleEnd(w);
                OmptTask implicitA1 = OmptRuntime.implicitTaskBegin(w, a, 1);
                OmptParallel b = OmptRuntime.parallelBegin(w, 3, 3, OmptInvoker.PROGRAM, 0);
                OmptRuntime.implicitTaskBegin(w, b, 0);
                List<Thread> inner = new ArrayList<>();
                for (int n = 1; n <= 2; n++) {
                    int threadNum = n;
                    inner.add(OnThread.start("worker-b" + n, () -> {
                        OmptThread x = OmptRuntime.threadBegin(OmptThreadType.WORKER);
                        OmptRuntime.idleEnd(x);
                        OmptTask mine = OmptRuntime.implicitTaskBegin(x, b, threadNum);
                        assertEquals(b.id(), OmptInquiry.parallelId(0));
                        assertEquals(a.id(), OmptInquiry.parallelId(1));
                        assertEquals(0, OmptInquiry.parallelId(2));
                        assertEquals(3, OmptInquiry.parallelTeamSize(0));
                        assertEquals(2, OmptInquiry.parallelTeamSize(1));
                        assertEquals(-1, OmptInquiry.parallelTeamSize(2));
                        OmptTaskInfo info = new OmptTaskInfo();
                        assertTrue(OmptInquiry.taskInfo(0, info));
                        assertEquals(mine.id(), info.taskId());
                        assertEquals(OmptTaskType.IMPLICIT, info.type());
                        assertEquals(b.id(), info.parallelId());
                        assertTrue(OmptInquiry.taskInfo(1, info), "the parent runs on another thread");
                        assertEquals(implicitA1.id(), info.taskId());
                        assertEquals(a.id(), info.parallelId());
                        assertTrue(OmptInquiry.taskInfo(2, info));
                        assertEquals(initialTask.id(), info.taskId());
                        assertEquals(OmptTaskType.INITIAL, info.type());
                        assertFalse(OmptInquiry.taskInfo(3, info));
                        assertEquals(threadNum, x.threadNum());
                        synchronized (seen) {
                            seen.add("b" + threadNum);
                        }
                        OmptRuntime.implicitTaskEnd(x);
                        assertEquals(OmptState.IDLE.code(), OmptInquiry.state(null));
                        assertEquals(0, OmptInquiry.parallelId(0), "an idle thread is in no region");
                        OmptRuntime.threadEnd(x);
                    }, failure));
                }
                for (Thread t : inner) {
                    t.join();
                }
                assertEquals(b.id(), OmptInquiry.parallelId(0));
                assertEquals(a.id(), OmptInquiry.parallelId(1));
                OmptRuntime.implicitTaskEnd(w);
                OmptRuntime.parallelEnd(w, b);
                assertEquals(a.id(), OmptInquiry.parallelId(0), "back in the outer region");
                assertEquals(2, OmptInquiry.parallelTeamSize(0));
                assertEquals(1, w.threadNum());
                assertSame(implicitA1, w.currentTask());
                innerDone.countDown();
                OmptRuntime.implicitTaskEnd(w);
                OmptRuntime.threadEnd(w);
            }, failure);
            innerDone.await();
            worker.join();
            OnThread.rethrow(failure);
            assertEquals(a.id(), OmptInquiry.parallelId(0));
            assertEquals(0, OmptInquiry.parallelId(1));
            OmptRuntime.implicitTaskEnd(main);
            OmptRuntime.parallelEnd(main, a);
            assertEquals(OmptState.WORK_SERIAL.code(), OmptInquiry.state(null));
            assertSame(initialTask, main.currentTask());
            OmptRuntime.threadEnd(main);
        });
        assertEquals(List.of("b1", "b2"), seen.stream().sorted().toList());
    }

    @Test
    void aWaitingThreadReportsItsWaitStateAndWaitIdAndAnotherThreadCanSeeThem() throws Exception {
        OnThread.run("waiter", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            long lock = t.nextId();
            OmptRuntime.mutexAcquire(t, OmptMutexKind.CRITICAL, lock, 0, OmptLockImpl.OMP_CRITICAL.code(), 0, true);
            long[] wait = new long[1];
            assertEquals(OmptState.WAIT_CRITICAL.code(), OmptInquiry.state(wait));
            assertEquals(lock, wait[0]);
            AtomicReference<OmptState> fromOutside = new AtomicReference<>();
            AtomicReference<Long> waitFromOutside = new AtomicReference<>();
            Thread me = Thread.currentThread();
            Thread observer = new Thread(() -> {
                OmptThread seen = OmptThreads.of(me);
                fromOutside.set(seen.state());
                waitFromOutside.set(seen.waitId());
            });
            observer.start();
            observer.join();
            assertEquals(OmptState.WAIT_CRITICAL, fromOutside.get());
            assertEquals(lock, waitFromOutside.get());
            OmptRuntime.mutexAcquired(t, OmptMutexKind.CRITICAL, lock);
            assertEquals(OmptState.WORK_SERIAL.code(), OmptInquiry.state(wait));
            assertEquals(0, wait[0], "no wait ID outside a wait state");
            OmptRuntime.threadEnd(t);
        });
    }

    @Test
    void statesEnumerateFromFirstToTheLastReportedState() {
        int[] next = {OmptState.FIRST.code()};
        String[] name = new String[1];
        List<String> names = new ArrayList<>();
        while (OmptInquiry.enumerateState(next[0], next, name) == 1) {
            names.add(name[0]);
            assertSame(OmptState.ofCode(next[0]).ompName(), name[0]);
        }
        assertEquals(14, names.size());
        assertEquals("ompt_state_work_serial", names.get(0));
        assertEquals("ompt_state_undefined", names.get(names.size() - 1));
        assertFalse(names.contains("ompt_state_wait_target"), "target waits never happen in a JVM");
        assertFalse(names.contains("ompt_state_first"));
        assertEquals(0, OmptInquiry.enumerateState(0x61, next, name), "an unknown state ends the enumeration");
    }

    @Test
    void lockAndAtomicTypesEnumerateFromTheirPlaceholders() {
        int[] next = {OmptLockImpl.FIRST.code()};
        String[] name = new String[1];
        List<String> locks = new ArrayList<>();
        while (OmptInquiry.enumerateLockTypes(next[0], next, name) == 1) {
            locks.add(name[0]);
        }
        assertEquals(OmptLockImpl.values().length - 1, locks.size());
        assertEquals("ompt_lock_impl_omp_lock", locks.get(0));
        next[0] = OmptAtomicType.FIRST.code();
        List<String> atomics = new ArrayList<>();
        while (OmptInquiry.enumerateAtomicTypes(next[0], next, name) == 1) {
            atomics.add(name[0]);
        }
        assertEquals(List.of("ompt_atomic_type_lock", "ompt_atomic_type_cas_retry"), atomics);
    }

    @Test
    void theRegistryFindsThreadsFromOutsideAndForgetsThemWhenTheyEnd() throws Exception {
        AtomicReference<OmptThread> attached = new AtomicReference<>();
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread t = new Thread(() -> {
            attached.set(OmptThreads.attach(OmptThreadType.OTHER));
            inside.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "lives-briefly");
        t.start();
        inside.await();
        assertTrue(OmptThreads.live().contains(attached.get()));
        assertSame(attached.get(), OmptThreads.of(t));
        release.countDown();
        t.join();
        assertFalse(OmptThreads.live().contains(attached.get()), "a dead thread that never detached is expunged");
    }

    @Test
    void aThreadWhoseThreadLocalsWereClearedIsFoundAgainThroughTheRegistry() throws Exception {
        OnThread.run("cleared", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.WORKER);
            OmptThreads.CURRENT.remove();
            java.util.Arrays.fill(OmptThreads.RECENT, null);
            assertSame(t, OmptThreads.current());
            assertEquals(t.id(), OmptInquiry.threadId());
            OmptRuntime.threadEnd(t);
        });
    }

    @Test
    void aThreadNeverTakesTheDataAnotherThreadLeftInItsFastLookupSlot() throws Exception {
        OmptThread[] other = new OmptThread[1];
        OnThread.run("other", () -> other[0] = OmptRuntime.threadBegin(OmptThreadType.WORKER));
        OnThread.run("me", () -> {
            OmptThread mine = OmptRuntime.threadBegin(OmptThreadType.WORKER);
            java.util.Arrays.fill(OmptThreads.RECENT, other[0]);
            assertSame(mine, OmptThreads.current());
            assertSame(mine, OmptThreads.current(), "and from its slot, once claimed");
            OmptRuntime.threadEnd(mine);
            assertNull(OmptThreads.current(), "an ended thread is found nowhere, its slot included");
            java.util.Arrays.fill(OmptThreads.RECENT, null);
        });
    }
}
