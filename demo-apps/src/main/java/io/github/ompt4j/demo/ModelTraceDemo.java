package io.github.ompt4j.demo;

import io.github.ompt4j.model.Ompt;
import io.github.ompt4j.model.OmptInvoker;
import io.github.ompt4j.model.OmptLockImpl;
import io.github.ompt4j.model.OmptMutexKind;
import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptSyncRegionKind;
import io.github.ompt4j.model.OmptTask;
import io.github.ompt4j.model.OmptTaskFlag;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import io.github.ompt4j.model.OmptWorkType;
import java.util.concurrent.CyclicBarrier;

/**
 * Drives the OMPT model by hand, the way the agent will once it weaves the directive library: the
 * main thread forks a team of two, each member takes a chunk of a loop and a critical section, the
 * master creates a task that the worker runs, and both meet at the region's implicit barrier. With
 * {@code OMP_TOOL} unset and the print tool named, every event is printed in LLVM's shape.
 *
 * <p>Run: {@code java -cp ompt-model/target/classes:demo-apps/target/classes io.github.ompt4j.demo.ModelTraceDemo}
 */
public final class ModelTraceDemo {
    private static final int TEAM = 2;
    private static final long CRITICAL_ID = 7;

    private ModelTraceDemo() {
    }

    public static void main(String[] args) throws Exception {
        Ompt.startFromEnvironment(Ompt.PRINT_TOOL, ModelTraceDemo.class.getClassLoader());
        OmptThread main = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
        OmptParallel region = OmptRuntime.parallelBegin(main, TEAM, TEAM, OmptInvoker.PROGRAM, 0);
        CyclicBarrier arrive = new CyclicBarrier(TEAM);
        Handoff handoff = new Handoff();
        Thread worker = new Thread(() -> runWorker(region, arrive, handoff), "omp-worker-1");
        worker.start();
        runMember(main, region, 0, arrive, handoff);
        worker.join();
        OmptRuntime.parallelEnd(main, region);
        OmptRuntime.threadEnd(main);
        Ompt.shutdown();
    }

    private static void runWorker(OmptParallel region, CyclicBarrier arrive, Handoff handoff) {
        OmptThread me = OmptRuntime.threadBegin(OmptThreadType.WORKER);
        OmptRuntime.idleEnd(me);
        runMember(me, region, 1, arrive, handoff);
        OmptRuntime.idleBegin(me);
        OmptRuntime.threadEnd(me);
    }

    /** One team member's implicit task: a loop chunk, a critical section, a task, the closing barrier. */
    private static void runMember(OmptThread me, OmptParallel region, int threadNum, CyclicBarrier arrive,
            Handoff handoff) {
        OmptRuntime.implicitTaskBegin(me, region, threadNum);
        OmptRuntime.worksharing(me, true, OmptWorkType.LOOP_STATIC, 100, 0);
        OmptRuntime.dispatch(me, OmptWorkType.LOOP_STATIC, threadNum * 50L, 50);
        OmptRuntime.worksharing(me, false, OmptWorkType.LOOP_STATIC, 100, 0);
        OmptRuntime.mutexAcquire(me, OmptMutexKind.CRITICAL, CRITICAL_ID, 0, OmptLockImpl.OMP_CRITICAL.code(), 0);
        OmptRuntime.mutexAcquired(me, OmptMutexKind.CRITICAL, CRITICAL_ID, 0);
        OmptRuntime.mutexReleased(me, OmptMutexKind.CRITICAL, CRITICAL_ID, 0);
        if (threadNum == 0) {
            handoff.give(OmptRuntime.taskCreate(me, OmptTaskFlag.UNTIED, 0));
        } else {
            OmptRuntime.taskStart(me, handoff.take());
            OmptRuntime.taskComplete(me);
        }
        OmptRuntime.syncRegionBegin(me, OmptSyncRegionKind.BARRIER_IMPLICIT_PARALLEL, 0);
        OmptRuntime.syncWaitBegin(me, region.id());
        await(arrive);
        OmptRuntime.syncWaitEnd(me);
        OmptRuntime.syncRegionEnd(me);
        OmptRuntime.implicitTaskEnd(me);
    }

    private static void await(CyclicBarrier barrier) {
        try {
            barrier.await();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Passes the master's task to the worker, as a task queue would. */
    private static final class Handoff {
        private OmptTask task;

        synchronized void give(OmptTask t) {
            task = t;
            notifyAll();
        }

        synchronized OmptTask take() {
            while (task == null) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
            }
            return task;
        }
    }
}
