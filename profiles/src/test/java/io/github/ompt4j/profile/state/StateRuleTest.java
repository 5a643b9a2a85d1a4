package io.github.ompt4j.profile.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ompt4j.jfr.events.IdleEvent;
import io.github.ompt4j.jfr.events.ImplicitTaskEvent;
import io.github.ompt4j.jfr.events.MutexAcquireEvent;
import io.github.ompt4j.jfr.events.SyncRegionEvent;
import io.github.ompt4j.jfr.events.SyncRegionWaitEvent;
import io.github.ompt4j.jfr.events.TaskEvent;
import io.github.ompt4j.jfr.events.ThreadBeginEvent;
import io.github.ompt4j.jfr.events.ThreadStateEvent;
import io.github.ompt4j.profile.Progress;
import io.github.ompt4j.profile.ScriptedRecording;
import io.github.ompt4j.profile.jfr.RecordedRun;
import io.github.ompt4j.profile.jfr.RecordingReader;
import io.github.ompt4j.profile.jfr.Span;
import io.github.ompt4j.profile.jfr.SpanType;
import io.github.ompt4j.profile.jfr.ThreadRecord;
import io.github.ompt4j.profile.model.OmpState;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The state rule on recordings of real {@code ompt.*} events: a worker goes idle, joins region 7 (implicit
 * task 70), reaches a critical section, works, waits at the closing barrier, leaves it, and ends idle again;
 * states are looked up at the middle of the recorded spans and gaps.
 */
class StateRuleTest {
    private static final long REGION = 7;
    private static final long TASK = 70;
    private static final long CRITICAL = 3;

    @TempDir
    Path dir;

    private static Span span(ThreadRecord t, SpanType type) {
        return t.spans().stream().filter(s -> s.type == type).findFirst().orElseThrow();
    }

    private static ThreadRecord thread(RecordedRun run, String name) {
        return run.threads().stream().filter(t -> t.name.equals(name)).findFirst().orElseThrow();
    }

    private static String at(RunStates states, ThreadRecord t, long time) {
        Intervals i = states.of(t.index);
        int k = i.indexAt(time);
        return i.state(k).ompName() + " " + i.region(k) + "/" + i.task(k) + "/" + i.waitId(k);
    }

    /** A thread waits a moment to enter critical section 3. */
    private static void criticalWait() throws InterruptedException {
        MutexAcquireEvent mutex = new MutexAcquireEvent();
        mutex.begin();
        mutex.kind = "critical";
        mutex.waitId = CRITICAL;
        ScriptedRecording.pause();
        mutex.commit();
    }

    /** A thread begins waiting at region 7's closing barrier. */
    private static SyncRegionWaitEvent barrierWait() {
        SyncRegionWaitEvent wait = new SyncRegionWaitEvent();
        wait.begin();
        wait.kind = "barrier_implicit_parallel";
        wait.parallelId = REGION;
        wait.taskId = TASK;
        wait.waitId = REGION;
        return wait;
    }

