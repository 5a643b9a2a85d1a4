package io.github.ompt4j.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ompt4j.jfr.events.OmptEventTypes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import jdk.jfr.Event;
import jdk.jfr.consumer.RecordedEvent;
import org.junit.jupiter.api.Test;

/**
 * The package documentation promises that a thread's OMPT state, current region and current task can be read
 * off a recording with the default thresholds at any instant. At every probe of a simulated run the
 * derivation ({@link RecordedStates}) must give what the model said then.
 */
class StateDerivationTest {

    @Test
    void atEveryProbeTheRecordingTellsTheModelsStateRegionAndTask() throws Exception {
        SimulatedRun run = new SimulatedRun();
        Path file = RecordingTool.record(recording -> {
            for (Class<? extends Event> type : OmptEventTypes.ALL) {
                recording.enable(type).withThreshold(Duration.ZERO);
            }
            recording.enable(SimulatedRun.Probe.class);
        }, run::run);
        try {
            RecordedStates states = RecordedStates.read(file);
            List<RecordedEvent> probes = Recorded.read(file).of("test.Probe");
            assertEquals(13, probes.size());
            for (RecordedEvent probe : probes) {
                String where = probe.getString("where");
                RecordedStates.Answer derived = states.at(probe.getThread().getJavaName(), probe.getStartTime());
                assertEquals(probe.getString("state"), derived.state, where);
                assertEquals(probe.getLong("waitId"), derived.waitId, where);
                assertEquals(probe.getLong("parallelId"), derived.parallelId, where);
                assertEquals(probe.getLong("taskId"), derived.taskId, where);
            }
        } finally {
            RecordingTool.delete(file);
        }
    }
}
