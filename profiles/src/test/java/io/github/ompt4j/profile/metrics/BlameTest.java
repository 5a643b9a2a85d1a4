package io.github.ompt4j.profile.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.jfr.events.IdleEvent;
import io.github.ompt4j.jfr.events.ImplicitTaskEvent;
import io.github.ompt4j.jfr.events.MutexAcquireEvent;
import io.github.ompt4j.jfr.events.MutexHeldEvent;
import io.github.ompt4j.jfr.events.ParallelRegionEvent;
import io.github.ompt4j.jfr.events.TaskEvent;
import io.github.ompt4j.jfr.events.ThreadBeginEvent;
import io.github.ompt4j.jfr.events.ThreadStateEvent;
import io.github.ompt4j.profile.Progress;
import io.github.ompt4j.profile.ScriptedRecording;
import io.github.ompt4j.profile.jfr.RecordedRun;
import io.github.ompt4j.profile.jfr.RecordingReader;
import io.github.ompt4j.profile.jfr.SpanType;
import io.github.ompt4j.profile.jfr.StateSample;
import io.github.ompt4j.profile.jfr.ThreadRecord;
import io.github.ompt4j.profile.model.Profile;
import io.github.ompt4j.profile.model.View;
import io.github.ompt4j.profile.state.Intervals;
import io.github.ompt4j.profile.state.RegionTable;
import io.github.ompt4j.profile.state.RunStates;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Blame shifting on recordings of real events: a lock wait is charged to the call site where the other thread
 * held the lock; a worker's idle time to the region that ran meanwhile.
 */
class BlameTest {
    @TempDir
    Path dir;

    @Test
    void aLockWaitIsBlamedOnTheHoldersCallSite() throws Exception {
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch waiting = new CountDownLatch(1);
        Path file = ScriptedRecording.record(dir, () -> {
            Thread holder = new Thread(() -> {
                MutexHeldEvent h = new MutexHeldEvent();
                h.begin();
                h.kind = "lock";
                h.waitId = 11;
                h.callSite = "App.update(App.java:40)";
                held.countDown();
                await(waiting);
                pause(20);
                h.commit();
            }, "holder");
            holder.start();
            await(held);
            MutexAcquireEvent w = new MutexAcquireEvent();
            w.begin();
            w.kind = "lock";
            w.waitId = 11;
            waiting.countDown();
            holder.join();
            w.commit();
        });
        LockBlame.Mutex m = theOnlyMutex(file);
        assertEquals(11, m.waitId);
        assertEquals(1, m.waits);
        String top = m.holders.keySet().iterator().next();
        assertEquals("App.update(App.java:40)", top, m.holders.toString());
        // The holder is charged exactly the time its hold overlaps the wait; the rest (the waiter's own wake-up,
        // which a loaded machine can stretch) has no recorded holder.
        long overlap = overlapNanos(file);
        assertTrue(overlap > 0);
        assertTrue(Math.abs(m.holders.get(top) - overlap) <= 1_000, overlap + " ns overlap, charged " + m.holders);
        assertEquals(m.waitNanos, m.holders.values().stream().mapToLong(Long::longValue).sum(), m.holders.toString());
    }

    /**
     * Traced waits without timed holds ({@code mutexes=on}): the wait names the holder it found, and the whole wait is
     * charged to where that holder took the lock.
     */
    @Test
    void withoutTimedHoldsAWaitIsBlamedOnTheHolderItNamed() throws Exception {
        Path file = recordBesideAHolder(holder -> {
            MutexAcquireEvent w = new MutexAcquireEvent();
            w.begin();
            w.kind = "critical";
            w.waitId = 12;
            w.holder = holder;
            w.holderCallSite = "App.post(App.java:52)";
            pause(10);
            w.commit();
        });
        LockBlame.Mutex m = theOnlyMutex(file);
        assertEquals(Map.of("App.post(App.java:52)", m.waitNanos), m.holders, "the whole wait, on the named holder");
    }

