package io.github.ompt4j.model.collector;

import static io.github.ompt4j.model.collector.CollectorErrorCode.OK;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ompt4j.model.OmptInvoker;
import io.github.ompt4j.model.OmptLockImpl;
import io.github.ompt4j.model.OmptMutexKind;
import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptSyncRegionKind;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import io.github.ompt4j.model.OmptWorkType;
import io.github.ompt4j.model.ToolFailures;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * OMPT events, produced by driving the model through {@link OmptRuntime} on real threads, reach the
 * collector as the mapping says: in order, on the thread where they happen.
 */
class CollectorEventsTest {

    @BeforeEach
    void start() {
        CollectorApi.resetForTests();
        assertEquals(OK, CollectorApi.start());
    }

    @AfterEach
    void reset() {
        CollectorApi.resetForTests();
    }

    /** A mutex wait that ends with the mutex acquired, then its release. */
    private static void acquireAndRelease(OmptThread t, OmptMutexKind kind, long waitId) {
        OmptRuntime.mutexAcquire(t, kind, waitId, 0, OmptLockImpl.OMP_LOCK.code(), 0, true);
        OmptRuntime.mutexAcquired(t, kind, waitId);
        OmptRuntime.mutexReleased(t, kind, waitId, 0);
    }

    /** A whole synchronization region with a wait in it. */
    private static void syncRegion(OmptThread t, OmptSyncRegionKind kind, long waitId) {
        OmptRuntime.syncRegionBegin(t, kind, 0);
        OmptRuntime.syncWaitBegin(t, waitId);
        OmptRuntime.syncWaitEnd(t);
        OmptRuntime.syncRegionEnd(t);
    }

    @Test
    void everyMappingDeliversItsEventsInOrderOnTheirThread() throws Exception {
        EventLog log = new EventLog().registerAll();
        Threads.run("master", () -> {
            OmptThread m = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            try {
                OmptParallel region = OmptRuntime.parallelBegin(m, 2, 2, OmptInvoker.PROGRAM, 0);
                AtomicReference<Throwable> failure = new AtomicReference<>();
                Thread worker = Threads.start("worker", () -> runWorker(region), failure);
                OmptRuntime.implicitTaskBegin(m, region, 0);
                OmptRuntime.masterBegin(m, 0);
                OmptRuntime.masterEnd(m);
                OmptRuntime.worksharingBegin(m, OmptWorkType.SINGLE, 1, 0);
                OmptRuntime.worksharingEnd(m, OmptWorkType.SINGLE, 1);
                syncRegion(m, OmptSyncRegionKind.BARRIER_EXPLICIT, 21);
                acquireAndRelease(m, OmptMutexKind.LOCK, 22);
                acquireAndRelease(m, OmptMutexKind.CRITICAL, 23);
                acquireAndRelease(m, OmptMutexKind.ATOMIC, 24);
                acquireAndRelease(m, OmptMutexKind.ORDERED, 25);
                Threads.join(worker, failure);
                syncRegion(m, OmptSyncRegionKind.BARRIER_IMPLICIT_PARALLEL, 26);
                OmptRuntime.implicitTaskEnd(m);
                OmptRuntime.parallelEnd(m, region);
            } finally {
                OmptRuntime.threadEnd(m);
            }
        });
        assertEquals(List.of("FORK", "THR_BEGIN_MASTER", "THR_END_MASTER", "THR_BEGIN_SINGLE", "THR_END_SINGLE",
                "THR_BEGIN_EBAR", "THR_END_EBAR", "THR_BEGIN_LKWT", "THR_END_LKWT", "THR_BEGIN_CTWT", "THR_END_CTWT",
                "THR_BEGIN_ATWT", "THR_END_ATWT", "THR_BEGIN_ODWT", "THR_END_ODWT", "THR_BEGIN_ORDERED",
                "THR_END_ORDERED", "THR_BEGIN_IBAR", "THR_END_IBAR", "JOIN"), log.on("master"));
        assertEquals(List.of("THR_END_IDLE", "THR_BEGIN_IBAR", "THR_END_IBAR", "THR_BEGIN_IBAR", "THR_END_IBAR",
                "THR_BEGIN_LKWT", "THR_END_LKWT", "THR_BEGIN_IDLE"), log.on("worker"));
        assertEquals(28, log.lines().size(), "no event ran on another thread");
    }

