package io.github.ompt4j.profile.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ompt4j.jfr.events.IdleEvent;
import io.github.ompt4j.jfr.events.TaskEvent;
import io.github.ompt4j.jfr.events.ThreadBeginEvent;
import io.github.ompt4j.profile.Progress;
import io.github.ompt4j.profile.ScriptedRecording;
import io.github.ompt4j.profile.jfr.RecordedRun;
import io.github.ompt4j.profile.jfr.RecordingReader;
import io.github.ompt4j.profile.jfr.Span;
import io.github.ompt4j.profile.jfr.SpanType;
import io.github.ompt4j.profile.model.OmpState;
import io.github.ompt4j.profile.model.Profile;
import io.github.ompt4j.profile.model.View;
import io.github.ompt4j.profile.state.RunStates;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's waits by kind: what was recorded is what the spans say, not what the rule guessed between them. */
class WaitMetricsTest {
    @TempDir
    Path dir;

    /**
     * A worker idles (a span), runs a task, has no span for 20 ms, and idles again: the rule takes the 20 ms for idle,
     * by default (a worker with nothing to do, or running tasks under the threshold), which is no recorded idleness.
     */
    @Test
    void theRecordedTimeOfAWaitIsItsSpansOnly() throws Exception {
        Path file = ScriptedRecording.record(dir, () -> ScriptedRecording.onThread("pool-worker", () -> {
            ThreadBeginEvent begin = new ThreadBeginEvent();
            begin.threadType = "worker";
            begin.ompThreadId = 3;
            begin.commit();
            IdleEvent idle = new IdleEvent();
            idle.begin();
            ScriptedRecording.pause();
            idle.commit();
            TaskEvent task = new TaskEvent();
            task.begin();
            task.taskId = 30;
            ScriptedRecording.pause();
            task.commit();
            Thread.sleep(20);
            IdleEvent again = new IdleEvent();
            again.begin();
            ScriptedRecording.pause();
            again.commit();
        }));
        RecordedRun run = RecordingReader.read(file, Progress.silent());
        WaitMetrics.Kind idle = WaitMetrics.of(new Profile(View.USER, "sampled", 0, List.of(), List.of()), run,
                RunStates.of(run)).stream().filter(k -> k.state == OmpState.IDLE).findFirst().orElseThrow();
        List<Span> spans = run.threads().stream().filter(t -> t.name.equals("pool-worker")).findFirst().orElseThrow()
                .spans();
        assertEquals(2, idle.recordedCount);
        assertEquals(spans.stream().filter(s -> s.type == SpanType.IDLE).mapToLong(s -> s.end - s.start).sum(),
                idle.recordedNanos);
    }
}