    /**
     * Without traced waits (the profiling settings), the waiter's state samples are the wait and the blame: three
     * name the holder and where it took the mutex, one the holder alone (a {@code java.util.concurrent} lock's holds
     * have no call site), one saw no holder, and each sample's time goes to what it named; the samples are counted
     * as samples.
     */
    @Test
    void sampledWaitsAreBlamedOnTheHoldersTheirSamplesNamed() throws Exception {
        Path file = recordBesideAHolder(holder -> ScriptedRecording.onThread("waiter", () -> {
            ThreadBeginEvent begin = new ThreadBeginEvent();
            begin.threadType = "other";
            begin.ompThreadId = 7;
            begin.commit();
            for (int i = 0; i < 5; i++) {
                ScriptedRecording.pause();
                ThreadStateEvent s = new ThreadStateEvent();
                s.thread = Thread.currentThread();
                s.ompThreadId = 7;
                s.state = "wait_critical";
                s.waitId = 12;
                s.callSite = "App.log(App.java:30)";
                s.holder = i < 4 ? holder : null;
                s.holderCallSite = i < 3 ? "App.post(App.java:52)" : null;
                s.commit();
            }
            ScriptedRecording.pause();
        }));
        LockBlame.Mutex m = theOnlyMutex(file);
        assertEquals(12, m.waitId);
        assertEquals("App.log(App.java:30)", m.site, "where the waiter waited, from its samples");
        assertEquals(0, m.waits, "no wait was traced");
        assertEquals(5, m.stateSamples);
        assertEquals(m.waitNanos, m.holders.values().stream().mapToLong(Long::longValue).sum(), m.holders.toString());
        // Each sample stands for the time from half a period before it to half a period before the next; how the
        // scripted samples' sleeps fell decides those times, so the expected shares are worked out from the
        // samples read back, not from a ratio of counts.
        assertEquals(expectedShares(file, "waiter"), m.holders);
        assertTrue(m.holders.get("App.post(App.java:52)") > 0 && m.holders.get(LockBlame.NO_HOLDER) > 0
                && m.holders.get("(unknown call site) by holder") > 0, m.holders.toString());

        RecordedRun run = RecordingReader.read(file, Progress.silent());
        WaitMetrics.Kind critical = WaitMetrics.of(new Profile(View.USER, "sampled", 0, List.of(), List.of()), run,
                RunStates.of(run)).get(0);
        assertEquals(0, critical.recordedCount);
        assertEquals(5, critical.stateSamples);
        assertEquals(m.waitNanos, critical.stateSampledNanos);
    }

    /**
     * The blame a sampled wait should get: each sample that decided the waiter's state, for the whole time it stands
     * for, to the holder's call site it named (or the holder, without one) or to {@link LockBlame#NO_HOLDER}.
     */
    private static Map<String, Long> expectedShares(Path file, String waiterName) throws Exception {
        RecordedRun run = RecordingReader.read(file, Progress.silent());
        ThreadRecord waiter = run.threads().stream().filter(t -> t.name.equals(waiterName)).findFirst().orElseThrow();
        Map<String, Long> shares = new HashMap<>();
        for (StateSample s : RunStates.of(run).deciding(waiter.index)) {
            String blamed = s.holder == null ? LockBlame.NO_HOLDER
                    : s.holderCallSite != null ? s.holderCallSite : "(unknown call site) by " + s.holder.name;
            shares.merge(blamed, s.nanos(), Long::sum);
        }
        return shares;
    }

    /** What the waiter's side of a recording does, given the thread that holds the mutex meanwhile. */
    private interface Waiter {
        void run(Thread holder) throws Exception;
    }

