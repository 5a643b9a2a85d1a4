package io.github.ompt4j.jfr;

import io.github.ompt4j.model.CallSites;
import io.github.ompt4j.model.Ompt;
import io.github.ompt4j.model.OmptInvoker;
import io.github.ompt4j.model.OmptLockImpl;
import io.github.ompt4j.model.OmptMutexKind;
import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptState;
import io.github.ompt4j.model.OmptSyncRegionKind;
import io.github.ompt4j.model.OmptTask;
import io.github.ompt4j.model.OmptTaskFlag;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import io.github.ompt4j.model.OmptWorkType;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.SynchronousQueue;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A small OpenMP program on two threads, driven through {@code OmptRuntime} the way the directive library's
 * adapter drives it: an initial thread forks a team of two with a worker; the team runs a dynamic loop with
 * its workshare barrier, the master runs a master construct that creates and runs an untied task which
 * takes a lock, then a reduction, then the closing barrier; the worker goes back to idle. Every ID the
 * recording should link is kept here, and {@link Probe} events mark instants with the state the model had
 * then, for tests that derive states from the recording alone.
 */
final class SimulatedRun {
    static final String MAIN = "sim-main";
    static final String WORKER = "sim-worker";
    static final long REGION_SITE = CallSites.token("com.example.Solver", "solve", "Solver.java", 42);
    static final long LOOP_SITE = CallSites.token("com.example.Solver", "sweep", "Solver.java", 57);
    static final long MASTER_SITE = CallSites.token("com.example.Solver", "report", "Solver.java", 61);
    static final long TASK_SITE = CallSites.token("com.example.Solver", "spawn", "Solver.java", 63);
    static final long LOCK_SITE = CallSites.token("com.example.Ledger", "<init>", "Ledger.java", 12);
    static final long REDUCTION_SITE = CallSites.token("com.example.Solver", "total", "Solver.java", 70);

    long initialTaskId;
    long regionId;
    long masterImplicitTaskId;
    long workerImplicitTaskId;
    long explicitTaskId;
    long lockId;
    long mainOmptThreadId;
    long workerOmptThreadId;

    /** An instant on the thread that commits it, with what the model said about that thread then. */
    @Name("test.Probe")
    @Label("Probe")
    @StackTrace(false)
    static final class Probe extends Event {
        @Label("Where")
        String where;
        @Label("State")
        String state;
        @Label("Wait ID")
        long waitId;
        @Label("Parallel ID")
        long parallelId;
        @Label("Task ID")
        long taskId;
    }

    private static void probe(OmptThread t, String where) {
        Probe p = new Probe();
        OmptState state = t.state();
        OmptTask task = t.currentTask();
        p.where = where;
        p.state = Names.state(state);
        p.waitId = state.isWait() ? t.waitId() : 0;
        p.parallelId = task == null || state == OmptState.IDLE || task.parallel() == null ? 0 : task.parallel().id();
        p.taskId = task == null ? 0 : task.id();
        p.commit();
    }

    /** Long enough that spans do not share a clock tick, short enough that tests stay quick. */
    private static void work() throws InterruptedException {
        Thread.sleep(2);
    }

