package io.github.ompt4j.agent.it;

import static io.github.ompt4j.agent.it.Trace.ID;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.agent.check.FileCheck;
import io.github.ompt4j.omp.Omp;
import io.github.ompt4j.omp.TaskOptions;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.Test;

/** LLVM's {@code ompt/tasks/} tests, for the directive library under the agent. */
class TasksConformanceIT {

    /**
     * What any explicit task {@code x} shows: created once, started once after its creation, on the thread
     * that started it {@code task_end} then a complete switch back to the task it interrupted.
     */
    static String assertLifecycle(Trace trace, String x) {
        assertEquals(1, trace.count("ompt_event_task_begin", "new_task_id=" + x + ","), trace.toString());
        List<String> runners = trace.threadsWith("prior_task_status=ompt_task_switch=7, second_task_id=" + x);
        assertEquals(1, runners.size(), "task " + x + " started once:\n" + trace);
        trace.assertBefore(new String[] {"ompt_event_task_begin", "new_task_id=" + x + ","},
                new String[] {"ompt_event_task_switch", "second_task_id=" + x});
        new FileCheck().define("W", runners.get(0)).define("X", x)
                .check("[[W]]: ompt_event_task_switch: first_task_id=[[PRIOR:" + ID + "]], prior_task_status=ompt_task_switch=7,"
                        + " second_task_id=[[X]]")
                .not("[[W]]: ompt_event_implicit_task")
                .check("[[W]]: ompt_event_task_end: task_id=[[X]]")
                .next("[[W]]: ompt_event_task_switch: first_task_id=[[X]], prior_task_status=ompt_task_complete=1,"
                        + " second_task_id=[[PRIOR]]")
                .match(trace.thread(runners.get(0)));
        return runners.get(0);
    }

    /** {@code tasks/explicit_task.c}: a task the other member runs, which sees its parent by inquiry. */
    public static final class ExplicitTask {
        public static void main(String[] args) {
            CyclicBarrier both = new CyclicBarrier(2);
            Omp.parallel(2, () -> {
                Omp.master(() -> {
                    Omp.task(() -> {
                        Probe.meet(both);
                        Probe.ids(0);
                        Probe.ids(1);
                    });
                    Probe.meet(both);
                });
                Probe.ids(0);
            });
        }
    }

    @Test
    void explicitTask() throws Exception {
        Trace trace = Trace.of(ExplicitTask.class);
        FileCheck master = new FileCheck()
                .check(Trace.masterImplicitTask("M", 2))
                .next("[[M]]: ompt_event_master_begin: parallel_id=[[P]], task_id=[[T]]")
                .next("[[M]]: ompt_event_task_begin: parent_task_id=[[T]], parent_task_frame.exit=0,"
                        + " parent_task_frame.reenter=0, new_task_id=[[X:" + ID + "]], flags=none, codeptr_ra=[[RA:" + ID + "]]")
                .next("[[M]]: ompt_event_master_end: parallel_id=[[P]], task_id=[[T]]")
                .next("[[M]]: task level 0: parallel_id=[[P]], task_id=[[T]], team_size=2, type=ompt_task_implicit")
                .match(trace.thread("1"));
        String x = master.get("X");
        String runner = assertLifecycle(trace, x);
        assertNotEquals("1", runner, "the master was in the meeting: the other member ran the task");
        new FileCheck().define("W", runner).define("P", master.get("P")).define("T", master.get("T")).define("X", x)
                .check("[[W]]: ompt_event_task_switch: first_task_id=[[WT:" + ID + "]], prior_task_status=ompt_task_switch=7,"
                        + " second_task_id=[[X]]")
                .next("[[W]]: task level 0: parallel_id=[[P]], task_id=[[X]], team_size=2, type=ompt_task_explicit")
                .next("[[W]]: task level 1: parallel_id=[[P]], task_id=[[T]], {{.*}}type=ompt_task_implicit")
                .next("[[W]]: ompt_event_task_end: task_id=[[X]]")
                .match(trace.thread(runner));
        assertNotEquals(master.get("T"), new FileCheck().define("W", runner)
                .check("[[W]]: ompt_event_implicit_task_begin: parallel_id={{" + ID + "}}, task_id=[[WT:" + ID + "]]")
                .match(trace.thread(runner)).get("WT"), "each member has its own implicit task");
    }

    /** {@code tasks/task_in_joinbarrier.c}: the other member runs the task while it waits at the region's end. */
    public static final class TaskInJoinBarrier {
        public static void main(String[] args) {
            CyclicBarrier both = new CyclicBarrier(2);
            Omp.parallel(2, () -> Omp.master(() -> {
                Omp.task(() -> {
                    Probe.meet(both);
                    Probe.say("in the task");
                });
                Probe.meet(both);
            }));
            Omp.parallel(2, () -> Probe.say("the next region"));
        }
    }

