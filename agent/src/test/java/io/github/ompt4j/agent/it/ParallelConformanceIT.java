package io.github.ompt4j.agent.it;

import static io.github.ompt4j.agent.it.Trace.ID;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ompt4j.agent.check.FileCheck;
import io.github.ompt4j.omp.Omp;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.Test;

/** LLVM's {@code ompt/parallel/} tests, for the directive library under the agent. */
class ParallelConformanceIT {

    /** {@code parallel/normal.c}. */
    public static final class Normal {
        public static void main(String[] args) {
            Omp.parallel(4, () -> {
                Probe.ids(0);
                Probe.ids(1);
            });
            Probe.say("after the region");
        }
    }

    @Test
    void normal() throws Exception {
        Trace trace = Trace.of(Normal.class);
        FileCheck main = new FileCheck()
                .check("[[M:[0-9]+]]: ompt_event_thread_begin: thread_type=ompt_thread_initial=1, thread_id=[[M]]")
                .next("[[M]]: ompt_event_initial_task_begin: task_id=[[INITIAL:" + ID + "]]")
                .check("[[M]]: ompt_event_parallel_begin: parent_task_id=[[INITIAL]], parent_task_frame.exit=0,"
                        + " parent_task_frame.reenter=0, parallel_id=[[P:" + ID + "]], requested_team_size=4,"
                        + " codeptr_ra=[[RA:" + ID + "]], invoker=0")
                .next("[[M]]: ompt_event_implicit_task_begin: parallel_id=[[P]], task_id=[[T:" + ID + "]], team_size=4,"
                        + " thread_num=0")
                .next("[[M]]: task level 0: parallel_id=[[P]], task_id=[[T]], team_size=4, type=ompt_task_implicit")
                .next("[[M]]: task level 1: parallel_id=0x0, task_id=[[INITIAL]], team_size=-1, type=ompt_task_initial")
                .next("[[M]]: ompt_event_barrier_begin: parallel_id=[[P]], task_id=[[T]],"
                        + " kind=ompt_sync_region_barrier_implicit_parallel, codeptr_ra=[[RA]]")
                .check("[[M]]: ompt_event_barrier_end: parallel_id=[[P]], task_id=[[T]]")
                .next("[[M]]: ompt_event_implicit_task_end: parallel_id=[[P]], task_id=[[T]], team_size=4, thread_num=0")
                .next("[[M]]: ompt_event_parallel_end: parallel_id=[[P]], task_id=[[INITIAL]], invoker=0, codeptr_ra=[[RA]],"
                        + " participants={{[0-9]+ [0-9]+ [0-9]+ [0-9]+}}")
                .next("[[M]]: after the region")
                .match(trace.thread("1"));
        String p = main.get("P");
        List<String> workers = trace.threadsWith("ompt_event_thread_begin: thread_type=ompt_thread_worker=2");
        assertEquals(3, workers.size(), trace.toString());
        String participants = trace.values("participants", "ompt_event_parallel_end: parallel_id=" + p + ",").get(0);
        assertEquals(Set.of("1", workers.get(0), workers.get(1), workers.get(2)), Set.of(participants.split(" ")),
                "the team took part:\n" + trace);
        for (String w : workers) {
            new FileCheck().define("W", w).define("P", p).define("INITIAL", main.get("INITIAL"))
                    .check("[[W]]: ompt_event_thread_begin: thread_type=ompt_thread_worker=2, thread_id=[[W]]")
                    .check("[[W]]: ompt_event_implicit_task_begin: parallel_id=[[P]], task_id=[[T:" + ID + "]],"
                            + " team_size=4, thread_num={{[1-3]}}")
                    .next("[[W]]: task level 0: parallel_id=[[P]], task_id=[[T]], team_size=4, type=ompt_task_implicit")
                    .next("[[W]]: task level 1: parallel_id=0x0, task_id=[[INITIAL]], team_size=-1, type=ompt_task_initial")
                    .next("[[W]]: ompt_event_barrier_begin: parallel_id=[[P]], task_id=[[T]],"
                            + " kind=ompt_sync_region_barrier_implicit_parallel, codeptr_ra=0x0")
                    .check("[[W]]: ompt_event_barrier_end: parallel_id=[[P]], task_id=[[T]]")
                    .next("[[W]]: ompt_event_implicit_task_end: parallel_id=[[P]], task_id=[[T]]")
                    .next("[[W]]: ompt_event_idle_begin: thread_id=[[W]]")
                    .match(trace.thread(w));
        }
        assertEquals(List.of("0", "1", "2", "3"), trace.lines().stream()
                .filter(l -> l.contains("ompt_event_implicit_task_begin: parallel_id=" + p + ","))
                .map(l -> l.substring(l.lastIndexOf('=') + 1)).sorted().toList(), "one implicit task per thread number");
        trace.assertBefore(new String[] {"ompt_event_parallel_begin", p}, new String[] {"ompt_event_implicit_task_begin", p});
        trace.assertBarrierOrder(p, "barrier_implicit_parallel", 4);
    }

