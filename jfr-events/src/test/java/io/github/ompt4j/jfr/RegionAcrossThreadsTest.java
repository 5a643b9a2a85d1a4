package io.github.ompt4j.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.jfr.events.OriginEvent;
import io.github.ompt4j.jfr.events.ParallelRegionEvent;
import io.github.ompt4j.model.OmptInvoker;
import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.SynchronousQueue;
import java.util.stream.Collectors;
import jdk.jfr.consumer.RecordedEvent;
import org.junit.jupiter.api.Test;

/**
 * A region may end on another thread than the one that began it (a ForkJoinPool region ends where its root
 * task completes): the tool keys open regions by ID, commits the event at the end, and keeps nothing after;
 * the stack that entered it is its origin's, taken where it began.
 */
class RegionAcrossThreadsTest {

    @Test
    void aRegionEndedOnAnotherThreadIsRecordedOnceAndForgotten() throws Exception {
        JfrTool tool = RecordingTool.ensureStarted();
        SynchronousQueue<OmptParallel> handOver = new SynchronousQueue<>();
        long[] id = new long[1];
        long[] serial = new long[1];
        Path file = RecordingTool.record(() -> new OnThread().start("submitter", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.OTHER);
            OmptParallel region = OmptRuntime.parallelBegin(t, 4, 4, OmptInvoker.RUNTIME, SimulatedRun.REGION_SITE);
            id[0] = region.id();
            OmptRuntime.rootTaskCreate(t, region, 0, SimulatedRun.TASK_SITE);
            handOver.put(region);
            serial[0] = OmptRuntime.taskCreate(t, 0, SimulatedRun.TASK_SITE).id();
            OmptRuntime.threadEnd(t);
        }).start("completer", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.WORKER);
            OmptRuntime.parallelEnd(t, handOver.take());
            OmptRuntime.threadEnd(t);
        }).join());
        try {
            Recorded rec = Recorded.read(file);
            RecordedEvent region = rec.one(ParallelRegionEvent.NAME, "parallelId", id[0]);
            assertEquals("completer", region.getThread().getJavaName(), "committed where it ended");
            RecordedEvent origin = rec.one(OriginEvent.NAME, "parallelId", id[0]);
            assertEquals("submitter", origin.getThread().getJavaName(), "the stack where it began");
            assertTrue(origin.getStackTrace().getFrames().stream()
                    .anyMatch(f -> f.getMethod().getType().getName().startsWith(getClass().getName())), "the submitter's code");
            assertEquals(List.of(serial[0]), rec.of(OriginEvent.NAME).stream().filter(e -> e.getLong("parallelId") == 0)
                    .map(e -> e.getLong("taskId")).collect(Collectors.toList()),
                    "serial code's task has an origin; the region's root task stands on the region's");
            assertEquals("runtime", region.getString("invoker"));
            assertEquals(4, region.getInt("requestedTeamSize"));
            assertEquals(0, tool.openRegions(), "the region left the table at its end");
            assertEquals(0, tool.trackedThreads(), "ended threads leave nothing behind");
        } finally {
            RecordingTool.delete(file);
        }
    }
}
