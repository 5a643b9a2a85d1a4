package io.github.ompt4j.model.collector;

import static io.github.ompt4j.model.collector.CollectorErrorCode.OK;
import static io.github.ompt4j.model.collector.CollectorErrorCode.THREAD_ERR;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.github.ompt4j.model.OmptInvoker;
import io.github.ompt4j.model.OmptLockImpl;
import io.github.ompt4j.model.OmptMutexKind;
import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptSyncRegionKind;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * STATE, CURRENT_PRID and PARENT_PRID on real threads driven through {@link OmptRuntime}, asked both
 * through the typed API and through a request buffer, which must agree.
 */
class CollectorRegionsTest {

    @BeforeEach
    void start() {
        CollectorApi.resetForTests();
        assertEquals(OK, CollectorApi.start());
    }

    @AfterEach
    void reset() {
        CollectorApi.resetForTests();
    }

    /** The calling thread's state and wait ID, checked through both forms of STATE. */
    private static void assertState(CollectorState expected, long waitId) {
        CollectorStateInfo info = new CollectorStateInfo();
        assertEquals(OK, CollectorApi.state(info));
        assertEquals(expected, info.state());
        assertEquals(waitId, info.waitId(), expected + "'s wait ID");
        Batch b = new Batch(64);
        int state = b.entry(CollectorRequest.STATE, 16);
        b.end();
        assertEquals(0, b.send());
        assertEquals(OK, b.ec(state));
        assertEquals(expected.code(), b.memInt(state, 0));
        assertEquals(waitId, b.memLong(state, 8));
    }

    /** The calling thread's CURRENT_PRID, checked through both forms. */
    private static long currentPrid() {
        long[] typed = {-1};
        assertEquals(OK, CollectorApi.currentPrid(typed));
        Batch b = new Batch(64);
        int prid = b.entry(CollectorRequest.CURRENT_PRID, 8);
        b.end();
        assertEquals(0, b.send());
        assertEquals(OK, b.ec(prid));
        assertEquals(typed[0], b.memLong(prid, 0));
        return typed[0];
    }

    /** The calling thread's PARENT_PRID as "ec" or "ec id", checked through both forms. */
    private static String parentPrid() {
        long[] typed = {-1};
        CollectorErrorCode ec = CollectorApi.parentPrid(typed);
        Batch b = new Batch(64);
        int prid = b.entry(CollectorRequest.PARENT_PRID, 8);
        b.end();
        assertEquals(0, b.send());
        assertEquals(ec, b.ec(prid));
        if (ec != OK) {
            return ec.name();
        }
        assertEquals(typed[0], b.memLong(prid, 0));
        return "OK " + typed[0];
    }

    @Test
    void aThreadUnknownToTheModelIsSerialInNoRegionAndMastersNothing() throws Exception {
        Threads.run("stranger", () -> {
            assertState(CollectorState.THR_SERIAL_STATE, 0);
            assertEquals(0, currentPrid());
            assertEquals(THREAD_ERR.name(), parentPrid());
        });
    }

