package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.model.OmptState;
import io.github.ompt4j.omp.Omp;
import io.github.ompt4j.omp.Schedule;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
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

    /** A single whose body throws, and a copyprivate single whose body throws. */
    public static final class FailingSingles {
        public static void main(String[] args) {
            for (int round = 0; round < 2; round++) {
                boolean copy = round == 1;
                try {
                    Omp.parallel(2, () -> {
                        if (copy) {
                            Omp.singleCopy(() -> {
                                throw new IllegalStateException("boom");
                            });
                        } else {
                            Omp.single(() -> {
                                throw new IllegalStateException("boom");
                            });
                        }
                    });
                } catch (IllegalStateException e) {
                    Probe.say("caught " + e.getMessage());
                }
            }
        }
    }

    @Test
    void aSingleWhoseBodyThrowsEndsOnEveryMember() throws Exception {
        Trace trace = Trace.of(FailingSingles.class);
        assertEquals(2, trace.count(": caught boom"), trace.toString());
        for (String thread : trace.threadsWith("ompt_event_worksharing_begin")) {
            assertEquals(trace.count(thread + ": ompt_event_worksharing_begin"), trace.count(thread + ": ompt_event_worksharing_end"),
                    "thread " + thread + " ends every single it began:\n" + trace);
        }
        assertEquals(2, trace.count("ompt_event_worksharing_begin: wstype=ompt_worksharing_single,"), trace.toString());
        assertEquals(trace.count("ompt_event_implicit_task_begin"), trace.count("ompt_event_implicit_task_end"));
    }

    /** A task that throws while its creator is still creating many more. */
    public static final class TasksAfterAFailure {
        public static void main(String[] args) {
            try {
                Omp.parallel(2, () -> Omp.single(() -> {
                    Omp.task(() -> {
                        throw new IllegalStateException("boom");
                    });
                    for (int i = 0; i < 2_000; i++) {
                        Omp.task(() -> { });
                    }
                    Omp.taskwait();
                }));
            } catch (IllegalStateException e) {
                Probe.say("caught " + e.getMessage());
            }
        }
    }

    @Test
    void tasksATeamDropsAfterAFailureEndCancelled() throws Exception {
        Trace trace = Trace.of(TasksAfterAFailure.class);
        assertEquals(1, trace.count(": caught boom"), trace.toString());
        long begun = trace.count("ompt_event_task_begin:");
        long cancelled = trace.count("prior_task_status=ompt_task_cancel=3");
        assertEquals(begun, trace.count("ompt_event_task_end:"), "every task begun ends, " + cancelled
                + " of them cancelled:\n" + trace);
        assertEquals(begun - cancelled, trace.count("prior_task_status=ompt_task_complete=1"), trace.toString());
    }

    /**
     * An ordered loop whose first iteration throws before its ordered region: the members waiting for
     * their turn are aborted in the wait. Then a loop that works, on the same team's threads.
     */
    public static final class AbortedOrderedWaits {
        public static void main(String[] args) {
            try {
                Queue<Thread> waiting = new ConcurrentLinkedQueue<>();
                Omp.parallel(3, () -> Omp.forLoopOrdered(0, 3, Schedule.dynamic(1), i -> {
                    if (i == 0) {
                        while (waiting.size() < 2) {
                            Thread.onSpinWait();
                        }
                        for (Thread other : waiting) {
                            Probe.stateOf(other, OmptState.WAIT_ORDERED);
                        }
                        throw new IllegalStateException("boom");
                    }
                    waiting.add(Thread.currentThread());
                    Omp.ordered(() -> { });
                }));
            } catch (IllegalStateException e) {
                Probe.say("caught " + e.getMessage());
            }
            Omp.parallel(3, () -> Omp.forLoopOrdered(0, 3, Schedule.dynamic(1), i -> Omp.ordered(() -> { })));
        }
    }

    @Test
    void aMemberAbortedInAnOrderedWaitGivesUpTheWaitAndEndsItsLoop() throws Exception {
        Trace trace = Trace.of(AbortedOrderedWaits.class);
        assertEquals(1, trace.count(": caught boom"), trace.toString());
        assertEquals(2, trace.count("ompt_event_wait_ordered") - trace.count("ompt_event_acquired_ordered"),
                "the two aborted members gave up their waits:\n" + trace);
        for (String thread : trace.threadsWith("ompt_event_worksharing_begin")) {
            String loop = null;
            boolean waiting = false;
            for (String line : trace.thread(thread)) {
                String codeptr = line.replaceAll(".*codeptr_ra=(0x[0-9a-f]+).*", "$1");
                if (line.contains("ompt_event_worksharing_begin")) {
                    loop = codeptr;
                } else if (line.contains("ompt_event_worksharing_end")) {
                    assertEquals(loop, codeptr, "a loop ends with its own call site, not the ordered construct's:\n"
                            + trace);
                    waiting = false;
                } else if (line.contains("ompt_event_wait_ordered")) {
                    assertTrue(!waiting && !codeptr.equals(loop), "one wait at a time, at the ordered construct:\n"
                            + trace);
                    waiting = true;
                } else if (line.contains("ompt_event_acquired_ordered")) {
                    assertTrue(waiting, "acquired after its wait:\n" + trace);
                    waiting = false;
                }
            }
        }
        assertEquals(trace.count("ompt_event_worksharing_begin"), trace.count("ompt_event_worksharing_end"));
        assertEquals(trace.count("ompt_event_acquired_ordered"), trace.count("ompt_event_release_ordered"));
    }
}