    void run() throws Exception {
        SynchronousQueue<OmptParallel> fork = new SynchronousQueue<>();
        CyclicBarrier loopDone = new CyclicBarrier(2);
        CyclicBarrier masterArrived = new CyclicBarrier(2);
        CyclicBarrier workerIdle = new CyclicBarrier(2);
        new OnThread().start(MAIN, () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            mainOmptThreadId = t.id();
            initialTaskId = t.currentTask().id();
            probe(t, "serial before the region");
            lockId = t.nextId();
            OmptRuntime.lockInit(t, OmptMutexKind.LOCK, lockId, 0, OmptLockImpl.OMP_LOCK, LOCK_SITE);
            OmptParallel region = OmptRuntime.parallelBegin(t, 2, 2, OmptInvoker.PROGRAM, REGION_SITE);
            regionId = region.id();
            fork.put(region);
            masterImplicitTaskId = OmptRuntime.implicitTaskBegin(t, region, 0).id();
            probe(t, "master in its implicit task");

            OmptRuntime.worksharingBegin(t, OmptWorkType.LOOP_DYNAMIC, 100, LOOP_SITE);
            OmptRuntime.dispatch(t, OmptWorkType.LOOP_DYNAMIC, 0, 50);
            work();
            OmptRuntime.worksharingEnd(t, OmptWorkType.LOOP_DYNAMIC, 100);
            OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.BARRIER_IMPLICIT_WORKSHARE, LOOP_SITE);
            OmptRuntime.syncWaitBegin(t, region.id());
            probe(t, "master waits at the loop's barrier");
            loopDone.await();
            OmptRuntime.syncWaitEnd(t);
            probe(t, "master leaves the loop's barrier");
            OmptRuntime.syncRegionEnd(t);

            OmptRuntime.masterBegin(t, MASTER_SITE);
            OmptTask task = OmptRuntime.taskCreate(t, OmptTaskFlag.UNTIED, TASK_SITE);
            explicitTaskId = task.id();
            OmptRuntime.taskStart(t, task);
            probe(t, "master runs the explicit task");
            OmptRuntime.mutexAcquire(t, OmptMutexKind.LOCK, lockId, 0, OmptLockImpl.OMP_LOCK.code(), LOCK_SITE, true);
            probe(t, "master waits for the lock");
            work();
            OmptRuntime.mutexAcquired(t, OmptMutexKind.LOCK, lockId);
            probe(t, "master holds the lock");
            OmptRuntime.mutexReleased(t, OmptMutexKind.LOCK, lockId, LOCK_SITE);
            OmptRuntime.taskComplete(t);
            OmptRuntime.masterEnd(t);

            OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.REDUCTION, REDUCTION_SITE);
            probe(t, "master combines the reduction");
            OmptRuntime.syncRegionEnd(t);

            OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.BARRIER_IMPLICIT_PARALLEL, REGION_SITE);
            masterArrived.await();
            OmptRuntime.syncRegionEnd(t);
            OmptRuntime.implicitTaskEnd(t);
            OmptRuntime.parallelEnd(t, region);
            probe(t, "serial after the region");
            OmptRuntime.lockDestroy(t, lockId, LOCK_SITE);
            Ompt.control(64, 7);
            workerIdle.await();
            OmptRuntime.threadEnd(t);
        }).start(WORKER, () -> {
            OmptThread w = OmptRuntime.threadBegin(OmptThreadType.WORKER);
            workerOmptThreadId = w.id();
            OmptRuntime.idleBegin(w);
            probe(w, "worker idle before the region");
            OmptParallel region = fork.take();
            OmptRuntime.idleEnd(w);
            workerImplicitTaskId = OmptRuntime.implicitTaskBegin(w, region, 1).id();

            OmptRuntime.worksharingBegin(w, OmptWorkType.LOOP_DYNAMIC, 100, LOOP_SITE);
            OmptRuntime.dispatch(w, OmptWorkType.LOOP_DYNAMIC, 50, 25);
            probe(w, "worker runs a chunk");
            work();
            OmptRuntime.dispatch(w, OmptWorkType.LOOP_DYNAMIC, 75, 25);
            work();
            OmptRuntime.worksharingEnd(w, OmptWorkType.LOOP_DYNAMIC, 100);
            // The last to arrive: a barrier without a wait.
            OmptRuntime.syncRegionBegin(w, OmptSyncRegionKind.BARRIER_IMPLICIT_WORKSHARE, LOOP_SITE);
            loopDone.await();
            OmptRuntime.syncRegionEnd(w);

            OmptRuntime.syncRegionBegin(w, OmptSyncRegionKind.BARRIER_IMPLICIT_PARALLEL, 0);
            OmptRuntime.syncWaitBegin(w, region.id());
            probe(w, "worker waits at the closing barrier");
            masterArrived.await();
            OmptRuntime.syncWaitEnd(w);
            OmptRuntime.syncRegionEnd(w);
            OmptRuntime.implicitTaskEnd(w);
            OmptRuntime.idleBegin(w);
            probe(w, "worker idle after the region");
            workerIdle.await();
            OmptRuntime.idleEnd(w);
            OmptRuntime.threadEnd(w);
        }).join();
    }
}
