package io.github.ompt4j.jmc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.jfr.events.MutexAcquireEvent;
import io.github.ompt4j.jfr.events.TaskEvent;
import io.github.ompt4j.model.OmptLockImpl;
import io.github.ompt4j.model.OmptMutexKind;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptSyncRegionKind;
import io.github.ompt4j.model.OmptTaskFlag;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.profile.ProfileCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.openjdk.jmc.common.item.IItemCollection;
import org.openjdk.jmc.flightrecorder.JfrLoaderToolkit;

/**
 * The rules and the report give each number its one definition (the note of {@code io.github.ompt4j.jfr}) and so
 * the same value on the same recording: a region whose second member waits 200 ms for a lock the first holds,
 * then works less, recorded as the default and the profiling settings record it (no {@code ompt.MutexAcquire}:
 * the state samples see the wait).
 */
class SameNumbersTest {
    private static final long LOCK = 5150;

    private static String report(Path recording) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(ProfileCommand.OK, ProfileCommand.run(List.of(recording.toString(), "--view", "machine"),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)),
                err.toString(StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    private static double number(String pattern, String text) {
        Matcher m = Pattern.compile(pattern).matcher(text);
        assertTrue(m.find(), pattern + " in\n" + text);
        return Double.parseDouble(m.group(1));
    }

    /** {@code t} takes the lock at once and holds it {@code millis}. */
    private static void holdTheLock(OmptThread t, long millis) {
        OmptRuntime.mutexAcquire(t, OmptMutexKind.LOCK, LOCK, 0, OmptLockImpl.OMP_LOCK.code(), 0, true);
        OmptRuntime.mutexAcquired(t, OmptMutexKind.LOCK, LOCK);
        Simulation.sleep(millis);
        OmptRuntime.mutexReleased(t, OmptMutexKind.LOCK, LOCK, 0);
    }

    /** {@code t} waits {@code millis} for the lock, then takes it and lets it go. */
    private static void waitForTheLock(OmptThread t, long millis) {
        OmptRuntime.mutexAcquire(t, OmptMutexKind.LOCK, LOCK, 0, OmptLockImpl.OMP_LOCK.code(), 0, true);
        Simulation.sleep(millis);
        OmptRuntime.mutexAcquired(t, OmptMutexKind.LOCK, LOCK);
        OmptRuntime.mutexReleased(t, OmptMutexKind.LOCK, LOCK, 0);
    }

    @Test
    void imbalanceAndLockContentionAreTheSameInTheReportAndTheRules() throws Exception {
        Path recording = Simulation.record(() -> Simulation.region(
                (t, n) -> holdTheLock(t, 300),
                (t, n) -> {
                    waitForTheLock(t, 200);
                    Simulation.sleep(20);
                }), MutexAcquireEvent.NAME);
        try {
            String report = report(recording);
            IItemCollection items = JfrLoaderToolkit.loadEvents(recording.toFile());
            List<OmptItems.Span> tasks = OmptItems.spans(items, OmptItems.IMPLICIT_TASK);

            long lost = 0;
            long team = 0;
            for (LoadImbalanceRule.Region r : LoadImbalanceRule.regions(tasks,
                    OmptItems.spans(items, OmptItems.SYNC_REGION_WAIT))) {
                lost += r.lost;
                team += r.teamTime();
            }
            double imbalance = number("Grid\\.relax\\(Grid\\.java:88\\)\\s+1\\s+2 .* ([\\d.]+)%\\n", report);
            assertTrue(imbalance > 10, report);
            assertEquals(imbalance, 100.0 * lost / team, 0.05, report);

            double waited = theSameLockWait(recording);
            double contention = number("\\n  lock " + LOCK + "[^:]*: [\\d.]+ ms waited \\(([\\d.]+)% contention\\)", report);
            assertTrue(contention > 10, report);
            assertEquals(contention, 100.0 * waited * 1e6 / OmptRule.teamTime(tasks), 0.05, report);
        } finally {
            Files.deleteIfExists(recording);
        }
    }

    /**
     * A member that waits for the lock inside a task of its own, which the recording has no span of (a task under
     * the threshold: here the tasks' events are off), is in its implicit task by the spans: its state samples name
     * the inner task, and the wait counts, in the report as in the rules.
     */
    @Test
    void aLockWaitInsideATaskWithNoSpanIsTheSameInTheReportAndTheRules() throws Exception {
        Path recording = Simulation.record(() -> Simulation.region(
                (t, n) -> holdTheLock(t, 300),
                (t, n) -> {
                    OmptRuntime.taskStart(t, OmptRuntime.taskCreate(t, OmptTaskFlag.UNDEFERRED, 0));
                    waitForTheLock(t, 200);
                    OmptRuntime.taskComplete(t);
                }), MutexAcquireEvent.NAME, TaskEvent.NAME);
        try {
            double waited = theSameLockWait(recording);
            assertTrue(waited > 100, "ms waited: " + waited);
        } finally {
            Files.deleteIfExists(recording);
        }
    }

    /**
     * A member that waits 5 to 7 ms for the lock between task waits of 1 or 2 ms, forty times (rounds of unequal
     * length, and shorter than the period, so that the samples do not fall in step with them): each sample that saw
     * the wait stands for the ticks it saw (the period is 10 ms), not for the 7 ms or less between the spans around
     * it, in the report as in the rules; clipped to those spans, waits that land in short stretches often would be
     * undercounted.
     */
    @Test
    void aLockWaitBetweenShortSpansIsTheSameInTheReportAndTheRulesAndCountsItsTicks() throws Exception {
        Path recording = Simulation.record(() -> Simulation.region(
                (t, n) -> holdTheLock(t, 300),
                (t, n) -> {
                    for (int i = 0; i < 40; i++) {
                        waitForTheLock(t, 5 + i % 3);
                        OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.TASKWAIT, Simulation.REGION_SITE);
                        OmptRuntime.syncWaitBegin(t, 0);
                        Simulation.sleep(1 + i % 2);
                        OmptRuntime.syncWaitEnd(t);
                        OmptRuntime.syncRegionEnd(t);
                    }
                }), MutexAcquireEvent.NAME);
        try {
            double waited = theSameLockWait(recording);
            double samples = number("\\n  lock " + LOCK + "[^\\n]* seen by (\\d+) state samples", report(recording));
            assertTrue(samples > 0 && waited > 8 * samples, waited + " ms seen by " + samples + " samples");
        } finally {
            Files.deleteIfExists(recording);
        }
    }