    @Test
    void aWorkersDayInARegion() throws Exception {
        Path file = ScriptedRecording.record(dir, () -> ScriptedRecording.onThread("worker", () -> {
            ThreadBeginEvent begin = new ThreadBeginEvent();
            begin.threadType = "worker";
            begin.ompThreadId = 2;
            begin.commit();
            IdleEvent idle = new IdleEvent();
            idle.begin();
            ScriptedRecording.pause();
            idle.commit();
            ScriptedRecording.pause();
            ImplicitTaskEvent task = new ImplicitTaskEvent();
            task.begin();
            task.parallelId = REGION;
            task.taskId = TASK;
            task.teamSize = 2;
            task.threadNum = 1;
            ScriptedRecording.pause();
            criticalWait();
            ScriptedRecording.pause();
            SyncRegionEvent sync = new SyncRegionEvent();
            sync.begin();
            sync.kind = "barrier_implicit_parallel";
            sync.parallelId = REGION;
            sync.taskId = TASK;
            ScriptedRecording.pause();
            SyncRegionWaitEvent wait = barrierWait();
            ScriptedRecording.pause();
            wait.commit();
            ScriptedRecording.pause();
            sync.commit();
            task.commit();
            ScriptedRecording.pause();
        }));
        RecordedRun run = RecordingReader.read(file, Progress.silent());
        RunStates states = RunStates.of(run);
        ThreadRecord w = thread(run, "worker");
        Span idle = span(w, SpanType.IDLE);
        Span task = span(w, SpanType.IMPLICIT_TASK);
        Span mutex = span(w, SpanType.MUTEX_ACQUIRE);
        Span sync = span(w, SpanType.SYNC_REGION);
        Span wait = span(w, SpanType.SYNC_WAIT);

        assertEquals("idle 0/0/0", at(states, w, (idle.start + idle.end) / 2));
        assertEquals("overhead 7/70/0", at(states, w, (idle.end + task.start) / 2),
                "between idle and the implicit task: forking, on the region's account");
        assertEquals("work_parallel 7/70/0", at(states, w, (task.start + mutex.start) / 2));
        assertEquals("wait_critical 7/70/3", at(states, w, (mutex.start + mutex.end) / 2));
        assertEquals("work_parallel 7/70/0", at(states, w, (sync.start + wait.start) / 2),
                "arriving at the barrier is still the task's work");
        assertEquals("wait_barrier_implicit 7/70/7", at(states, w, (wait.start + wait.end) / 2));
        assertEquals("overhead 7/70/0", at(states, w, (wait.end + sync.end) / 2), "leaving the barrier");
        assertEquals("idle 0/0/0", at(states, w, task.end), "a worker with nothing to do");
    }

    /**
     * Every wait of a worker for work is an idle span, however short: between its spans a worker is looking for work
     * or running tasks too short for a span (a stage of 0.3 ms), which is overhead, not idleness (it was idle there).
     */
    @Test
    void aWorkerBetweenItsSpansIsInOverhead() throws Exception {
        Path file = ScriptedRecording.record(dir, () -> ScriptedRecording.onThread("worker", () -> {
            workerBegins();
            TaskEvent stage = new TaskEvent();
            stage.begin();
            stage.taskId = 30;
            ScriptedRecording.pause();
            stage.commit();
            ScriptedRecording.pause();
            waitsForWork();
        }));
        RecordedRun run = RecordingReader.read(file, Progress.silent());
        ThreadRecord w = thread(run, "worker");
        Span stage = span(w, SpanType.TASK);
        Span idle = span(w, SpanType.IDLE);
        assertEquals("overhead 0/0/0", at(RunStates.of(run), w, (stage.end + idle.start) / 2));
    }

    @Test
    void stateSamplesTellWhatNoSpanSaid() throws Exception {
        Thread[] sampled = new Thread[1];
        Path file = ScriptedRecording.record(dir, () -> ScriptedRecording.onThread("pool-worker", () -> {
            ThreadBeginEvent begin = new ThreadBeginEvent();
            begin.threadType = "worker";
            begin.ompThreadId = 5;
            begin.commit();
            sampled[0] = Thread.currentThread();
            for (int i = 0; i < 5; i++) {
                ScriptedRecording.pause();
                ThreadStateEvent s = new ThreadStateEvent();
                s.thread = sampled[0];
                s.ompThreadId = 5;
                s.state = "work_parallel";
                s.parallelId = 9;
                s.taskId = 90 + i;
                s.commit();
            }
            ScriptedRecording.pause();
        }));
        RecordedRun run = RecordingReader.read(file, Progress.silent());
        RunStates states = RunStates.of(run);
        ThreadRecord w = thread(run, "pool-worker");
        assertEquals(5, w.stateSamples().size());
        for (int i = 0; i < 5; i++) {
            assertEquals("work_parallel 9/" + (90 + i) + "/0", at(states, w, w.stateSamples().get(i).time),
                    "no task span was recorded: the sample says what the worker did");
        }
    }

