package io.github.ompt4j.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ompt4j.jfr.events.ControlEvent;
import io.github.ompt4j.jfr.events.ImplicitTaskEvent;
import io.github.ompt4j.jfr.events.ParallelRegionEvent;
import io.github.ompt4j.model.Ompt;
import io.github.ompt4j.model.OmptInvoker;
import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import java.nio.file.Path;
import java.util.List;
import jdk.jfr.consumer.RecordedEvent;
import org.junit.jupiter.api.Test;

/** ompt_control pause stops new spans, start resumes them; a span open at the pause still ends; control is recorded. */
class PauseTest {

    private static long region(OmptThread t) {
        OmptParallel region = OmptRuntime.parallelBegin(t, 1, 1, OmptInvoker.PROGRAM, 0);
        OmptRuntime.implicitTaskBegin(t, region, 0);
        OmptRuntime.implicitTaskEnd(t);
        OmptRuntime.parallelEnd(t, region);
        return region.id();
    }

    @Test
    void pausedRegionsAreNotRecordedAndOpenOnesStillEnd() throws Exception {
        long[] ids = new long[4];
        Path file = RecordingTool.record(() -> OnThread.run("pausing", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            try {
                ids[0] = region(t);
                OmptParallel open = OmptRuntime.parallelBegin(t, 1, 1, OmptInvoker.PROGRAM, 0);
                ids[1] = open.id();
                OmptRuntime.implicitTaskBegin(t, open, 0);
                Ompt.control(2, 0);
                OmptRuntime.implicitTaskEnd(t);
                OmptRuntime.parallelEnd(t, open);
                ids[2] = region(t);
            } finally {
                Ompt.control(1, 0);
            }
            ids[3] = region(t);
            OmptRuntime.threadEnd(t);
        }));
        try {
            Recorded rec = Recorded.read(file);
            List<Long> regions = rec.of(ParallelRegionEvent.NAME, "pausing").stream().map(e -> e.getLong("parallelId"))
                    .collect(java.util.stream.Collectors.toList());
            assertEquals(List.of(ids[0], ids[1], ids[3]), regions, "the region begun while paused is missing");
            assertEquals(3, rec.of(ImplicitTaskEvent.NAME, "pausing").size(), "the open implicit task ended too");
            List<String> commands = rec.of(ControlEvent.NAME, "pausing").stream().map(e -> e.getString("commandName"))
                    .collect(java.util.stream.Collectors.toList());
            assertEquals(List.of("pause", "start"), commands);
            for (RecordedEvent e : rec.of(ControlEvent.NAME)) {
                assertEquals(0, e.getLong("modifier"));
            }
        } finally {
            RecordingTool.delete(file);
        }
    }
}
