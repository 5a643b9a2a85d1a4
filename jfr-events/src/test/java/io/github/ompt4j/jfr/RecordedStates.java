package io.github.ompt4j.jfr;

import io.github.ompt4j.jfr.events.IdleEvent;
import io.github.ompt4j.jfr.events.ImplicitTaskEvent;
import io.github.ompt4j.jfr.events.InitialTaskEvent;
import io.github.ompt4j.jfr.events.MutexAcquireEvent;
import io.github.ompt4j.jfr.events.ParallelRegionEvent;
import io.github.ompt4j.jfr.events.SyncRegionEvent;
import io.github.ompt4j.jfr.events.SyncRegionWaitEvent;
import io.github.ompt4j.jfr.events.TaskEvent;
import io.github.ompt4j.jfr.events.ThreadBeginEvent;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * The derivation the package documentation describes, written out: a thread's OMPT state, wait ID, current
 * region and current task at an instant, from the recording alone. It is what an analysis (the report, a
 * JMC rule) does; the tests check it against what the model said at {@link SimulatedRun.Probe} instants.
 */
final class RecordedStates {
    /** What the recording says about one thread at one instant. */
    static final class Answer {
        final String state;
        final long waitId;
        final long parallelId;
        final long taskId;

        Answer(String state, long waitId, long parallelId, long taskId) {
            this.state = state;
            this.waitId = waitId;
            this.parallelId = parallelId;
            this.taskId = taskId;
        }

        @Override
        public String toString() {
            return state + " wait=" + waitId + " region=" + parallelId + " task=" + taskId;
        }
    }

    private final Map<String, List<RecordedEvent>> byThread = new HashMap<>();

    static RecordedStates read(Path file) throws IOException {
        RecordedStates states = new RecordedStates();
        for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
            if (e.getEventType().getName().startsWith("ompt.") && e.getThread() != null) {
                states.byThread.computeIfAbsent(e.getThread().getJavaName(), k -> new ArrayList<>()).add(e);
            }
        }
        return states;
    }

    private static String type(RecordedEvent e) {
        return e.getEventType().getName();
    }

    private static boolean contains(RecordedEvent e, Instant t) {
        return !e.getStartTime().isAfter(t) && e.getEndTime().isAfter(t);
    }

    /** The innermost (latest-starting) span of one of {@code types} on the thread that contains {@code t}. */
    private static RecordedEvent innermost(List<RecordedEvent> events, Instant t, String... types) {
        RecordedEvent best = null;
        for (RecordedEvent e : events) {
            if (List.of(types).contains(type(e)) && contains(e, t)
                    && (best == null || e.getStartTime().isAfter(best.getStartTime()))) {
                best = e;
            }
        }
        return best;
    }

    private static String waitState(String syncKind) {
        switch (syncKind) {
            case "barrier_explicit":
                return "wait_barrier_explicit";
            case "taskwait":
                return "wait_taskwait";
            case "taskgroup":
                return "wait_taskgroup";
            default:
                return "wait_barrier_implicit";
        }
    }

    private static String mutexWaitState(String mutexKind) {
        switch (mutexKind) {
            case "critical":
                return "wait_critical";
            case "atomic":
                return "wait_atomic";
            case "ordered":
                return "wait_ordered";
            default:
                return "wait_lock";
        }
    }

    Answer at(String thread, Instant t) {
        List<RecordedEvent> events = byThread.getOrDefault(thread, List.of());
        // 1. The current task: the innermost explicit or implicit task span, else the thread's initial task.
        RecordedEvent task = innermost(events, t, TaskEvent.NAME, ImplicitTaskEvent.NAME);
        long taskId = task != null ? task.getLong("taskId") : initialTask(events);
        long parallelId = task != null ? task.getLong("parallelId") : 0;
        // 2. Waits and idleness cover everything else.
        RecordedEvent acquire = innermost(events, t, MutexAcquireEvent.NAME);
        if (acquire != null) {
            return new Answer(mutexWaitState(acquire.getString("kind")), acquire.getLong("waitId"), parallelId, taskId);
        }
        RecordedEvent wait = innermost(events, t, SyncRegionWaitEvent.NAME);
        if (wait != null) {
            return new Answer(waitState(wait.getString("kind")), wait.getLong("waitId"), parallelId, taskId);
        }
        if (innermost(events, t, IdleEvent.NAME) != null) {
            return new Answer("idle", 0, 0, 0);
        }
        // 3. Inside the current task: a reduction, the way out of a barrier, or work.
        RecordedEvent sync = innermost(events, t, SyncRegionEvent.NAME);
        if (sync != null && (task == null || sync.getStartTime().isAfter(task.getStartTime()))) {
            if (sync.getString("kind").equals("reduction")) {
                return new Answer("work_reduction", 0, parallelId, taskId);
            }
            if (waitEndedInside(events, sync, t)) {
                return new Answer("overhead", 0, parallelId, taskId);
            }
        }
        if (task != null) {
            return new Answer(parallelId != 0 ? "work_parallel" : "work_serial", 0, parallelId, taskId);
        }
        // 4. No task: forking or joining a region, a worker between idle and its task, or serial code.
        if (innermost(events, t, ParallelRegionEvent.NAME) != null) {
            return new Answer("overhead", 0, 0, taskId);
        }
        if (isWorker(events)) {
            return new Answer(lastEndedIsIdle(events, t) ? "overhead" : "idle", 0, 0, 0);
        }
        return new Answer("work_serial", 0, 0, taskId);
    }

    private static boolean waitEndedInside(List<RecordedEvent> events, RecordedEvent sync, Instant t) {
        for (RecordedEvent e : events) {
            if (type(e).equals(SyncRegionWaitEvent.NAME) && !e.getStartTime().isBefore(sync.getStartTime())
                    && !e.getEndTime().isAfter(t)) {
                return true;
            }
        }
        return false;
    }

    private static long initialTask(List<RecordedEvent> events) {
        for (RecordedEvent e : events) {
            if (type(e).equals(InitialTaskEvent.NAME)) {
                return e.getLong("taskId");
            }
        }
        return 0;
    }

    private static boolean isWorker(List<RecordedEvent> events) {
        for (RecordedEvent e : events) {
            if (type(e).equals(ThreadBeginEvent.NAME)) {
                return e.getString("threadType").equals("worker");
            }
        }
        return false;
    }

    private static boolean lastEndedIsIdle(List<RecordedEvent> events, Instant t) {
        RecordedEvent last = null;
        for (RecordedEvent e : events) {
            if (e.getDuration().isZero() || e.getEndTime().isAfter(t)) {
                continue;
            }
            if (last == null || e.getEndTime().isAfter(last.getEndTime())) {
                last = e;
            }
        }
        return last != null && type(last).equals(IdleEvent.NAME);
    }
}
