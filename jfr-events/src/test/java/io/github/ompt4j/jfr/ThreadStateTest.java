package io.github.ompt4j.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.jfr.events.ThreadStateEvent;
import io.github.ompt4j.model.CallSites;
import io.github.ompt4j.model.OmptInvoker;
import io.github.ompt4j.model.OmptMutexKind;
import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptSyncRegionKind;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import jdk.jfr.consumer.RecordedEvent;
import org.junit.jupiter.api.Test;

/**
 * A state sample of a thread waiting at a barrier carries the sampled thread, its state, wait ID, region and task;
 * one of a thread waiting for a mutex names where it waits and who holds the mutex, and where they took it.
 */
class ThreadStateTest {

    /**
     * The samples the test's own thread took with a {@link ThreadStateSampler} of its own, not those JFR's periodic
     * thread may have taken while the sampled threads were still starting.
     */
    private static List<RecordedEvent> samplesTakenHere(Path file) throws Exception {
        String sampler = Thread.currentThread().getName();
        return Recorded.read(file).of(ThreadStateEvent.NAME).stream()
                .filter(e -> e.getThread().getJavaName().equals(sampler)).collect(Collectors.toList());
    }

    /** What a thread that waits at a barrier began with: itself, its region, its implicit task. */
    private interface Begun {
        void with(OmptThread thread, long regionId, long taskId);
    }

