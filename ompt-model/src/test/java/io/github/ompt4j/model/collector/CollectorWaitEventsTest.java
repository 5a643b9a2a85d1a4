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
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The barrier and wait events as the header defines their states, seen by a collector that talks to
 * the runtime through request buffers in native order, with the header's numbers: a barrier's events
 * on every member, a wait's only when there was one, and never an end without its begin.
 */
class CollectorWaitEventsTest {
    /** The header's {@code OMP_EVENT_FORK} to {@code OMP_EVENT_THR_END_ATWT}. */
    private static final int FIRST_EVENT = 1;
    private static final int LAST_EVENT = 22;

    private final EventLog log = new EventLog();

    @BeforeEach
    void start() {
        CollectorApi.resetForTests();
        Batch b = new Batch(512);
        int start = b.entry(16, 0);
        b.end();
        assertEquals(0, b.send());
        assertEquals(OK, b.ec(start));
    }

    @AfterEach
    void reset() {
        CollectorApi.resetForTests();
    }

    /** REGISTER the log for events {@code first} to {@code last}, in one buffer. */
    private void register(int first, int last) {
        Batch b = new Batch(32 * (last - first + 1) + 4);
        long handle = CollectorApi.handle(log);
        int[] entries = new int[last - first + 1];
        for (int event = first; event <= last; event++) {
            entries[event - first] = b.register(event, handle);
        }
        b.end();
        assertEquals(0, b.send());
        for (int entry : entries) {
            assertEquals(OK, b.ec(entry));
        }
    }

    private static void send(int request) {
        Batch b = new Batch(64);
        int entry = b.entry(16, request);
        b.end();
        assertEquals(0, b.send());
        assertEquals(OK, b.ec(entry));
    }

    /** A barrier of {@code kind}, waiting in it or, as its last member to arrive does, not. */
    private static void barrier(OmptThread t, OmptSyncRegionKind kind, boolean waits) {
        OmptRuntime.syncRegionBegin(t, kind, 0);
        if (waits) {
            OmptRuntime.syncWaitBegin(t, t.currentTask().parallelId());
            OmptRuntime.syncWaitEnd(t);
        }
        OmptRuntime.syncRegionEnd(t);
    }

    @Test
    void everyMemberEntersAndLeavesEachBarrierTheLastToArriveToo() throws Exception {
        register(FIRST_EVENT, LAST_EVENT);
        Threads.run("master", () -> {
            OmptThread m = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            try {
                OmptParallel region = OmptRuntime.parallelBegin(m, 2, 2, OmptInvoker.PROGRAM, 0);
                AtomicReference<Throwable> failure = new AtomicReference<>();
                Thread worker = Threads.start("worker", () -> {
                    OmptThread w = OmptRuntime.threadBegin(OmptThreadType.WORKER);
                    try {
                        OmptRuntime.idleEnd(w);
                        OmptRuntime.implicitTaskBegin(w, region, 1);
                        barrier(w, OmptSyncRegionKind.BARRIER_EXPLICIT, false);
                        barrier(w, OmptSyncRegionKind.BARRIER_IMPLICIT_WORKSHARE, true);
                        barrier(w, OmptSyncRegionKind.BARRIER_IMPLICIT_PARALLEL, false);
                        OmptRuntime.implicitTaskEnd(w);
                    } finally {
                        OmptRuntime.threadEnd(w);
                    }
                }, failure);
                OmptRuntime.implicitTaskBegin(m, region, 0);
                barrier(m, OmptSyncRegionKind.BARRIER_EXPLICIT, true);
                barrier(m, OmptSyncRegionKind.BARRIER_IMPLICIT_WORKSHARE, false);
                Threads.join(worker, failure);
                barrier(m, OmptSyncRegionKind.BARRIER_IMPLICIT_PARALLEL, true);
                OmptRuntime.implicitTaskEnd(m);
                OmptRuntime.parallelEnd(m, region);
            } finally {
                OmptRuntime.threadEnd(m);
            }
        });
        assertEquals(List.of("FORK", "THR_BEGIN_EBAR", "THR_END_EBAR", "THR_BEGIN_IBAR", "THR_END_IBAR",
                "THR_BEGIN_IBAR", "THR_END_IBAR", "JOIN"), log.on("master"));
        assertEquals(List.of("THR_END_IDLE", "THR_BEGIN_EBAR", "THR_END_EBAR", "THR_BEGIN_IBAR", "THR_END_IBAR",
                "THR_BEGIN_IBAR", "THR_END_IBAR"), log.on("worker"), "the worker, last at two of the barriers");
    }