    @Test
    void statesFollowTheThreadThroughARegion() throws Exception {
        Threads.run("initial", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            try {
                assertState(CollectorState.THR_SERIAL_STATE, 0);
                OmptParallel region = OmptRuntime.parallelBegin(t, 1, 1, OmptInvoker.PROGRAM, 0);
                assertState(CollectorState.THR_OVHD_STATE, 0);
                OmptRuntime.implicitTaskBegin(t, region, 0);
                assertState(CollectorState.THR_WORK_STATE, 0);
                assertMutexWait(t, OmptMutexKind.LOCK, CollectorState.THR_LKWT_STATE, 11);
                assertMutexWait(t, OmptMutexKind.NEST_LOCK, CollectorState.THR_LKWT_STATE, 12);
                assertMutexWait(t, OmptMutexKind.CRITICAL, CollectorState.THR_CTWT_STATE, 13);
                assertMutexWait(t, OmptMutexKind.ATOMIC, CollectorState.THR_ATWT_STATE, 14);
                assertMutexWait(t, OmptMutexKind.ORDERED, CollectorState.THR_ODWT_STATE, 15);
                assertSyncWait(t, OmptSyncRegionKind.BARRIER_EXPLICIT, CollectorState.THR_EBAR_STATE, 16);
                assertSyncWait(t, OmptSyncRegionKind.TASKWAIT, CollectorState.THR_EBAR_STATE, 17);
                assertSyncWait(t, OmptSyncRegionKind.TASKGROUP, CollectorState.THR_EBAR_STATE, 18);
                assertSyncWait(t, OmptSyncRegionKind.BARRIER_IMPLICIT_WORKSHARE, CollectorState.THR_IBAR_STATE, 19);
                OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.REDUCTION, 0);
                assertState(CollectorState.THR_REDUC_STATE, 0);
                OmptRuntime.syncRegionEnd(t);
                assertSyncWait(t, OmptSyncRegionKind.BARRIER_IMPLICIT_PARALLEL, CollectorState.THR_IBAR_STATE, 21);
                OmptRuntime.implicitTaskEnd(t);
                OmptRuntime.parallelEnd(t, region);
                assertState(CollectorState.THR_SERIAL_STATE, 0);
            } finally {
                OmptRuntime.threadEnd(t);
            }
            assertState(CollectorState.THR_SERIAL_STATE, 0);
        });
        Threads.run("worker", () -> {
            OmptThread w = OmptRuntime.threadBegin(OmptThreadType.WORKER);
            try {
                assertState(CollectorState.THR_IDLE_STATE, 0);
                OmptRuntime.idleEnd(w);
                assertState(CollectorState.THR_OVHD_STATE, 0);
            } finally {
                OmptRuntime.threadEnd(w);
            }
        });
    }

    private static void assertMutexWait(OmptThread t, OmptMutexKind kind, CollectorState state, long waitId) {
        OmptRuntime.mutexAcquire(t, kind, waitId, 0, OmptLockImpl.OMP_LOCK.code(), 0, true);
        assertState(state, waitId);
        OmptRuntime.mutexAcquired(t, kind, waitId);
        assertState(CollectorState.THR_WORK_STATE, 0);
        OmptRuntime.mutexReleased(t, kind, waitId, 0);
    }

    private static void assertSyncWait(OmptThread t, OmptSyncRegionKind kind, CollectorState state, long waitId) {
        OmptRuntime.syncRegionBegin(t, kind, 0);
        OmptRuntime.syncWaitBegin(t, waitId);
        assertState(state, waitId);
        OmptRuntime.syncWaitEnd(t);
        OmptRuntime.syncRegionEnd(t);
        assertState(CollectorState.THR_WORK_STATE, 0);
    }

    /**
     * The initial thread forks region A (team of 2); A's thread 1 forks a nested region B (team of
     * 2), whose thread 1 is a third thread. Each asks while the others hold their places.
     */
    @Test
    void parentPridAnswersTheMasterOfANestedRegionAndRefusesOtherThreads() throws Exception {
        List<String> answers = new ArrayList<>();
        Threads.run("initial", () -> {
            OmptThread main = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            try {
                assertEquals("THREAD_ERR", parentPrid(), "serial: no team");
                OmptParallel a = OmptRuntime.parallelBegin(main, 2, 2, OmptInvoker.PROGRAM, 0);
                OmptRuntime.implicitTaskBegin(main, a, 0);
                assertEquals(a.id(), currentPrid());
                assertEquals("OK 0", parentPrid(), "master of an outermost region");
                AtomicReference<Throwable> failure = new AtomicReference<>();
                Thread a1 = Threads.start("a1", () -> {
                    OmptThread w = OmptRuntime.threadBegin(OmptThreadType.WORKER);
                    try {
                        assertEquals(0, currentPrid(), "idle");
                        assertEquals("THREAD_ERR", parentPrid(), "idle: in no team");
                        OmptRuntime.idleEnd(w);
                        OmptRuntime.implicitTaskBegin(w, a, 1);
                        assertEquals(a.id(), currentPrid());
                        assertEquals("THREAD_ERR", parentPrid(), "thread 1 of A is no master");
                        OmptParallel b = OmptRuntime.parallelBegin(w, 2, 2, OmptInvoker.PROGRAM, 0);
                        OmptRuntime.implicitTaskBegin(w, b, 0);
                        CountDownLatch b1Asked = new CountDownLatch(1);
                        Thread b1 = Threads.start("b1", () -> {
                            OmptThread x = OmptRuntime.threadBegin(OmptThreadType.WORKER);
                            try {
                                OmptRuntime.idleEnd(x);
                                OmptRuntime.implicitTaskBegin(x, b, 1);
                                assertEquals(b.id(), currentPrid());
                                synchronized (answers) {
                                    answers.add("b1 " + parentPrid());
                                }
                                b1Asked.countDown();
                                OmptRuntime.implicitTaskEnd(x);
                            } finally {
                                OmptRuntime.threadEnd(x);
                            }
                        }, failure);
                        b1Asked.await();
                        assertEquals(b.id(), currentPrid());
                        synchronized (answers) {
                            answers.add("b0 " + parentPrid().replace(Long.toString(a.id()), "A"));
                        }
                        Threads.join(b1, failure);
                        OmptRuntime.implicitTaskEnd(w);
                        OmptRuntime.parallelEnd(w, b);
                        assertEquals(a.id(), currentPrid(), "back in A after the join");
                        OmptRuntime.implicitTaskEnd(w);
                        assertEquals(0, currentPrid(), "idle again");
                    } finally {
                        OmptRuntime.threadEnd(w);
                    }
                }, failure);
                Threads.join(a1, failure);
                OmptRuntime.implicitTaskEnd(main);
                OmptRuntime.parallelEnd(main, a);
                assertEquals(0, currentPrid());
            } finally {
                OmptRuntime.threadEnd(main);
            }
        });
        assertEquals(List.of("b1 THREAD_ERR", "b0 OK A"), answers);
    }

    @Test
    void aForkCallbackSeesTheNewRegionAndTheOneItWasForkedFrom() throws Exception {
        // The callback records what it saw; the runtime catches a callback's exceptions, so assertions
        // made inside it could not fail the test.
        List<String> seen = new ArrayList<>();
        CollectorCallback onFork = event -> {
            long[] current = {-1};
            long[] parent = {-1};
            CollectorStateInfo info = new CollectorStateInfo();
            seen.add(Thread.currentThread().getName() + " " + CollectorApi.currentPrid(current) + " " + current[0]
                    + " " + CollectorApi.parentPrid(parent) + " " + parent[0] + " " + CollectorApi.state(info) + " "
                    + info.state());
        };
        assertEquals(OK, CollectorApi.register(CollectorEvent.FORK, onFork));
        long[] ids = new long[2];
        Threads.run("initial", () -> {
            OmptThread main = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            try {
                OmptParallel a = OmptRuntime.parallelBegin(main, 2, 2, OmptInvoker.PROGRAM, 0);
                ids[0] = a.id();
                assertEquals(0, currentPrid(), "the master enters A with its implicit task, not at the fork");
                OmptRuntime.implicitTaskBegin(main, a, 0);
                Threads.run("a1", () -> {
                    OmptThread w = OmptRuntime.threadBegin(OmptThreadType.WORKER);
                    try {
                        OmptRuntime.idleEnd(w);
                        OmptRuntime.implicitTaskBegin(w, a, 1);
                        OmptParallel b = OmptRuntime.parallelBegin(w, 1, 1, OmptInvoker.PROGRAM, 0);
                        ids[1] = b.id();
                        OmptRuntime.parallelEnd(w, b);
                        OmptRuntime.implicitTaskEnd(w);
                    } finally {
                        OmptRuntime.threadEnd(w);
                    }
                });
                OmptRuntime.implicitTaskEnd(main);
                OmptRuntime.parallelEnd(main, a);
            } finally {
                OmptRuntime.threadEnd(main);
            }
        });
        assertNotEquals(0, ids[0]);
        assertEquals(List.of("initial OK " + ids[0] + " OK 0 OK THR_OVHD_STATE",
                "a1 OK " + ids[1] + " OK " + ids[0] + " OK THR_OVHD_STATE"),
                seen, "thread 1 of A is the master of the team it forks");
    }

    /**
     * THR_BEGIN_EBAR and THR_BEGIN_IBAR come as a member enters the barrier, before any wait: inside
     * their callbacks STATE answers the barrier's state with the barrier's ID (its region), whether or
     * not the member will wait, and the master's PARENT_PRID is what it is in the region. Thread 1
     * arrives at each barrier and waits; the master arrives last and does not.
     */
    @Test
    void aBarrierCallbackSeesTheBarriersStateAndTheRegionsParent() throws Exception {
        List<String> seen = new ArrayList<>();
        CollectorCallback onBarrier = event -> {
            long[] parent = {-1};
            CollectorStateInfo info = new CollectorStateInfo();
            CollectorErrorCode stateEc = CollectorApi.state(info);
            CollectorErrorCode parentEc = CollectorApi.parentPrid(parent);
            synchronized (seen) {
                seen.add(Thread.currentThread().getName() + " " + event + " " + stateEc + " " + info.state() + " "
                        + info.waitId() + " " + parentEc + " " + parent[0]);
            }
        };
        assertEquals(OK, CollectorApi.register(CollectorEvent.THR_BEGIN_EBAR, onBarrier));
        assertEquals(OK, CollectorApi.register(CollectorEvent.THR_BEGIN_IBAR, onBarrier));
        long[] id = new long[1];
        Threads.run("initial", () -> {
            OmptThread main = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            try {
                OmptParallel a = OmptRuntime.parallelBegin(main, 2, 2, OmptInvoker.PROGRAM, 0);
                id[0] = a.id();
                OmptRuntime.implicitTaskBegin(main, a, 0);
                AtomicReference<Throwable> failure = new AtomicReference<>();
                CountDownLatch[] arrived = {new CountDownLatch(1), new CountDownLatch(1)};
                CountDownLatch[] released = {new CountDownLatch(1), new CountDownLatch(1)};
                Thread a1 = Threads.start("a1", () -> {
                    OmptThread w = OmptRuntime.threadBegin(OmptThreadType.WORKER);
                    try {
                        OmptRuntime.idleEnd(w);
                        OmptRuntime.implicitTaskBegin(w, a, 1);
                        OmptSyncRegionKind[] kinds = {OmptSyncRegionKind.BARRIER_EXPLICIT,
                            OmptSyncRegionKind.BARRIER_IMPLICIT_PARALLEL};
                        for (int i = 0; i < 2; i++) {
                            OmptRuntime.syncRegionBegin(w, kinds[i], 0);
                            OmptRuntime.syncWaitBegin(w, a.id());
                            arrived[i].countDown();
                            released[i].await();
                            OmptRuntime.syncWaitEnd(w);
                            OmptRuntime.syncRegionEnd(w);
                        }
                        OmptRuntime.implicitTaskEnd(w);
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    } finally {
                        OmptRuntime.threadEnd(w);
                    }
                }, failure);
                arrived[0].await();
                OmptRuntime.syncRegionBegin(main, OmptSyncRegionKind.BARRIER_EXPLICIT, 0);
                OmptRuntime.syncRegionEnd(main);
                released[0].countDown();
                arrived[1].await();
                OmptRuntime.syncRegionBegin(main, OmptSyncRegionKind.BARRIER_IMPLICIT_PARALLEL, 0);
                OmptRuntime.syncRegionEnd(main);
                released[1].countDown();
                Threads.join(a1, failure);
                OmptRuntime.implicitTaskEnd(main);
                OmptRuntime.parallelEnd(main, a);
            } finally {
                OmptRuntime.threadEnd(main);
            }
        });
        long a = id[0];
        assertEquals(List.of(
                "a1 THR_BEGIN_EBAR OK THR_EBAR_STATE " + a + " THREAD_ERR -1",
                "initial THR_BEGIN_EBAR OK THR_EBAR_STATE " + a + " OK 0",
                "a1 THR_BEGIN_IBAR OK THR_IBAR_STATE " + a + " THREAD_ERR -1",
                "initial THR_BEGIN_IBAR OK THR_IBAR_STATE " + a + " OK 0"), seen);
    }
}