    @Test
    void aTaskStillRunningWhenTheRecordingEndedIsKnownByItsWaits() throws Exception {
        Path file = ScriptedRecording.record(dir, () -> ScriptedRecording.onThread("late", () -> {
            criticalWait();
            ScriptedRecording.pause();
            SyncRegionWaitEvent wait = barrierWait();
            ScriptedRecording.pause();
            wait.commit();
        }));
        RecordedRun run = RecordingReader.read(file, Progress.silent());
        ThreadRecord t = thread(run, "late");
        RunStates states = RunStates.of(run);
        Span mutex = span(t, SpanType.MUTEX_ACQUIRE);
        Span wait = span(t, SpanType.SYNC_WAIT);
        assertEquals("wait_critical 7/70/3", at(states, t, (mutex.start + mutex.end) / 2),
                "no implicit-task span was recorded: the barrier's region and task stand for it");
        assertEquals("wait_barrier_implicit 7/70/7", at(states, t, (wait.start + wait.end) / 2));
        assertEquals(OmpState.WAIT_BARRIER_IMPLICIT, StateRule.waitState(null));
    }

    /** A worker's join of task {@code taskId} in {@code region}, which has no task span of its own. */
    private static void joinOf(long region, long taskId) throws InterruptedException {
        SyncRegionEvent sync = new SyncRegionEvent();
        sync.begin();
        sync.kind = "taskwait";
        sync.parallelId = region;
        sync.taskId = taskId;
        SyncRegionWaitEvent wait = new SyncRegionWaitEvent();
        wait.begin();
        wait.kind = "taskwait";
        wait.parallelId = region;
        wait.taskId = taskId;
        ScriptedRecording.pause();
        wait.commit();
        sync.commit();
    }

    /** The worker waits a moment for work: an idle span. */
    private static void waitsForWork() throws InterruptedException {
        IdleEvent idle = new IdleEvent();
        idle.begin();
        ScriptedRecording.pause();
        idle.commit();
    }

    private static void workerBegins() {
        ThreadBeginEvent begin = new ThreadBeginEvent();
        begin.threadType = "worker";
        begin.commit();
    }

    /**
     * Under the task threshold a task the worker ran inside a recorded task of its region (a join that helps) has no
     * span, but its join has: it ran within the recorded task, and the worker's time after that task is its own again
     * (it was taken for that task's until the recording's end, a phantom task all later gaps fell in).
     */
    @Test
    void aJoinInATaskWithNoSpanInsideARecordedTaskLeavesTheWorkersLaterTimeAlone() throws Exception {
        Path file = ScriptedRecording.record(dir, () -> ScriptedRecording.onThread("worker", () -> {
            workerBegins();
            TaskEvent outer = new TaskEvent();
            outer.begin();
            outer.parallelId = REGION;
            outer.taskId = 71;
            ScriptedRecording.pause();
            joinOf(REGION, 72);
            ScriptedRecording.pause();
            outer.commit();
            ScriptedRecording.pause();
            waitsForWork();
        }));
        RecordedRun run = RecordingReader.read(file, Progress.silent());
        ThreadRecord w = thread(run, "worker");
        Span outer = span(w, SpanType.TASK);
        Span idle = span(w, SpanType.IDLE);
        assertEquals("wait_taskwait 7/71/0", at(RunStates.of(run), w, (span(w, SpanType.SYNC_WAIT).start
                + span(w, SpanType.SYNC_WAIT).end) / 2));
        assertEquals("overhead 0/0/0", at(RunStates.of(run), w, (outer.end + idle.start) / 2));
    }

    /**
     * A task with no span at all (under the threshold, or the task events off) that joined ran until its worker next
     * waited for work: its region's work before its worker's idle span, the worker's own time after it.
     */
    @Test
    void aTaskWithNoSpanRunsUntilItsWorkersNextIdleSpan() throws Exception {
        Path file = ScriptedRecording.record(dir, () -> ScriptedRecording.onThread("worker", () -> {
            workerBegins();
            ScriptedRecording.pause();
            joinOf(REGION, 72);
            ScriptedRecording.pause();
            waitsForWork();
            ScriptedRecording.pause();
            waitsForWork();
        }));
        RecordedRun run = RecordingReader.read(file, Progress.silent());
        ThreadRecord w = thread(run, "worker");
        RunStates states = RunStates.of(run);
        Span join = span(w, SpanType.SYNC_REGION);
        List<Span> idles = w.spans().stream().filter(s -> s.type == SpanType.IDLE).collect(Collectors.toList());
        assertEquals("work_parallel 7/72/0", at(states, w, (join.end + idles.get(0).start) / 2));
        assertEquals("overhead 0/0/0", at(states, w, (idles.get(0).end + idles.get(1).start) / 2));
    }
}
