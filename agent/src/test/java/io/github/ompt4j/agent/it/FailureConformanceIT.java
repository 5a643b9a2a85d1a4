package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.omp.Omp;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Events stay balanced when the directive library fails: every region that begins ends. */
class FailureConformanceIT {

    /** Two regions of three whose workers cannot be started, then one more. */
    public static final class UnstartableWorkers {
        public static void main(String[] args) {
            for (int region = 0; region < 2; region++) {
                Omp.parallel(3, () -> Omp.master(() -> Probe.say("team of " + Omp.numThreads())));
            }
        }
    }

    @Test
    void aRegionWhoseWorkersCannotStartBeginsWithTheSizeItGotAndEnds() throws Exception {
        // A stack larger than any address space: the JVM cannot start a worker thread.
        AgentRun run = AgentRun.run("tool=print", Map.of("OMP_STACKSIZE", "1000000G"), UnstartableWorkers.class);
        assertEquals(0, run.exit, run.toString());
        assertEquals(2, run.out.stream().filter(l -> l.endsWith(": team of 1")).count(), run.toString());
        assertEquals(2, run.out.stream().filter(l -> l.contains("ompt_event_parallel_begin:")
                && l.contains("requested_team_size=3")).count(), run.toString());
        assertEquals(2, run.out.stream().filter(l -> l.contains("ompt_event_parallel_end:")).count(), run.toString());
        assertEquals(2, run.out.stream().filter(l -> l.contains("ompt_event_implicit_task_begin:")
                && l.contains("team_size=1, thread_num=0")).count(), run.toString());
        assertTrue(run.err.contains("OMP: warning: cannot start a worker thread ("), run.err);
    }
}