    @Test
    void taskInJoinBarrier() throws Exception {
        Trace trace = Trace.of(TaskInJoinBarrier.class);
        FileCheck master = new FileCheck()
                .check(Trace.masterImplicitTask("M", 2))
                .check("[[M]]: ompt_event_task_begin: parent_task_id=[[T]], {{.*}}new_task_id=[[X:" + ID + "]], flags=none")
                .match(trace.thread("1"));
        String x = master.get("X");
        String runner = assertLifecycle(trace, x);
        assertNotEquals("1", runner, trace.toString());
        String barrier = "parallel_id=[[P]], task_id=[[WT]], kind=ompt_sync_region_barrier_implicit_parallel, codeptr_ra=0x0";
        new FileCheck().define("W", runner).define("P", master.get("P")).define("X", x)
                .check("[[W]]: ompt_event_implicit_task_begin: parallel_id=[[P]], task_id=[[WT:" + ID + "]], team_size=2,"
                        + " thread_num=1")
                .next("[[W]]: ompt_event_barrier_begin: " + barrier)
                .next("[[W]]: ompt_event_wait_barrier_begin: " + barrier)
                .next("[[W]]: ompt_event_wait_barrier_end: " + barrier)
                .next("[[W]]: ompt_event_task_switch: first_task_id=[[WT]], prior_task_status=ompt_task_switch=7,"
                        + " second_task_id=[[X]]")
                .next("[[W]]: in the task")
                .next("[[W]]: ompt_event_task_end: task_id=[[X]]")
                .next("[[W]]: ompt_event_task_switch: first_task_id=[[X]], prior_task_status=ompt_task_complete=1,"
                        + " second_task_id=[[WT]]")
                .next("[[W]]: ompt_event_wait_barrier_begin: " + barrier)
                .next("[[W]]: ompt_event_wait_barrier_end: " + barrier)
                .next("[[W]]: ompt_event_barrier_end: " + barrier)
                .next("[[W]]: ompt_event_implicit_task_end: parallel_id=[[P]], task_id=[[WT]]")
                .match(trace.thread(runner));
        trace.assertBefore(new String[] {"ompt_event_task_end: task_id=" + x},
                new String[] {"1: ompt_event_barrier_end", "barrier_implicit_parallel"});
    }

    /** {@code tasks/serialized.c}: in a team of one, a task runs at once, undeferred. */
    public static final class Serialized {
        public static void main(String[] args) {
            Omp.parallel(1, () -> {
                Omp.task(() -> {
                    Probe.ids(0);
                    Probe.ids(1);
                });
                Probe.say("after the task");
            });
        }
    }

    @Test
    void serialized() throws Exception {
        Trace trace = Trace.of(Serialized.class);
        new FileCheck()
                .check(Trace.masterImplicitTask("M", 1))
                .next("[[M]]: ompt_event_task_begin: parent_task_id=[[T]], parent_task_frame.exit=0,"
                        + " parent_task_frame.reenter=0, new_task_id=[[X:" + ID + "]], flags=undeferred, codeptr_ra={{" + ID + "}}")
                .next("[[M]]: ompt_event_task_switch: first_task_id=[[T]], prior_task_status=ompt_task_switch=7,"
                        + " second_task_id=[[X]]")
                .next("[[M]]: task level 0: parallel_id=[[P]], task_id=[[X]], team_size=1, type=ompt_task_explicit")
                .next("[[M]]: task level 1: parallel_id=[[P]], task_id=[[T]], {{.*}}type=ompt_task_implicit")
                .next("[[M]]: ompt_event_task_end: task_id=[[X]]")
                .next("[[M]]: ompt_event_task_switch: first_task_id=[[X]], prior_task_status=ompt_task_complete=1,"
                        + " second_task_id=[[T]]")
                .next("[[M]]: after the task")
                .next("[[M]]: ompt_event_barrier_begin: parallel_id=[[P]], task_id=[[T]]")
                .match(trace.lines());
    }

    /** {@code tasks/task_types.c}: the flags of undeferred, final, included, untied and mergeable tasks. */
    public static final class TaskTypes {
        public static void main(String[] args) {
            Omp.parallel(2, () -> Omp.master(() -> {
                Omp.task(new TaskOptions().ifClause(false), () -> Probe.say("undeferred"));
                Omp.task(new TaskOptions().finalClause(true), () -> {
                    Probe.say("final " + Omp.inFinal());
                    Omp.task(() -> Probe.say("included " + Omp.inFinal()));
                    Probe.say("after included");
                });
                Omp.task(new TaskOptions().untied(), () -> Probe.say("untied"));
                Omp.task(new TaskOptions().mergeable(), () -> Probe.say("mergeable"));
                Omp.taskwait();
            }));
        }
    }

