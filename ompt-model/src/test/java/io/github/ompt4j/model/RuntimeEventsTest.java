package io.github.ompt4j.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Event sequences that OmptRuntime derives on its own: waits interrupted by tasks, nested sync regions. */
class RuntimeEventsTest {

    @AfterEach
    void forgetTools() {
        Ompt.resetForTests();
    }

    private static Recorder recordSyncAndTasks() {
        return new Recorder(r -> {
            for (OmptEvent e : new OmptEvent[] {OmptEvent.BARRIER_BEGIN, OmptEvent.BARRIER_END,
                OmptEvent.WAIT_BARRIER_BEGIN, OmptEvent.WAIT_BARRIER_END, OmptEvent.TASKWAIT_BEGIN,
                OmptEvent.TASKWAIT_END, OmptEvent.WAIT_TASKWAIT_BEGIN, OmptEvent.WAIT_TASKWAIT_END,
                OmptEvent.REDUCTION_BEGIN, OmptEvent.REDUCTION_END}) {
                r.register(e, (OmptCallback.SyncRegion) (kind, p, t, c) ->
                        r.record(e.ompName().substring(11) + " " + kind.ompName().substring(17) + " "
                                + OmptThreads.current().state().ompName().substring(11)));
            }
            r.register(OmptEvent.TASK_SWITCH, (OmptCallback.TaskSwitch) (a, s, b) -> r.record("switch " + s.ompName()));
            r.register(OmptEvent.TASK_END, (OmptCallback.Task) id -> r.record("task_end"));
        });
    }

    /** The calling thread's state (without its prefix) and its acquisition's contention. */
    private static String stateAndContention() {
        OmptThread t = OmptThreads.current();
        return t.state().ompName().substring(11) + (t.acquireContended() ? " contended" : " free");
    }

