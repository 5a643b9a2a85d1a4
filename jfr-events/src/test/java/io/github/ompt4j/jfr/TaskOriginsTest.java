package io.github.ompt4j.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.jfr.events.OriginEvent;
import io.github.ompt4j.jfr.events.ThreadStateEvent;
import io.github.ompt4j.model.CallSites;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptTask;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.SynchronousQueue;
import java.util.stream.Collectors;
import jdk.jfr.consumer.RecordedEvent;
import org.junit.jupiter.api.Test;

/**
 * Serial code's tasks (stages) from one method in a row share one origin, a stage from another method takes its own,
 * and a state sample of a task outside any region names the stage serial code created that it descends from.
 */
class TaskOriginsTest {
    private static final long QUOTE = CallSites.token("com.example.Basket", "price", "Basket.java", 10);
    private static final long DISCOUNT = CallSites.token("com.example.Basket", "price", "Basket.java", 11);
    private static final long AUDIT = CallSites.token("com.example.Basket", "audit", "Basket.java", 20);

    @Test
    void stagesFromOneMethodInARowShareAnOriginAndAnotherMethodTakesItsOwn() throws Exception {
        int stages = 200;
        long[] ids = new long[stages + 3];
        Path file = RecordingTool.record(() -> new OnThread().start("creator", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            ids[0] = t.currentTask().id();
            ids[1] = OmptRuntime.taskCreate(t, 0, QUOTE).id();
            ids[2] = OmptRuntime.taskCreate(t, 0, AUDIT).id();
            for (int i = 0; i < stages; i++) {
                ids[i + 3] = OmptRuntime.taskCreate(t, 0, i % 2 == 0 ? QUOTE : DISCOUNT).id();
            }
            OmptRuntime.threadEnd(t);
        }).join());
        try {
            List<RecordedEvent> origins = Recorded.read(file).of(OriginEvent.NAME, "creator");
            List<Long> tasks = origins.stream().map(e -> e.getLong("taskId")).collect(Collectors.toList());
            assertTrue(origins.stream().allMatch(e -> e.getLong("parentTaskId") == ids[0]), "the creator is named");
            assertEquals(List.of(ids[1], ids[2], ids[3]), tasks.subList(0, 3),
                    "the first stage walks, one of another method right after too, and the first of the first again");
            assertTrue(tasks.size() < stages + 2, tasks.size() + " origins: the stages of one method in a row share");
        } finally {
            RecordingTool.delete(file);
        }
    }

    @Test
    void anOriginCoversTheSameCreatorAndMethodForAHundredMicroseconds() {
        LastOrigin last = new LastOrigin();
        CallSiteNames sites = new CallSiteNames();
        long price = sites.method(QUOTE);
        assertEquals(price, sites.method(DISCOUNT), "two lines of one method");
        assertTrue(price != sites.method(AUDIT));
        last.taken(7, price, 1_000);
        assertTrue(last.covers(7, price, 1_000 + LastOrigin.SHARED_NANOS - 1));
        assertFalse(last.covers(7, price, 1_000 + LastOrigin.SHARED_NANOS), "too late");
        assertFalse(last.covers(8, price, 1_001), "another creator");
        assertFalse(last.covers(7, sites.method(AUDIT), 1_001), "another method");
        assertFalse(last.covers(7, sites.method(0), 1_001), "an unknown call site");
        last.taken(0, price, 2_000);
        assertFalse(last.covers(0, price, 2_001), "an unknown creator");
    }

    @Test
    void aSampleOfATaskATriggeredStageRunsNamesTheStageSerialCodeCreatedAndItsCreator() throws Exception {
        SynchronousQueue<OmptTask> handOver = new SynchronousQueue<>();
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch sampled = new CountDownLatch(1);
        long[] ids = new long[3];
        Path file = RecordingTool.record(() -> {
            OnThread threads = new OnThread().start("creator", () -> {
                OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
                ids[0] = t.currentTask().id();
                OmptTask stage = OmptRuntime.taskCreate(t, 0, QUOTE);
                ids[1] = stage.id();
                handOver.put(stage);
                sampled.await();
                OmptRuntime.threadEnd(t);
            }).start("runner", () -> {
                OmptThread w = OmptRuntime.threadBegin(OmptThreadType.WORKER);
                OmptRuntime.taskStart(w, handOver.take());
                OmptTask triggered = OmptRuntime.taskCreate(w, 0, 0);
                ids[2] = triggered.id();
                OmptRuntime.taskStart(w, triggered);
                running.countDown();
                sampled.await();
                OmptRuntime.taskComplete(w);
                OmptRuntime.taskComplete(w);
                OmptRuntime.threadEnd(w);
            });
            running.await();
            new ThreadStateSampler().sample();
            sampled.countDown();
            threads.join();
        });
        try {
            String sampler = Thread.currentThread().getName();
            RecordedEvent sample = Recorded.read(file).of(ThreadStateEvent.NAME).stream()
                    .filter(e -> e.getThread().getJavaName().equals(sampler)
                            && e.getThread("thread").getJavaName().equals("runner")).findFirst().orElseThrow();
            assertEquals(ids[2], sample.getLong("taskId"));
            assertEquals(ids[1], sample.getLong("originTaskId"));
            assertEquals(ids[0], sample.getLong("originParentTaskId"));
        } finally {
            RecordingTool.delete(file);
        }
    }
}