    @Test
    void taskTypes() throws Exception {
        Trace trace = Trace.of(TaskTypes.class);
        FileCheck master = new FileCheck()
                .check(Trace.masterImplicitTask("M", 2))
                .next("[[M]]: ompt_event_master_begin:")
                .next("[[M]]: ompt_event_task_begin: parent_task_id=[[T]], {{.*}}new_task_id=[[UNDEFERRED:" + ID
                        + "]], flags=undeferred, codeptr_ra=[[RA1:" + ID + "]]")
                .next("[[M]]: ompt_event_task_switch: first_task_id=[[T]], prior_task_status=ompt_task_switch=7,"
                        + " second_task_id=[[UNDEFERRED]]")
                .next("[[M]]: undeferred")
                .next("[[M]]: ompt_event_task_end: task_id=[[UNDEFERRED]]")
                .next("[[M]]: ompt_event_task_switch: first_task_id=[[UNDEFERRED]], prior_task_status=ompt_task_complete=1,"
                        + " second_task_id=[[T]]")
                .next("[[M]]: ompt_event_task_begin: parent_task_id=[[T]], {{.*}}new_task_id=[[FINAL:" + ID
                        + "]], flags=final, codeptr_ra=[[RA2:" + ID + "]]")
                .next("[[M]]: ompt_event_task_begin: parent_task_id=[[T]], {{.*}}new_task_id=[[UNTIED:" + ID
                        + "]], flags=untied, codeptr_ra=[[RA3:" + ID + "]]")
                .next("[[M]]: ompt_event_task_begin: parent_task_id=[[T]], {{.*}}new_task_id=[[MERGEABLE:" + ID
                        + "]], flags=mergeable, codeptr_ra=[[RA4:" + ID + "]]")
                .next("[[M]]: ompt_event_taskwait_begin: parallel_id=[[P]], task_id=[[T]]")
                .check("[[M]]: ompt_event_taskwait_end: parallel_id=[[P]], task_id=[[T]]")
                .match(trace.thread("1"));
        assertEquals(4, List.of(master.get("RA1"), master.get("RA2"), master.get("RA3"), master.get("RA4")).stream()
                .distinct().count(), "four task constructs, four call sites");
        for (String x : List.of("UNDEFERRED", "FINAL", "UNTIED", "MERGEABLE")) {
            assertLifecycle(trace, master.get(x));
            trace.assertBefore(new String[] {"ompt_event_task_end: task_id=" + master.get(x)},
                    new String[] {"ompt_event_taskwait_end"});
        }
        String finalRunner = assertLifecycle(trace, master.get("FINAL"));
        new FileCheck().define("W", finalRunner).define("FINAL", master.get("FINAL"))
                .check("[[W]]: ompt_event_task_switch: {{.*}}second_task_id=[[FINAL]]")
                .next("[[W]]: final true")
                .next("[[W]]: ompt_event_task_begin: parent_task_id=[[FINAL]], {{.*}}new_task_id=[[INCLUDED:" + ID
                        + "]], flags=undeferred|final, codeptr_ra={{" + ID + "}}")
                .next("[[W]]: ompt_event_task_switch: first_task_id=[[FINAL]], prior_task_status=ompt_task_switch=7,"
                        + " second_task_id=[[INCLUDED]]")
                .next("[[W]]: included true")
                .next("[[W]]: ompt_event_task_end: task_id=[[INCLUDED]]")
                .next("[[W]]: ompt_event_task_switch: first_task_id=[[INCLUDED]], prior_task_status=ompt_task_complete=1,"
                        + " second_task_id=[[FINAL]]")
                .next("[[W]]: after included")
                .next("[[W]]: ompt_event_task_end: task_id=[[FINAL]]")
                .match(trace.thread(finalRunner));
    }

    /** {@code tasks/untied_task.c}: an untied task that creates and waits for a child. */
    public static final class UntiedTask {
        public static void main(String[] args) {
            Omp.parallel(2, () -> Omp.master(() -> {
                Omp.task(new TaskOptions().untied(), () -> {
                    Probe.ids(0);
                    Omp.task(() -> Probe.ids(1));
                    Omp.taskwait();
                    Probe.say("untied after taskwait");
                });
                Omp.taskwait();
            }));
        }
    }

