package io.github.ompt4j.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.jfr.events.ControlEvent;
import io.github.ompt4j.jfr.events.DispatchEvent;
import io.github.ompt4j.jfr.events.IdleEvent;
import io.github.ompt4j.jfr.events.ImplicitTaskEvent;
import io.github.ompt4j.jfr.events.InitialTaskEvent;
import io.github.ompt4j.jfr.events.LockDestroyEvent;
import io.github.ompt4j.jfr.events.LockInitEvent;
import io.github.ompt4j.jfr.events.MasterEvent;
import io.github.ompt4j.jfr.events.MutexAcquireEvent;
import io.github.ompt4j.jfr.events.MutexHeldEvent;
import io.github.ompt4j.jfr.events.OriginEvent;
import io.github.ompt4j.jfr.events.ParallelRegionEvent;
import io.github.ompt4j.jfr.events.SyncRegionEvent;
import io.github.ompt4j.jfr.events.SyncRegionWaitEvent;
import io.github.ompt4j.jfr.events.TaskCreateEvent;
import io.github.ompt4j.jfr.events.TaskEvent;
import io.github.ompt4j.jfr.events.ThreadBeginEvent;
import io.github.ompt4j.jfr.events.ThreadEndEvent;
import io.github.ompt4j.jfr.events.WorkEvent;
import java.nio.file.Path;
import java.util.List;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A simulated run, recorded with every event on and read back with jdk.jfr.consumer: fields, threads, links. */
class RecordingStructureTest {
    private static final SimulatedRun RUN = new SimulatedRun();
    private static Path file;
    private static Recorded rec;

    @BeforeAll
    static void record() throws Exception {
        file = RecordingTool.record(RUN::run);
        rec = Recorded.read(file);
    }

    @AfterAll
    static void delete() throws Exception {
        RecordingTool.delete(file);
    }

    @Test
    void theRegionCarriesItsIdsTeamCallSiteAndTheEncounteringThreadsStack() {
        RecordedEvent region = rec.one(ParallelRegionEvent.NAME, "parallelId", RUN.regionId);
        assertEquals(SimulatedRun.MAIN, region.getThread().getJavaName());
        assertEquals(RUN.initialTaskId, region.getLong("encounteringTaskId"));
        assertEquals(0, region.getLong("parentParallelId"), "an outermost region");
        assertEquals(2, region.getInt("requestedTeamSize"));
        assertEquals(2, region.getInt("teamSize"), "from the implicit tasks");
        assertEquals("program", region.getString("invoker"));
        assertEquals("com.example.Solver.solve(Solver.java:42)", region.getString("callSite"));
        assertTrue(region.getDuration().toNanos() > 0);
    }

    @Test
    void theRegionsOriginCarriesTheEncounteringThreadsStackFromItsBegin() {
        RecordedEvent region = rec.one(ParallelRegionEvent.NAME, "parallelId", RUN.regionId);
        RecordedEvent origin = rec.one(OriginEvent.NAME, "parallelId", RUN.regionId);
        assertEquals(SimulatedRun.MAIN, origin.getThread().getJavaName());
        assertEquals(0, origin.getLong("taskId"));
        RecordedEvent master = rec.one(ImplicitTaskEvent.NAME, "taskId", RUN.masterImplicitTaskId);
        assertTrue(!origin.getStartTime().isBefore(region.getStartTime())
                && !origin.getStartTime().isAfter(master.getStartTime()), "taken at the region's begin");
        assertNotNull(origin.getStackTrace(), "origins keep JFR's stack trace");
        assertTrue(origin.getStackTrace().getFrames().stream().map(RecordedFrame::getMethod)
                .anyMatch(m -> m.getType().getName().equals(SimulatedRun.class.getName())),
                "the stack is the encountering thread's, down to the program that forked");
    }

    @Test
    void regionToImplicitTaskToExplicitTaskToParentTaskLinksHold() {
        RecordedEvent region = rec.one(ParallelRegionEvent.NAME, "parallelId", RUN.regionId);
        RecordedEvent initial = rec.one(InitialTaskEvent.NAME, "taskId", region.getLong("encounteringTaskId"));
        assertEquals(SimulatedRun.MAIN, initial.getThread().getJavaName());

        List<RecordedEvent> members = rec.of(ImplicitTaskEvent.NAME).stream()
                .filter(e -> e.getLong("parallelId") == RUN.regionId).collect(java.util.stream.Collectors.toList());
        assertEquals(2, members.size());
        RecordedEvent master = rec.one(ImplicitTaskEvent.NAME, "taskId", RUN.masterImplicitTaskId);
        RecordedEvent worker = rec.one(ImplicitTaskEvent.NAME, "taskId", RUN.workerImplicitTaskId);
        assertEquals(0, master.getInt("threadNum"));
        assertEquals(1, worker.getInt("threadNum"));
        assertEquals(SimulatedRun.MAIN, master.getThread().getJavaName(), "committed on the member's own thread");
        assertEquals(SimulatedRun.WORKER, worker.getThread().getJavaName());
        assertTrue(Recorded.within(master, region));

        RecordedEvent created = rec.one(TaskCreateEvent.NAME, "taskId", RUN.explicitTaskId);
        RecordedEvent ran = rec.one(TaskEvent.NAME, "taskId", RUN.explicitTaskId);
        assertEquals(RUN.masterImplicitTaskId, created.getLong("parentTaskId"));
        assertEquals(RUN.masterImplicitTaskId, ran.getLong("parentTaskId"));
        assertEquals(RUN.regionId, ran.getLong("parallelId"));
        assertEquals("untied", created.getString("flags"));
        assertEquals("com.example.Solver.spawn(Solver.java:63)", created.getString("callSite"));
        assertTrue(Recorded.within(ran, master), "the task ran inside the master's implicit task");
    }