    /** {@code parallel/nested.c}: two active levels, each team really running at once. */
    public static final class Nested {
        public static void main(String[] args) {
            Omp.setMaxActiveLevels(2);
            CyclicBarrier all = new CyclicBarrier(4);
            Omp.parallel(2, () -> {
                Probe.ids(0);
                Omp.barrier();
                Omp.parallel(2, () -> {
                    Probe.ids(0);
                    Probe.ids(1);
                    Probe.ids(2);
                    Probe.meet(all);
                });
            });
        }
    }

    @Test
    void nested() throws Exception {
        Trace trace = Trace.of(Nested.class);
        FileCheck outer = new FileCheck()
                .check("[[M:[0-9]+]]: ompt_event_initial_task_begin: task_id=[[INITIAL:" + ID + "]]")
                .check("[[M]]: ompt_event_parallel_begin: parent_task_id=[[INITIAL]], {{.*}}, parallel_id=[[OUTER:" + ID
                        + "]], requested_team_size=2")
                .next("[[M]]: ompt_event_implicit_task_begin: parallel_id=[[OUTER]], task_id=[[OT:" + ID + "]], team_size=2,"
                        + " thread_num=0")
                .check("[[M]]: ompt_event_parallel_begin: parent_task_id=[[OT]], {{.*}}, parallel_id=[[INNER:" + ID
                        + "]], requested_team_size=2")
                .next("[[M]]: ompt_event_implicit_task_begin: parallel_id=[[INNER]], task_id=[[IT:" + ID + "]], team_size=2,"
                        + " thread_num=0")
                .next("[[M]]: task level 0: parallel_id=[[INNER]], task_id=[[IT]], team_size=2")
                .next("[[M]]: task level 1: parallel_id=[[OUTER]], task_id=[[OT]], team_size=2")
                .next("[[M]]: task level 2: parallel_id=0x0, task_id=[[INITIAL]], team_size=-1")
                .check("[[M]]: ompt_event_parallel_end: parallel_id=[[INNER]], task_id=[[OT]]")
                .check("[[M]]: ompt_event_parallel_end: parallel_id=[[OUTER]], task_id=[[INITIAL]]")
                .match(trace.thread("1"));
        assertEquals(3, trace.count("ompt_event_parallel_begin", "requested_team_size=2"),
                "one outer region and one inner region per outer member");
        assertEquals(6, trace.count("ompt_event_implicit_task_begin"), "2 outer + 2 × 2 inner implicit tasks");
        assertEquals(4, trace.count("task level 2: parallel_id=0x0, task_id=" + outer.get("INITIAL")),
                "every inner member reaches the initial task at level 2");
        trace.assertBarrierOrder(outer.get("OUTER"), "barrier_explicit", 2);
        trace.assertBarrierOrder(outer.get("INNER"), "barrier_implicit_parallel", 2);
    }

    /** {@code parallel/nested_serialized.c}: nesting off, so the inner regions are teams of one. */
    public static final class NestedSerialized {
        public static void main(String[] args) {
            Omp.setMaxActiveLevels(1);
            Omp.parallel(4, () -> Omp.parallel(4, () -> {
                Probe.ids(0);
                Probe.ids(1);
            }));
        }
    }

    @Test
    void nestedSerialized() throws Exception {
        Trace trace = Trace.of(NestedSerialized.class);
        assertEquals(5, trace.count("ompt_event_parallel_begin", "requested_team_size=4"),
                "the program asked for 4 at both levels");
        assertEquals(4, trace.count("ompt_event_implicit_task_begin", "team_size=1, thread_num=0"),
                "each inner region is a team of one");
        for (String t : trace.threadsWith("ompt_event_implicit_task_begin")) {
            new FileCheck().define("T", t)
                    .check("[[T]]: ompt_event_implicit_task_begin: parallel_id=[[OUTER:" + ID + "]], task_id=[[OT:" + ID
                            + "]], team_size=4")
                    .next("[[T]]: ompt_event_parallel_begin: parent_task_id=[[OT]], {{.*}}parallel_id=[[INNER:" + ID
                            + "]], requested_team_size=4")
                    .next("[[T]]: ompt_event_implicit_task_begin: parallel_id=[[INNER]], task_id=[[IT:" + ID
                            + "]], team_size=1, thread_num=0")
                    .next("[[T]]: task level 0: parallel_id=[[INNER]], task_id=[[IT]], team_size=1")
                    .next("[[T]]: task level 1: parallel_id=[[OUTER]], task_id=[[OT]], team_size=4")
                    .next("[[T]]: ompt_event_barrier_begin: parallel_id=[[INNER]], task_id=[[IT]]")
                    .next("[[T]]: ompt_event_barrier_end: parallel_id=[[INNER]], task_id=[[IT]]")
                    .next("[[T]]: ompt_event_implicit_task_end: parallel_id=[[INNER]], task_id=[[IT]]")
                    .next("[[T]]: ompt_event_parallel_end: parallel_id=[[INNER]], task_id=[[OT]]")
                    .match(trace.thread(t));
        }
    }