    /**
     * A member whose last sample saw it waiting for the lock, and which ended before the next, in a recording that goes
     * on (a region of one, later): the sample stands for no time after its thread's end (it stood for up to fifty
     * periods, half a second, in the rule, and in the report's waits by kind once they counted a sample's ticks).
     */
    @Test
    void aLockWaitJustBeforeItsThreadEndsStandsForNoTimeAfterIt() throws Exception {
        Path recording = Simulation.record(() -> {
            Simulation.region((t, n) -> holdTheLock(t, 150), (t, n) -> waitForTheLock(t, 200));
            Simulation.sleep(300);
            Simulation.region((t, n) -> Simulation.sleep(20));
        }, MutexAcquireEvent.NAME);
        try {
            double waited = theSameLockWait(recording);
            assertTrue(waited > 150 && waited < 260, "ms waited: " + waited);
        } finally {
            Files.deleteIfExists(recording);
        }
    }

    /** The time waited for {@link #LOCK}, in ms, the same in the report as in the rule, which ranks it first. */
    private static double theSameLockWait(Path recording) throws Exception {
        String report = report(recording);
        IItemCollection items = JfrLoaderToolkit.loadEvents(recording.toFile());
        LockContentionRule.Mutex top = LockContentionRule.sampledMutexes(OmptItems.stateSamples(items),
                OmptItems.taskSpans(items), OmptItems.notWorkSpans(items), OmptItems.statePeriod(items),
                ThreadLives.of(items)).get(0);
        assertEquals(LOCK, top.waitId);
        double waited = number("\\n  lock " + LOCK + "[^:]*: ([\\d.]+) ms waited", report);
        assertEquals(waited, top.total / 1e6, 0.05, report);
        return waited;
    }
}