    @Test
    void synchronizationCarriesKindsWaitIdsAndCallSites() {
        List<RecordedEvent> waits = rec.of(SyncRegionWaitEvent.NAME);
        assertEquals(2, waits.size(), "the last thread to arrive at a barrier does not wait");
        RecordedEvent loopWait = rec.of(SyncRegionWaitEvent.NAME, SimulatedRun.MAIN).get(0);
        assertEquals("barrier_implicit_workshare", loopWait.getString("kind"));
        assertEquals(RUN.regionId, loopWait.getLong("waitId"), "a barrier's wait ID is its region");
        assertEquals(RUN.masterImplicitTaskId, loopWait.getLong("taskId"));
        assertEquals("com.example.Solver.sweep(Solver.java:57)", loopWait.getString("callSite"));
        RecordedEvent closing = rec.of(SyncRegionWaitEvent.NAME, SimulatedRun.WORKER).get(0);
        assertEquals("barrier_implicit_parallel", closing.getString("kind"));
        assertNull(closing.getString("callSite"), "workers' closing barrier has no call site, as in LLVM");

        List<String> kinds = rec.of(SyncRegionEvent.NAME, SimulatedRun.MAIN).stream().map(e -> e.getString("kind"))
                .collect(java.util.stream.Collectors.toList());
        assertEquals(List.of("barrier_implicit_workshare", "reduction", "barrier_implicit_parallel"), kinds);

        RecordedEvent acquire = rec.one(MutexAcquireEvent.NAME, "waitId", RUN.lockId);
        assertEquals("lock", acquire.getString("kind"));
        assertEquals("omp_lock", acquire.getString("implementation"));
        assertEquals("com.example.Ledger.<init>(Ledger.java:12)", acquire.getString("callSite"));
        RecordedEvent held = rec.one(MutexHeldEvent.NAME, "waitId", RUN.lockId);
        assertTrue(!held.getStartTime().isBefore(acquire.getEndTime()), "held from the acquisition on");
        assertEquals(acquire.getString("callSite"), held.getString("callSite"), "the acquisition's call site");
        assertEquals("lock", rec.one(LockInitEvent.NAME, "waitId", RUN.lockId).getString("kind"));
        assertEquals(RUN.lockId, rec.of(LockDestroyEvent.NAME, SimulatedRun.MAIN).get(0).getLong("waitId"));
    }

    @Test
    void worksharingChunksMasterAndIdleSpansLandOnTheirThreads() {
        RecordedEvent loop = rec.of(WorkEvent.NAME, SimulatedRun.WORKER).get(0);
        assertEquals("loop_dynamic", loop.getString("type"));
        assertEquals(100, loop.getLong("count"));
        List<RecordedEvent> chunks = rec.of(DispatchEvent.NAME, SimulatedRun.WORKER);
        assertEquals(2, chunks.size());
        assertEquals(50, chunks.get(0).getLong("first"));
        assertEquals(75, chunks.get(1).getLong("first"));
        assertTrue(!chunks.get(1).getStartTime().isBefore(chunks.get(0).getEndTime()), "a chunk ends where the next begins");
        assertTrue(Recorded.within(chunks.get(1), loop), "the last chunk ends with the construct");

        RecordedEvent master = rec.of(MasterEvent.NAME, SimulatedRun.MAIN).get(0);
        assertEquals("com.example.Solver.report(Solver.java:61)", master.getString("callSite"));
        assertEquals(2, rec.of(IdleEvent.NAME, SimulatedRun.WORKER).size());
        assertEquals(RUN.workerOmptThreadId, rec.of(IdleEvent.NAME, SimulatedRun.WORKER).get(0).getLong("ompThreadId"));
    }

    @Test
    void threadsAndControlAreRecorded() {
        assertEquals("initial", rec.of(ThreadBeginEvent.NAME, SimulatedRun.MAIN).get(0).getString("threadType"));
        RecordedEvent workerBegin = rec.of(ThreadBeginEvent.NAME, SimulatedRun.WORKER).get(0);
        assertEquals("worker", workerBegin.getString("threadType"));
        assertEquals(RUN.workerOmptThreadId, workerBegin.getLong("ompThreadId"));
        assertEquals(1, rec.of(ThreadEndEvent.NAME, SimulatedRun.WORKER).size());
        RecordedEvent control = rec.of(ControlEvent.NAME, SimulatedRun.MAIN).get(0);
        assertEquals("tool_specific", control.getString("commandName"));
        assertEquals(64, control.getLong("command"));
        assertEquals(7, control.getLong("modifier"));
    }

    @Test
    void onlyOriginsAndControlCarryStackTraces() {
        for (RecordedEvent e : rec.events) {
            String type = e.getEventType().getName();
            if (type.startsWith("ompt.")) {
                boolean expected = type.equals(OriginEvent.NAME) || type.equals(ControlEvent.NAME);
                assertEquals(expected, e.getStackTrace() != null, type);
            }
        }
    }
}