    /** {@code parallel/serialized.c}: a team of one at the outer level. */
    public static final class Serialized {
        public static void main(String[] args) {
            Omp.parallel(1, () -> Probe.ids(0));
        }
    }

    @Test
    void serialized() throws Exception {
        Trace trace = Trace.of(Serialized.class);
        new FileCheck()
                .check("[[M:[0-9]+]]: ompt_event_parallel_begin: parent_task_id=[[INITIAL:" + ID + "]], {{.*}}parallel_id=[[P:"
                        + ID + "]], requested_team_size=1")
                .next("[[M]]: ompt_event_implicit_task_begin: parallel_id=[[P]], task_id=[[T:" + ID + "]], team_size=1,"
                        + " thread_num=0")
                .next("[[M]]: task level 0: parallel_id=[[P]], task_id=[[T]], team_size=1, type=ompt_task_implicit")
                .next("[[M]]: ompt_event_barrier_begin: parallel_id=[[P]], task_id=[[T]]")
                .next("[[M]]: ompt_event_barrier_end: parallel_id=[[P]], task_id=[[T]]")
                .next("[[M]]: ompt_event_implicit_task_end: parallel_id=[[P]], task_id=[[T]]")
                .next("[[M]]: ompt_event_parallel_end: parallel_id=[[P]], task_id=[[INITIAL]]")
                .not("ompt_event_thread_begin: thread_type=ompt_thread_worker")
                .match(trace.lines());
    }

    /** {@code parallel/parallel_if0.c}: {@code if(false)} asks for one thread. */
    public static final class If0 {
        public static void main(String[] args) {
            Omp.parallelIf(false, 4, () -> Probe.ids(0));
        }
    }

    @Test
    void parallelIf0() throws Exception {
        Trace trace = Trace.of(If0.class);
        new FileCheck()
                .check("[[M:[0-9]+]]: ompt_event_parallel_begin: {{.*}}parallel_id=[[P:" + ID + "]], requested_team_size=1,"
                        + " codeptr_ra=[[RA:" + ID + "]], invoker=0")
                .next("[[M]]: ompt_event_implicit_task_begin: parallel_id=[[P]], task_id=[[T:" + ID + "]], team_size=1")
                .next("[[M]]: task level 0: parallel_id=[[P]], task_id=[[T]], team_size=1")
                .check("[[M]]: ompt_event_parallel_end: parallel_id=[[P]], {{.*}}codeptr_ra=[[RA]]")
                .match(trace.lines());
    }

    /** {@code parallel/nested_threadnum.c}: thread numbers at each level, seen by inquiry. */
    public static final class NestedThreadNum {
        public static void main(String[] args) {
            Omp.setMaxActiveLevels(2);
            Omp.parallel(2, () -> Omp.parallel(2, () -> Probe.say("ancestors " + Omp.ancestorThreadNum(1) + "/"
                    + Omp.threadNum() + " level " + Omp.level())));
        }
    }

    @Test
    void nestedThreadNum() throws Exception {
        Trace trace = Trace.of(NestedThreadNum.class);
        assertEquals(4, trace.count("ancestors"), "two inner teams of two");
        for (String t : trace.threadsWith("ancestors")) {
            List<String> lines = trace.thread(t);
            for (int i = 1; i < lines.size(); i++) {
                if (!lines.get(i).contains("ancestors")) {
                    continue;
                }
                FileCheck inner = new FileCheck().define("T", t)
                        .check("[[T]]: ompt_event_implicit_task_begin: parallel_id=[[INNER:" + ID + "]], task_id={{" + ID
                                + "}}, team_size=2, thread_num=[[N:[01]]]")
                        .next("[[T]]: ancestors [[A:[01]]]/[[N]] level 2")
                        .match(lines.subList(i - 1, i + 1));
                // The inner region's master is the outer member whose thread number the inquiry gave.
                String forker = trace.threadsWith("parallel_id=" + inner.get("INNER") + ", requested_team_size=2").get(0);
                new FileCheck().define("F", forker).define("INNER", inner.get("INNER"))
                        .check("[[F]]: ompt_event_implicit_task_begin: {{.*}}team_size=2, thread_num=" + inner.get("A"))
                        .next("[[F]]: ompt_event_parallel_begin: {{.*}}parallel_id=[[INNER]], requested_team_size=2")
                        .match(trace.thread(forker));
            }
        }
    }
}