    /**
     * On the calling thread: begin as an initial thread, wait at an explicit barrier of a region of its own, say so
     * ({@code waiting}) and stay until {@code released}, then end it all.
     */
    private static void waitAtABarrier(Begun begun, CountDownLatch waiting, CountDownLatch released)
            throws InterruptedException {
        OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
        OmptParallel region = OmptRuntime.parallelBegin(t, 1, 1, OmptInvoker.PROGRAM, 0);
        begun.with(t, region.id(), OmptRuntime.implicitTaskBegin(t, region, 0).id());
        OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.BARRIER_EXPLICIT, 0);
        OmptRuntime.syncWaitBegin(t, region.id());
        waiting.countDown();
        released.await();
        OmptRuntime.syncWaitEnd(t);
        OmptRuntime.syncRegionEnd(t);
        OmptRuntime.implicitTaskEnd(t);
        OmptRuntime.parallelEnd(t, region);
        OmptRuntime.threadEnd(t);
    }

    @Test
    void aSampleTellsAnotherThreadsStateFromOutside() throws Exception {
        CountDownLatch waiting = new CountDownLatch(1);
        CountDownLatch sampled = new CountDownLatch(1);
        long[] ids = new long[3];
        Path file = RecordingTool.record(() -> {
            OnThread thread = new OnThread().start("sampled", () -> waitAtABarrier((t, region, task) -> {
                ids[0] = t.id();
                ids[1] = region;
                ids[2] = task;
            }, waiting, sampled));
            waiting.await();
            new ThreadStateSampler().sample();
            sampled.countDown();
            thread.join();
        });
        try {
            RecordedEvent sample = samplesTakenHere(file).stream().filter(e -> e.getLong("ompThreadId") == ids[0])
                    .findFirst().orElseThrow();
            assertEquals("sampled", sample.getThread("thread").getJavaName());
            assertEquals("wait_barrier_explicit", sample.getString("state"));
            assertEquals(ids[1], sample.getLong("waitId"));
            assertEquals(ids[1], sample.getLong("parallelId"));
            assertEquals(ids[2], sample.getLong("taskId"));
        } finally {
            RecordingTool.delete(file);
        }
    }

    @Test
    void aSampleOfAMutexWaitNamesTheHolderAndWhereItTookTheMutex() throws Exception {
        long lock = 4711;
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch waiting = new CountDownLatch(1);
        CountDownLatch sampled = new CountDownLatch(1);
        Path file = RecordingTool.record(() -> {
            OnThread holder = new OnThread().start("holder", () -> {
                OmptThread t = OmptRuntime.threadBegin(OmptThreadType.OTHER);
                t.markCallSite(CallSites.token("com.example.Bank.transfer(Bank.java:12)"));
                OmptRuntime.mutexAcquire(t, OmptMutexKind.LOCK, lock, 0, 0, 0, false);
                OmptRuntime.mutexAcquired(t, OmptMutexKind.LOCK, lock);
                t.markCallSite(0);
                held.countDown();
                sampled.await();
                OmptRuntime.mutexReleased(t, OmptMutexKind.LOCK, lock, 0);
                OmptRuntime.threadEnd(t);
            });
            OnThread waiter = new OnThread().start("waiter", () -> {
                held.await();
                OmptThread t = OmptRuntime.threadBegin(OmptThreadType.OTHER);
                t.markCallSite(CallSites.token("com.example.Bank.audit(Bank.java:40)"));
                OmptRuntime.mutexAcquire(t, OmptMutexKind.LOCK, lock, 0, 0, 0, true);
                waiting.countDown();
                sampled.await();
                OmptRuntime.mutexAcquired(t, OmptMutexKind.LOCK, lock);
                OmptRuntime.mutexReleased(t, OmptMutexKind.LOCK, lock, 0);
                OmptRuntime.threadEnd(t);
            });
            waiting.await();
            new ThreadStateSampler().sample();
            sampled.countDown();
            holder.join();
            waiter.join();
        });
        try {
            List<RecordedEvent> ours = samplesTakenHere(file);
            RecordedEvent inWait = ours.stream().filter(e -> e.getThread("thread").getJavaName().equals("waiter"))
                    .findFirst().orElseThrow();
            assertEquals("wait_lock", inWait.getString("state"));
            assertEquals(lock, inWait.getLong("waitId"));
            assertEquals("com.example.Bank.audit(Bank.java:40)", inWait.getString("callSite"));
            assertEquals("holder", inWait.getThread("holder").getJavaName());
            assertEquals("com.example.Bank.transfer(Bank.java:12)", inWait.getString("holderCallSite"));
            assertTrue(ours.stream().noneMatch(e -> e.getThread("thread").getJavaName().equals("holder")),
                    "the holder is in serial work in its initial task, which its spans say: no sample repeats it");
        } finally {
            RecordingTool.delete(file);
        }
    }

    /**
     * A thread read unchanged is written once, again after {@link ThreadStateEvent#MAX_UNCHANGED_PERIODS} passes, at
     * each change, and once when it goes back to serial work, which ends its last sample's stretch.
     */
    @Test
    void aSampleIsWrittenWhenTheStateChangesOrAfterTheMostPeriodsOneStandsFor() throws Exception {
        CountDownLatch[] steps = {new CountDownLatch(1), new CountDownLatch(1), new CountDownLatch(1),
                new CountDownLatch(1), new CountDownLatch(1), new CountDownLatch(1)};
        long[] ids = new long[1];
        int unchanged = ThreadStateEvent.MAX_UNCHANGED_PERIODS;
        Path file = RecordingTool.record(() -> {
            OnThread thread = new OnThread().start("sampled", () -> {
                OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
                ids[0] = t.id();
                OmptParallel region = OmptRuntime.parallelBegin(t, 1, 1, OmptInvoker.PROGRAM, 0);
                OmptRuntime.implicitTaskBegin(t, region, 0);
                steps[0].countDown();
                steps[1].await();
                OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.BARRIER_EXPLICIT, 0);
                OmptRuntime.syncWaitBegin(t, region.id());
                steps[2].countDown();
                steps[3].await();
                OmptRuntime.syncWaitEnd(t);
                OmptRuntime.syncRegionEnd(t);
                OmptRuntime.implicitTaskEnd(t);
                OmptRuntime.parallelEnd(t, region);
                steps[4].countDown();
                steps[5].await();
                OmptRuntime.threadEnd(t);
            });
            ThreadStateSampler sampler = new ThreadStateSampler();
            steps[0].await();
            sampler.sample();
            sampler.sample();
            steps[1].countDown();
            steps[2].await();
            for (int i = 0; i < unchanged + 1; i++) {
                sampler.sample();
            }
            steps[3].countDown();
            steps[4].await();
            sampler.sample();
            sampler.sample();
            steps[5].countDown();
            thread.join();
        });
        try {
            List<String> states = samplesTakenHere(file).stream().filter(e -> e.getLong("ompThreadId") == ids[0])
                    .map(e -> e.getString("state")).collect(Collectors.toList());
            assertEquals(List.of("work_parallel", "wait_barrier_explicit", "wait_barrier_explicit", "work_serial"),
                    states);
        } finally {
            RecordingTool.delete(file);
        }
    }

    /**
     * A thread sampled in a wait and then ended is not kept by the sampler until its next pass: its last pass's map
     * held the data of a batch of 10,000 virtual threads (each with its {@code Thread} and continuation) that had
     * ended, 15–19 MB in {@code StressIT}'s measure of the heap after a run.
     */
    @Test
    void aThreadThatEndedAfterAPassIsNotKeptByTheSampler() throws Exception {
        ThreadStateSampler sampler = new ThreadStateSampler();
        List<WeakReference<OmptThread>> data = new ArrayList<>();
        CountDownLatch waiting = new CountDownLatch(1);
        CountDownLatch sampled = new CountDownLatch(1);
        Path file = RecordingTool.record(() -> {
            OnThread thread = new OnThread().start("sampled", () -> waitAtABarrier(
                    (t, region, task) -> data.add(new WeakReference<>(t)), waiting, sampled));
            waiting.await();
            sampler.sample();
            sampled.countDown();
            thread.join();
        });
        RecordingTool.delete(file);
        for (int i = 0; i < 50 && data.get(0).get() != null; i++) {
            System.gc();
            Thread.sleep(10);
        }
        assertNull(data.get(0).get(), "the sampler keeps no ended thread's data");
    }
}
