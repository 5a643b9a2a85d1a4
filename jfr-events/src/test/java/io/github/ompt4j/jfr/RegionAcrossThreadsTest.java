package io.github.ompt4j.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ompt4j.model.OmptInvoker;
import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import java.nio.file.Path;
import java.util.concurrent.SynchronousQueue;
import jdk.jfr.consumer.RecordedEvent;
import org.junit.jupiter.api.Test;

/**
 * A region may end on another thread than the one that began it (a ForkJoinPool region ends where its root
 * task completes): the tool keys open regions by ID, commits the event at the end, and keeps nothing after.
 */
class RegionAcrossThreadsTest {

    @Test
    void aRegionEndedOnAnotherThreadIsRecordedOnceAndForgotten() throws Exception {
        JfrTool tool = RecordingTool.ensureStarted();
        SynchronousQueue<OmptParallel> handOver = new SynchronousQueue<>();
        long[] id = new long[1];
        Path file = RecordingTool.record(() -> new OnThread().start("submitter", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.OTHER);
            OmptParallel region = OmptRuntime.parallelBegin(t, 4, 4, OmptInvoker.RUNTIME, SimulatedRun.REGION_SITE);
            id[0] = region.id();
            handOver.put(region);
            OmptRuntime.threadEnd(t);
        }).start("completer", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.WORKER);
            OmptRuntime.parallelEnd(t, handOver.take());
            OmptRuntime.threadEnd(t);
        }).join());
        try {
            RecordedEvent region = Recorded.read(file).one("ompt.ParallelRegion", "parallelId", id[0]);
            assertEquals("completer", region.getThread().getJavaName(), "committed where it ended");
            assertEquals("runtime", region.getString("invoker"));
            assertEquals(4, region.getInt("requestedTeamSize"));
            assertEquals(0, tool.openRegions(), "the region left the table at its end");
            assertEquals(0, tool.trackedThreads(), "ended threads leave nothing behind");
        } finally {
            RecordingTool.delete(file);
        }
    }
}