    /** Thread 1 of {@code region}: constructs that carry no collector event sit between those that do. */
    private static void runWorker(OmptParallel region) {
        OmptThread w = OmptRuntime.threadBegin(OmptThreadType.WORKER);
        try {
            OmptRuntime.idleEnd(w);
            OmptRuntime.implicitTaskBegin(w, region, 1);
            OmptRuntime.worksharingBegin(w, OmptWorkType.SINGLE_OTHER, 1, 0);
            OmptRuntime.worksharingEnd(w, OmptWorkType.SINGLE_OTHER, 1);
            OmptRuntime.worksharingBegin(w, OmptWorkType.LOOP_STATIC, 100, 0);
            syncRegion(w, OmptSyncRegionKind.BARRIER_IMPLICIT_WORKSHARE, 31);
            OmptRuntime.worksharingEnd(w, OmptWorkType.LOOP_STATIC, 100);
            syncRegion(w, OmptSyncRegionKind.BARRIER, 32);
            OmptRuntime.mutexAcquire(w, OmptMutexKind.NEST_LOCK, 33, 0, OmptLockImpl.OMP_LOCK.code(), 0, true);
            OmptRuntime.mutexAcquired(w, OmptMutexKind.NEST_LOCK, 33);
            OmptRuntime.nestLockAcquiredNext(w, 33, 0);
            OmptRuntime.nestLockReleasedPrev(w, 33, 0);
            OmptRuntime.mutexReleased(w, OmptMutexKind.NEST_LOCK, 33, 0);
            syncRegion(w, OmptSyncRegionKind.TASKWAIT, 34);
            syncRegion(w, OmptSyncRegionKind.TASKGROUP, 35);
            syncRegion(w, OmptSyncRegionKind.REDUCTION, 36);
            OmptRuntime.implicitTaskEnd(w);
            OmptRuntime.idleBegin(w);
        } finally {
            OmptRuntime.threadEnd(w);
        }
    }

    @Test
    void eventsDuringAPauseAreDroppedAndResumeRestoresThem() throws Exception {
        EventLog log = new EventLog();
        assertEquals(OK, CollectorApi.register(CollectorEvent.FORK, log));
        assertEquals(OK, CollectorApi.register(CollectorEvent.JOIN, log));
        Threads.run("initial", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            try {
                OmptRuntime.parallelEnd(t, OmptRuntime.parallelBegin(t, 1, 1, OmptInvoker.PROGRAM, 0));
                assertEquals(OK, CollectorApi.pause());
                OmptRuntime.parallelEnd(t, OmptRuntime.parallelBegin(t, 1, 1, OmptInvoker.PROGRAM, 0));
                assertEquals(OK, CollectorApi.register(CollectorEvent.THR_BEGIN_MASTER, log));
                assertEquals(OK, CollectorApi.unregister(CollectorEvent.JOIN));
                assertEquals(List.of("initial: FORK", "initial: JOIN"), log.lines(), "nothing while paused");
                assertEquals(OK, CollectorApi.resume());
                OmptParallel region = OmptRuntime.parallelBegin(t, 1, 1, OmptInvoker.PROGRAM, 0);
                OmptRuntime.implicitTaskBegin(t, region, 0);
                OmptRuntime.masterBegin(t, 0);
                OmptRuntime.implicitTaskEnd(t);
                OmptRuntime.parallelEnd(t, region);
            } finally {
                OmptRuntime.threadEnd(t);
            }
        });
        assertEquals(List.of("initial: FORK", "initial: JOIN", "initial: FORK", "initial: THR_BEGIN_MASTER"),
                log.lines(), "after RESUME, the registrations made while paused count, and nothing was remembered");
    }

    @Test
    void aNewRegistrationReplacesTheOldAndStopCancelsAll() throws Exception {
        EventLog first = new EventLog();
        EventLog second = new EventLog();
        assertEquals(OK, CollectorApi.register(CollectorEvent.THR_BEGIN_IDLE, first));
        assertEquals(OK, CollectorApi.register(CollectorEvent.THR_BEGIN_IDLE, second));
        Threads.run("worker", () -> {
            OmptThread w = OmptRuntime.threadBegin(OmptThreadType.WORKER);
            try {
                OmptRuntime.idleBegin(w);
                assertEquals(OK, CollectorApi.stop());
                OmptRuntime.idleBegin(w);
                assertEquals(OK, CollectorApi.start());
                OmptRuntime.idleBegin(w);
            } finally {
                OmptRuntime.threadEnd(w);
            }
        });
        assertEquals(List.of(), first.lines());
        assertEquals(List.of("worker: THR_BEGIN_IDLE"), second.lines());
    }

    @Test
    void aCallbacksExceptionIsContainedCountedAndDoesNotHideTheNextEvent() throws Exception {
        EventLog log = new EventLog();
        CollectorCallback broken = event -> {
            throw new IllegalStateException("collector bug, on purpose");
        };
        assertEquals(OK, CollectorApi.register(CollectorEvent.THR_END_ODWT, broken));
        assertEquals(OK, CollectorApi.register(CollectorEvent.THR_BEGIN_ORDERED, log));
        assertEquals(OK, CollectorApi.register(CollectorEvent.FORK, broken));
        long before = ToolFailures.total();
        Threads.run("team", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            try {
                OmptParallel region = OmptRuntime.parallelBegin(t, 1, 1, OmptInvoker.PROGRAM, 0);
                long[] prid = {-1};
                assertEquals(OK, CollectorApi.currentPrid(prid));
                assertEquals(0, prid[0], "the FORK scope ended although its callback threw");
                OmptRuntime.implicitTaskBegin(t, region, 0);
                acquireAndRelease(t, OmptMutexKind.ORDERED, 7);
                OmptRuntime.implicitTaskEnd(t);
                OmptRuntime.parallelEnd(t, region);
            } finally {
                OmptRuntime.threadEnd(t);
            }
        });
        assertEquals(List.of("team: THR_BEGIN_ORDERED"), log.lines());
        assertEquals(2, ToolFailures.total() - before);
    }
}