    @Test
    void untiedTask() throws Exception {
        Trace trace = Trace.of(UntiedTask.class);
        FileCheck master = new FileCheck()
                .check(Trace.masterImplicitTask("M", 2))
                .check("[[M]]: ompt_event_task_begin: parent_task_id=[[T]], {{.*}}new_task_id=[[U:" + ID + "]], flags=untied")
                .match(trace.thread("1"));
        String u = master.get("U");
        String runner = assertLifecycle(trace, u);
        FileCheck untied = new FileCheck().define("W", runner).define("P", master.get("P")).define("U", u)
                .check("[[W]]: ompt_event_task_switch: {{.*}}second_task_id=[[U]]")
                .next("[[W]]: task level 0: parallel_id=[[P]], task_id=[[U]], {{.*}}type=ompt_task_explicit")
                .next("[[W]]: ompt_event_task_begin: parent_task_id=[[U]], {{.*}}new_task_id=[[CHILD:" + ID + "]], flags=none")
                .next("[[W]]: ompt_event_taskwait_begin: parallel_id=[[P]], task_id=[[U]], kind=ompt_sync_region_taskwait")
                .check("[[W]]: ompt_event_taskwait_end: parallel_id=[[P]], task_id=[[U]], kind=ompt_sync_region_taskwait")
                .next("[[W]]: untied after taskwait")
                .next("[[W]]: ompt_event_task_end: task_id=[[U]]")
                .match(trace.thread(runner));
        String child = untied.get("CHILD");
        String childRunner = assertLifecycle(trace, child);
        new FileCheck().define("W", childRunner).define("U", u).define("CHILD", child)
                .check("[[W]]: ompt_event_task_switch: {{.*}}second_task_id=[[CHILD]]")
                .next("[[W]]: task level 1: parallel_id={{" + ID + "}}, task_id=[[U]], {{.*}}type=ompt_task_explicit")
                .match(trace.thread(childRunner));
        trace.assertBefore(new String[] {"ompt_event_task_end: task_id=" + child}, new String[] {"untied after taskwait"});
    }

    /**
     * {@code tasks/dependences.c} and {@code task_dependence_pair}: a reader after a writer of the same
     * object, and a task without dependences. The writer cannot end before the reader exists (it meets the
     * master after that), so the pair is always reported.
     */
    public static final class Dependences {
        public static void main(String[] args) {
            int[] x = new int[1];
            CyclicBarrier both = new CyclicBarrier(2);
            Omp.parallel(2, () -> Omp.master(() -> {
                Omp.task(new TaskOptions().out(x), () -> {
                    Probe.meet(both);
                    Probe.say("writer");
                    x[0] = 1;
                });
                Omp.task(new TaskOptions().in(x), () -> Probe.say("reader sees " + x[0]));
                Omp.task(() -> Probe.say("independent"));
                Probe.meet(both);
                Omp.taskwait();
            }));
        }
    }

    @Test
    void dependences() throws Exception {
        Trace trace = Trace.of(Dependences.class);
        FileCheck master = new FileCheck()
                .check(Trace.masterImplicitTask("M", 2))
                .check("[[M]]: ompt_event_task_begin: parent_task_id=[[T]], {{.*}}new_task_id=[[WRITER:" + ID + "]], flags=none")
                .next("[[M]]: ompt_event_task_dependences: task_id=[[WRITER]], ndeps=1,"
                        + " dep0=ompt_task_dependence_type_out@[[X:[0-9a-f]+]]")
                .next("[[M]]: ompt_event_task_begin: parent_task_id=[[T]], {{.*}}new_task_id=[[READER:" + ID + "]], flags=none")
                .dag("[[M]]: ompt_event_task_dependences: task_id=[[READER]], ndeps=1, dep0=ompt_task_dependence_type_in@[[X]]")
                .dag("[[M]]: ompt_event_task_dependence_pair: first_task_id=[[WRITER]], second_task_id=[[READER]]")
                .next("[[M]]: ompt_event_task_begin: parent_task_id=[[T]], {{.*}}new_task_id=[[FREE:" + ID + "]], flags=none")
                .not("ompt_event_task_dependence")
                .check("[[M]]: ompt_event_taskwait_end: parallel_id=[[P]], task_id=[[T]]")
                .match(trace.thread("1"));
        String writer = master.get("WRITER");
        String reader = master.get("READER");
        for (String x : List.of(writer, reader, master.get("FREE"))) {
            assertLifecycle(trace, x);
        }
        assertEquals(1, trace.count("reader sees 1"), trace.toString());
        trace.assertBefore(new String[] {"ompt_event_task_end: task_id=" + writer},
                new String[] {"ompt_event_task_switch", "second_task_id=" + reader});
        trace.assertBefore(new String[] {"ompt_event_task_dependence_pair", "second_task_id=" + reader},
                new String[] {"ompt_event_task_switch", "second_task_id=" + reader});
        assertEquals(1, trace.count("ompt_event_task_dependence_pair"), trace.toString());
        assertTrue(trace.first("ompt_event_task_dependences: task_id=" + reader) < trace.first(
                "ompt_event_task_switch", "second_task_id=" + reader), "dependences are reported before the task runs");
    }
}