    /** A recording of {@code waiter}, while another thread, alive throughout, stands for the mutex's holder. */
    private Path recordBesideAHolder(Waiter waiter) throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        return ScriptedRecording.record(dir, () -> {
            Thread holder = new Thread(() -> {
                started.countDown();
                await(done);
            }, "holder");
            holder.start();
            await(started);
            waiter.run(holder);
            done.countDown();
            holder.join();
        });
    }

    /** How long the recorded hold and the recorded wait overlap, read back from the file. */
    private static long overlapNanos(Path file) throws Exception {
        RecordedEvent hold = null;
        RecordedEvent wait = null;
        for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
            hold = e.getEventType().getName().equals(MutexHeldEvent.NAME) ? e : hold;
            wait = e.getEventType().getName().equals(MutexAcquireEvent.NAME) ? e : wait;
        }
        Instant start = hold.getStartTime().isAfter(wait.getStartTime()) ? hold.getStartTime() : wait.getStartTime();
        Instant end = hold.getEndTime().isBefore(wait.getEndTime()) ? hold.getEndTime() : wait.getEndTime();
        return Duration.between(start, end).toNanos();
    }

    @Test
    void idleTimeIsBlamedOnTheRegionThatRan() throws Exception {
        Path file = ScriptedRecording.record(dir, () -> {
            ParallelRegionEvent region = new ParallelRegionEvent();
            region.begin();
            region.parallelId = 8;
            region.callSite = "App.narrow(App.java:12)";
            ImplicitTaskEvent task = new ImplicitTaskEvent();
            task.begin();
            task.parallelId = 8;
            task.taskId = 80;
            task.teamSize = 1;
            ScriptedRecording.onThread("idle-worker", () -> {
                ThreadBeginEvent begin = new ThreadBeginEvent();
                begin.threadType = "worker";
                begin.commit();
                IdleEvent idle = new IdleEvent();
                idle.begin();
                pause(20);
                idle.commit();
            });
            task.commit();
            region.commit();
        });
        RecordedRun run = RecordingReader.read(file, Progress.silent());
        RunStates states = RunStates.of(run);
        Map<String, Long> blame = IdleBlame.of(run, states, RegionTable.of(run, states));
        assertEquals("App.narrow(App.java:12)", blame.keySet().iterator().next(), blame.toString());
        assertTrue(blame.get("App.narrow(App.java:12)") >= 15_000_000, blame.toString());
    }

    /**
     * A worker's time that no span says is idle is not blamed as idle: between its task (a stage) and its idle span
     * the state rule takes it for idle by default, where a worker runs tasks under the threshold as well.
     */
    @Test
    void onlyRecordedIdlenessIsBlamed() throws Exception {
        Path file = ScriptedRecording.record(dir, () -> {
            ParallelRegionEvent region = new ParallelRegionEvent();
            region.begin();
            region.parallelId = 9;
            region.callSite = "App.wide(App.java:20)";
            ScriptedRecording.onThread("busy-worker", () -> {
                ThreadBeginEvent begin = new ThreadBeginEvent();
                begin.threadType = "worker";
                begin.commit();
                TaskEvent stage = new TaskEvent();
                stage.begin();
                stage.taskId = 90;
                pause(5);
                stage.commit();
                pause(30);
                IdleEvent idle = new IdleEvent();
                idle.begin();
                pause(20);
                idle.commit();
            });
            region.commit();
        });
        RecordedRun run = RecordingReader.read(file, Progress.silent());
        RunStates states = RunStates.of(run);
        Map<String, Long> blame = IdleBlame.of(run, states, RegionTable.of(run, states));
        long idle = run.threads().stream().filter(t -> t.name.equals("busy-worker")).findFirst().orElseThrow().spans()
                .stream().filter(s -> s.type == SpanType.IDLE).mapToLong(s -> s.end - s.start).sum();
        assertEquals(idle, blame.values().stream().mapToLong(Long::longValue).sum(), blame.toString());
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The recording's lock blame, which must name exactly one mutex. */
    private static LockBlame.Mutex theOnlyMutex(Path file) throws Exception {
        RecordedRun run = RecordingReader.read(file, Progress.silent());
        List<LockBlame.Mutex> mutexes = LockBlame.of(run, RunStates.of(run), Map.of());
        assertEquals(1, mutexes.size(), mutexes.toString());
        return mutexes.get(0);
    }
}