    /** An acquisition of a mutex of {@code kind}, then its release. */
    private static void acquire(OmptThread t, OmptMutexKind kind, long waitId, boolean contended) {
        OmptRuntime.mutexAcquire(t, kind, waitId, 0, OmptLockImpl.OMP_LOCK.code(), 0, contended);
        OmptRuntime.mutexAcquired(t, kind, waitId);
        OmptRuntime.mutexReleased(t, kind, waitId, 0);
    }

    @Test
    void aLockCriticalOrAtomicWaitIsReportedOnlyWhenTheMutexWasHeld() throws Exception {
        register(FIRST_EVENT, LAST_EVENT);
        Threads.run("team", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            try {
                OmptParallel region = OmptRuntime.parallelBegin(t, 1, 1, OmptInvoker.PROGRAM, 0);
                OmptRuntime.implicitTaskBegin(t, region, 0);
                for (OmptMutexKind kind : new OmptMutexKind[] {OmptMutexKind.LOCK, OmptMutexKind.NEST_LOCK,
                        OmptMutexKind.CRITICAL, OmptMutexKind.ATOMIC}) {
                    acquire(t, kind, 40 + kind.ordinal(), false);
                    acquire(t, kind, 50 + kind.ordinal(), true);
                }
                OmptRuntime.mutexAcquire(t, OmptMutexKind.LOCK, 61, 0, OmptLockImpl.OMP_LOCK.code(), 0, true);
                OmptRuntime.mutexAbandoned(t, OmptMutexKind.LOCK);
                OmptRuntime.mutexTaken(t, OmptMutexKind.LOCK, 62, 0);
                OmptRuntime.mutexReleased(t, OmptMutexKind.LOCK, 62, 0);
                OmptRuntime.implicitTaskEnd(t);
                OmptRuntime.parallelEnd(t, region);
            } finally {
                OmptRuntime.threadEnd(t);
            }
        });
        assertEquals(List.of("FORK", "THR_BEGIN_LKWT", "THR_END_LKWT", "THR_BEGIN_LKWT", "THR_END_LKWT",
                "THR_BEGIN_CTWT", "THR_END_CTWT", "THR_BEGIN_ATWT", "THR_END_ATWT",
                "THR_BEGIN_LKWT", "JOIN"), log.on("team"),
                "uncontended acquisitions report nothing; a lock given up while waiting, then taken by a test,"
                        + " ends no wait");
    }

    @Test
    void anEndIsDeliveredOnlyForABeginTheCollectorCouldSee() throws Exception {
        register(CollectorEvent.FORK.code(), CollectorEvent.FORK.code());
        Threads.run("team", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            try {
                OmptParallel region = OmptRuntime.parallelBegin(t, 1, 1, OmptInvoker.PROGRAM, 0);
                OmptRuntime.implicitTaskBegin(t, region, 0);
                OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.BARRIER_EXPLICIT, 0);
                OmptRuntime.mutexAcquire(t, OmptMutexKind.CRITICAL, 7, 0, OmptLockImpl.OMP_CRITICAL.code(), 0, true);
                register(FIRST_EVENT, LAST_EVENT);
                OmptRuntime.mutexAcquired(t, OmptMutexKind.CRITICAL, 7);
                OmptRuntime.mutexReleased(t, OmptMutexKind.CRITICAL, 7, 0);
                OmptRuntime.syncRegionEnd(t);

                OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.BARRIER_IMPLICIT_WORKSHARE, 0);
                OmptRuntime.mutexAcquire(t, OmptMutexKind.LOCK, 8, 0, OmptLockImpl.OMP_LOCK.code(), 0, true);
                send(CollectorRequest.PAUSE.code());
                OmptRuntime.mutexAcquired(t, OmptMutexKind.LOCK, 8);
                OmptRuntime.mutexReleased(t, OmptMutexKind.LOCK, 8, 0);
                OmptRuntime.syncRegionEnd(t);
                OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.BARRIER_EXPLICIT, 0);
                OmptRuntime.mutexAcquire(t, OmptMutexKind.LOCK, 9, 0, OmptLockImpl.OMP_LOCK.code(), 0, true);
                send(CollectorRequest.RESUME.code());
                OmptRuntime.mutexAcquired(t, OmptMutexKind.LOCK, 9);
                OmptRuntime.mutexReleased(t, OmptMutexKind.LOCK, 9, 0);
                OmptRuntime.syncRegionEnd(t);
                OmptRuntime.implicitTaskEnd(t);
                OmptRuntime.parallelEnd(t, region);
            } finally {
                OmptRuntime.threadEnd(t);
            }
        });
        assertEquals(List.of("FORK", "THR_BEGIN_IBAR", "THR_BEGIN_LKWT", "JOIN"), log.on("team"),
                "a barrier and a wait that began before REGISTER or during PAUSE end unseen; those begun before"
                        + " PAUSE lose their ends, which came while it lasted");
    }
}