    @Test
    void aLateMutexWaitsOnlyOnceTheThreadBlocksAndIsAnnouncedOnce() throws Exception {
        Recorder tool = new Recorder(r -> {
            r.register(OmptEvent.WAIT_LOCK, (OmptCallback.Lock) (w, h, i, c) ->
                    r.record("wait_lock " + w + " " + stateAndContention()));
            r.register(OmptEvent.ACQUIRED_LOCK, (OmptCallback.Wait) (w, c) ->
                    r.record("acquired_lock " + w + " " + stateAndContention()));
        });
        Ompt.start(List.of(tool));
        List<String> states = new java.util.ArrayList<>();
        OnThread.run("app", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.OTHER);
            OmptRuntime.mutexAcquireLate(t, OmptMutexKind.LOCK, 5, 0, 0, 0);
            states.add(t.state().ompName());
            OmptRuntime.mutexBlocked(t, 0);
            OmptRuntime.mutexBlocked(t, 9); // a lock that a callback takes blocks too: no second wait_lock
            states.add(t.state().ompName() + " " + t.waitId());
            OmptRuntime.mutexAcquiredLate(t, OmptMutexKind.LOCK, 5, true, true);
            states.add(t.state().ompName());
            states.add("not pending: " + !OmptRuntime.mutexBlocked(t, 0));
            OmptRuntime.mutexAcquireLate(t, OmptMutexKind.LOCK, 0, 0, 0, 0); // the wait ID learned once held
            OmptRuntime.mutexAcquiredLate(t, OmptMutexKind.LOCK, 8, true, true);
            OmptRuntime.mutexAcquireLate(t, OmptMutexKind.LOCK, 0, 0, 0, 0); // or once it blocks
            OmptRuntime.mutexBlocked(t, 9);
            OmptRuntime.mutexAcquiredLate(t, OmptMutexKind.LOCK, 9, true, true);
            OmptRuntime.mutexAcquireLate(t, OmptMutexKind.LOCK, 6, 0, 0, 0);
            OmptRuntime.mutexAcquiredLate(t, OmptMutexKind.LOCK, 6, true, true);
            OmptRuntime.mutexAcquireLate(t, OmptMutexKind.LOCK, 7, 0, 0, 0);
            OmptRuntime.mutexAcquiredLate(t, OmptMutexKind.LOCK, 7, false, true);
            states.add(t.state().ompName() + " holds 5 and 6, not 7: " + (t.holds(5) && t.holds(6) && !t.holds(7)));
        });
        assertEquals(List.of("wait_lock 5 wait_lock contended", "acquired_lock 5 work_serial contended",
                "wait_lock 8 work_serial free", "acquired_lock 8 work_serial free",
                "wait_lock 9 wait_lock contended", "acquired_lock 9 work_serial contended",
                "wait_lock 6 work_serial free", "acquired_lock 6 work_serial free"), tool.events(),
                "blocked: the wait once, as it blocks; taken at once: the wait just before the acquisition; "
                        + "given up without blocking: nothing");
        assertEquals(List.of("ompt_state_work_serial", "ompt_state_wait_lock 5", "ompt_state_work_serial",
                "not pending: true", "ompt_state_work_serial holds 5 and 6, not 7: true"), states);
    }

    @Test
    void aTaskRunDuringABarrierWaitEndsTheWaitAndBeginsItAgainAfterwards() throws Exception {
        Recorder tool = recordSyncAndTasks();
        Ompt.start(List.of(tool));
        OnThread.run("member", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            OmptParallel region = OmptRuntime.parallelBegin(t, 1, 1, OmptInvoker.PROGRAM, 0);
            OmptRuntime.implicitTaskBegin(t, region, 0);
            OmptTask task = OmptRuntime.taskCreate(t, 0, 0);
            OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.BARRIER_IMPLICIT_PARALLEL, 0);
            OmptRuntime.syncWaitBegin(t, region.id());
            OmptRuntime.taskStart(t, task);
            OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.TASKWAIT, 0);
            OmptRuntime.syncWaitBegin(t, task.id());
            OmptRuntime.syncWaitEnd(t);
            OmptRuntime.syncRegionEnd(t);
            OmptRuntime.taskComplete(t);
            assertEquals(OmptState.WAIT_BARRIER_IMPLICIT, t.state(), "waiting again after the task");
            assertEquals(region.id(), t.waitId());
            OmptRuntime.syncWaitEnd(t);
            OmptRuntime.syncRegionEnd(t);
            OmptRuntime.implicitTaskEnd(t);
            OmptRuntime.parallelEnd(t, region);
            OmptRuntime.threadEnd(t);
        });
        assertEquals(List.of(
                "barrier_begin barrier_implicit_parallel work_parallel",
                "wait_barrier_begin barrier_implicit_parallel wait_barrier_implicit",
                "wait_barrier_end barrier_implicit_parallel wait_barrier_implicit",
                "switch ompt_task_switch",
                "taskwait_begin taskwait work_parallel",
                "wait_taskwait_begin taskwait wait_taskwait",
                "wait_taskwait_end taskwait wait_taskwait",
                "taskwait_end taskwait work_parallel",
                "task_end",
                "switch ompt_task_complete",
                "wait_barrier_begin barrier_implicit_parallel wait_barrier_implicit",
                "wait_barrier_end barrier_implicit_parallel wait_barrier_implicit",
                "barrier_end barrier_implicit_parallel work_parallel"), tool.events());
    }

    @Test
    void aBarrierInsideAReductionReturnsToTheReductionState() throws Exception {
        Recorder tool = recordSyncAndTasks();
        Ompt.start(List.of(tool));
        OnThread.run("member", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            OmptParallel region = OmptRuntime.parallelBegin(t, 1, 1, OmptInvoker.PROGRAM, 0);
            OmptRuntime.implicitTaskBegin(t, region, 0);
            OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.REDUCTION, 0);
            OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.BARRIER_IMPLICIT_WORKSHARE, 0);
            OmptRuntime.syncRegionEnd(t);
            assertEquals(OmptState.WORK_REDUCTION, t.state());
            OmptRuntime.syncRegionEnd(t);
            assertEquals(OmptState.WORK_PARALLEL, t.state());
            OmptRuntime.implicitTaskEnd(t);
            OmptRuntime.parallelEnd(t, region);
            OmptRuntime.threadEnd(t);
        });
        assertEquals(List.of("reduction_begin reduction work_reduction",
                "barrier_begin barrier_implicit_workshare work_reduction",
                "barrier_end barrier_implicit_workshare work_reduction",
                "reduction_end reduction work_parallel"), tool.events());
    }

    @Test
    void endsReleasesAndWorkshareBarriersReportTheCallSiteOfTheirConstruct() throws Exception {
        List<String> seen = new java.util.ArrayList<>();
        Recorder tool = new Recorder(r -> {
            r.register(OmptEvent.WORKSHARING_END, (OmptCallback.Worksharing) (type, p, t, count, c) -> seen.add("ws_end " + c));
            r.register(OmptEvent.BARRIER_BEGIN, (OmptCallback.SyncRegion) (kind, p, t, c) -> seen.add("barrier " + c));
            r.register(OmptEvent.RELEASE_CRITICAL, (OmptCallback.Wait) (w, c) -> seen.add("release_critical " + w + " " + c));
            r.register(OmptEvent.ACQUIRED_CRITICAL, (OmptCallback.Wait) (w, c) -> seen.add("acquired_critical " + w + " " + c));
            r.register(OmptEvent.RELEASE_LOCK, (OmptCallback.Wait) (w, c) -> seen.add("release_lock " + c));
        });
        Ompt.start(List.of(tool));
        OnThread.run("member", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            OmptParallel region = OmptRuntime.parallelBegin(t, 1, 1, OmptInvoker.PROGRAM, 0x1);
            OmptRuntime.implicitTaskBegin(t, region, 0);
            OmptRuntime.worksharingBegin(t, OmptWorkType.LOOP_STATIC, 10, 0x10);
            OmptRuntime.worksharingEnd(t, OmptWorkType.LOOP_STATIC, 10);
            OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.BARRIER_IMPLICIT_WORKSHARE, OmptRuntime.workshareBarrierCodeptr(t));
            OmptRuntime.syncRegionEnd(t);
            OmptRuntime.mutexAcquire(t, OmptMutexKind.CRITICAL, 7, 0, 3, 0x20, true);
            OmptRuntime.mutexAcquired(t, OmptMutexKind.CRITICAL, 7);
            OmptRuntime.mutexAcquire(t, OmptMutexKind.CRITICAL, 8, 0, 3, 0x21, true);
            OmptRuntime.mutexAcquired(t, OmptMutexKind.CRITICAL, 8);
            OmptRuntime.mutexReleased(t, OmptMutexKind.CRITICAL, 8, 0);
            OmptRuntime.mutexReleased(t, OmptMutexKind.CRITICAL, 7, 0);
            OmptRuntime.mutexAcquire(t, OmptMutexKind.LOCK, 9, 0, 1, 0x30, true);
            OmptRuntime.mutexAcquired(t, OmptMutexKind.LOCK, 9);
            OmptRuntime.mutexReleased(t, OmptMutexKind.LOCK, 9, 0x31);
            OmptRuntime.implicitTaskEnd(t);
            OmptRuntime.parallelEnd(t, region);
            OmptRuntime.threadEnd(t);
        });
        assertEquals(List.of("ws_end 16", "barrier 16", "acquired_critical 7 32", "acquired_critical 8 33",
                "release_critical 8 33", "release_critical 7 32", "release_lock 49"), seen);
    }

    @Test
    void inquiryFromInsideCallbacksSeesTheEventsOwnRegionTaskAndWait() throws Exception {
        List<String> seen = new java.util.ArrayList<>();
        Recorder tool = new Recorder(r -> {
            OmptApi.GetState state = (OmptApi.GetState) r.lookup.lookup("ompt_get_state");
            OmptApi.GetParallelId parallelId = (OmptApi.GetParallelId) r.lookup.lookup("ompt_get_parallel_id");
            OmptApi.GetTaskInfo taskInfo = (OmptApi.GetTaskInfo) r.lookup.lookup("ompt_get_task_info");
            r.register(OmptEvent.IMPLICIT_TASK_BEGIN, (OmptCallback.ImplicitTask) (p, t, size, num) -> {
                OmptTaskInfo info = new OmptTaskInfo();
                taskInfo.getTaskInfo(0, info);
                seen.add("implicit " + (parallelId.getParallelId(0) == p) + " " + (info.taskId() == t));
            });
            r.register(OmptEvent.WAIT_BARRIER_BEGIN, (OmptCallback.SyncRegion) (kind, p, t, c) -> {
                long[] wait = new long[1];
                int code = state.getState(wait);
                seen.add("wait " + OmptState.ofCode(code).ompName() + " " + (wait[0] == p));
            });
        });
        Ompt.start(List.of(tool));
        OnThread.run("member", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            OmptParallel region = OmptRuntime.parallelBegin(t, 1, 1, OmptInvoker.PROGRAM, 0);
            OmptRuntime.implicitTaskBegin(t, region, 0);
            OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.BARRIER_IMPLICIT_PARALLEL, 0);
            OmptRuntime.syncWaitBegin(t, region.id());
            OmptRuntime.syncWaitEnd(t);
            OmptRuntime.syncRegionEnd(t);
            OmptRuntime.implicitTaskEnd(t);
            OmptRuntime.parallelEnd(t, region);
            OmptRuntime.threadEnd(t);
        });
        assertEquals(List.of("implicit true true", "wait ompt_state_wait_barrier_implicit true"), seen);
    }

    /**
     * A pool's region: the submitter forks it and takes no part; two workers run its tasks, one of them
     * several, between tasks of another region. parallel_end names each worker once, in the order they
     * started; outside that callback the inquiry has nothing to say.
     */
    @Test
    void parallelEndNamesEachThreadThatRanATaskOfTheRegionOnce() throws Exception {
        List<String> seen = new java.util.ArrayList<>();
        Recorder tool = new Recorder(r -> {
            OmptApi.GetParallelParticipants participants =
                    (OmptApi.GetParallelParticipants) r.lookup.lookup("ompt4j_get_parallel_participants");
            r.register(OmptEvent.PARALLEL_END, (OmptCallback.ParallelEnd) (p, t, invoker, c) ->
                    seen.add(p + " " + java.util.Arrays.toString(participants.getParallelParticipants())));
            r.register(OmptEvent.TASK_END, (OmptCallback.Task) id ->
                    seen.add("outside " + participants.getParallelParticipants()));
        });
        Ompt.start(List.of(tool));
        OmptParallel[] regions = new OmptParallel[2];
        OmptTask[] tasks = new OmptTask[4];
        long[] workers = new long[2];
        OnThread.run("submitter", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            for (int k = 0; k < 2; k++) {
                regions[k] = OmptRuntime.parallelBegin(t, 4, 4, OmptInvoker.PROGRAM, 0);
                OmptRuntime.parallelForked(t);
            }
            tasks[0] = OmptRuntime.rootTaskCreate(t, regions[0], 0, 0);
            tasks[1] = OmptRuntime.rootTaskCreate(t, regions[1], 0, 0);
            tasks[2] = OmptRuntime.rootTaskCreate(t, regions[0], 0, 0);
            tasks[3] = OmptRuntime.rootTaskCreate(t, regions[0], 0, 0);
        });
        for (int w = 0; w < 2; w++) {
            int worker = w;
            OnThread.run("worker" + w, () -> {
                OmptThread t = OmptRuntime.threadBegin(OmptThreadType.WORKER);
                workers[worker] = t.id();
                for (int k : worker == 0 ? new int[] {0, 1, 2} : new int[] {3}) {
                    OmptRuntime.taskStart(t, tasks[k]);
                    OmptRuntime.taskComplete(t);
                }
                if (worker == 1) {
                    OmptRuntime.parallelEnd(t, regions[0]);
                }
            });
        }
        assertEquals(List.of("outside null", "outside null", "outside null", "outside null",
                regions[0].id() + " [" + workers[0] + ", " + workers[1] + "]"), seen);
    }

    /**
     * A java.util.concurrent lock tells a tool whether the thread found it held, so that a tool timing waits
     * skips the free acquisitions: false for a free ReentrantLock (its wait reported as it is taken), true for
     * one another thread holds (its wait reported as the thread blocks in the synchronizer's queue).
     */
    @Test
    void aJucLockSaysWhetherTheThreadFoundItHeld() throws Exception {
        List<String> seen = new java.util.ArrayList<>();
        Recorder tool = new Recorder(r -> {
            OmptApi.GetMutexContended contended = (OmptApi.GetMutexContended) r.lookup.lookup("ompt4j_get_mutex_contended");
            r.register(OmptEvent.WAIT_NEST_LOCK, (OmptCallback.Lock) (w, h, i, c) ->
                    seen.add("contended " + contended.getMutexContended()));
        });
        Ompt.start(List.of(tool));
        java.util.concurrent.locks.ReentrantLock lock = new java.util.concurrent.locks.ReentrantLock();
        OnThread.run("app", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.OTHER);
            long free = io.github.ompt4j.hooks.locks.LockHooks.acquireBegin(lock, lock);
            lock.lock();
            io.github.ompt4j.hooks.locks.LockHooks.acquireEnd(null, free, lock);
            io.github.ompt4j.hooks.locks.LockHooks.releasing(lock.getHoldCount(), lock, lock);
            lock.unlock();
            Thread holder = new Thread(lock::lock); // takes the lock and ends holding it
            holder.start();
            holder.join();
            long held = io.github.ompt4j.hooks.locks.LockHooks.acquireBegin(lock, lock);
            io.github.ompt4j.hooks.locks.ConditionHooks.blocked(); // its fast path failed
            io.github.ompt4j.hooks.locks.LockHooks.acquireEnd(new InterruptedException(), held, lock); // gave up
            OmptRuntime.threadEnd(t);
        });
        assertEquals(List.of("contended false", "contended true"), seen);
    }
}
