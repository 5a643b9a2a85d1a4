package io.github.ompt4j.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ompt4j.model.OmptInvoker;
import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptSyncRegionKind;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import jdk.jfr.consumer.RecordedEvent;
import org.junit.jupiter.api.Test;

/** A state sample of a thread waiting at a barrier carries the sampled thread, its state, wait ID, region and task. */
class ThreadStateTest {

    @Test
    void aSampleTellsAnotherThreadsStateFromOutside() throws Exception {
        CountDownLatch waiting = new CountDownLatch(1);
        CountDownLatch sampled = new CountDownLatch(1);
        long[] ids = new long[3];
        Path file = RecordingTool.record(() -> {
            OnThread thread = new OnThread().start("sampled", () -> {
                OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
                ids[0] = t.id();
                OmptParallel region = OmptRuntime.parallelBegin(t, 1, 1, OmptInvoker.PROGRAM, 0);
                ids[1] = region.id();
                ids[2] = OmptRuntime.implicitTaskBegin(t, region, 0).id();
                OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.BARRIER_EXPLICIT, 0);
                OmptRuntime.syncWaitBegin(t, region.id());
                waiting.countDown();
                sampled.await();
                OmptRuntime.syncWaitEnd(t);
                OmptRuntime.syncRegionEnd(t);
                OmptRuntime.implicitTaskEnd(t);
                OmptRuntime.parallelEnd(t, region);
                OmptRuntime.threadEnd(t);
            });
            waiting.await();
            ThreadStateSampler.sample();
            sampled.countDown();
            thread.join();
        });
        try {
            // Our sample, not one JFR's periodic thread may have taken while the thread was still starting.
            String sampler = Thread.currentThread().getName();
            RecordedEvent sample = Recorded.read(file).of("ompt.ThreadState").stream()
                    .filter(e -> e.getLong("ompThreadId") == ids[0] && e.getThread().getJavaName().equals(sampler))
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
}
