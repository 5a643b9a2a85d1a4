package io.github.ompt4j.agent.it;

import static io.github.ompt4j.agent.it.Trace.ID;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.agent.check.FileCheck;
import io.github.ompt4j.omp.Omp;
import io.github.ompt4j.omp.OmpLock;
import io.github.ompt4j.omp.OmpNestLock;
import io.github.ompt4j.omp.Schedule;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.Test;

/** LLVM's {@code ompt/synchronization/} tests, for the directive library under the agent. */
class SynchronizationConformanceIT {

    /** The members of region {@code p}: the threads that began an implicit task in it. */
    static List<String> team(Trace trace, String p) {
        return trace.threadsWith("ompt_event_implicit_task_begin: parallel_id=" + p + ",");
    }

    /** The region of a one-region program, from the initial thread's parallel_begin. */
    static String region(Trace trace) {
        return new FileCheck().check("ompt_event_parallel_begin: {{.*}}parallel_id=[[P:" + ID + "]]")
                .match(trace.lines()).get("P");
    }

    /** The lines of {@code w} from its begin of {@code kind} in {@code p} to the matching end. */
    static List<String> syncLines(Trace trace, String w, String event, String kind, String p) {
        List<String> lines = trace.thread(w);
        int begin = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("ompt_event_" + event + "_begin: parallel_id=" + p + ",")
                    && lines.get(i).contains("kind=ompt_sync_region_" + kind + ",")) {
                begin = i;
                break;
            }
        }
        assertTrue(begin >= 0, "no " + event + " " + kind + " on " + w + ":\n" + trace);
        int end = begin + 1;
        while (end < lines.size() && !lines.get(end).contains("ompt_event_" + event + "_end:")) {
            end++;
        }
        return lines.subList(begin, Math.min(end + 1, lines.size()));
    }

    /**
     * A barrier on thread {@code w}: begin, end, and in between either nothing or exactly the wait begin and
     * end, all naming region {@code p}, task {@code t}, {@code kind} and call site {@code ra}.
     */
    static void assertBarrier(Trace trace, String w, String kind, String p, String t, String ra) {
        List<String> lines = syncLines(trace, w, "barrier", kind, p);
        String ids = "parallel_id=" + p + ", task_id=" + t + ", kind=ompt_sync_region_" + kind + ", codeptr_ra=" + ra;
        List<String> plain = List.of(w + ": ompt_event_barrier_begin: " + ids, w + ": ompt_event_barrier_end: " + ids);
        List<String> waited = List.of(w + ": ompt_event_barrier_begin: " + ids, w + ": ompt_event_wait_barrier_begin: " + ids,
                w + ": ompt_event_wait_barrier_end: " + ids, w + ": ompt_event_barrier_end: " + ids);
        assertTrue(lines.equals(plain) || lines.equals(waited), "barrier " + kind + " on thread " + w + " (task " + t
                + ", codeptr_ra=" + ra + ") is " + lines + ":\n" + trace);
    }

    /** The task ID of {@code w}'s implicit task in region {@code p}. */
    static String implicitTask(Trace trace, String w, String p) {
        return new FileCheck().define("W", w).define("P", p)
                .check("[[W]]: ompt_event_implicit_task_begin: parallel_id=[[P]], task_id=[[T:" + ID + "]]")
                .match(trace.thread(w)).get("T");
    }

    // ---- barrier.c, barrier_parallel_region.c, barrier_for_loop.c, barrier_single.c ----------------

    /** {@code synchronization/barrier/explicit.c}. */
    public static final class ExplicitBarrier {
        public static void main(String[] args) {
            CyclicBarrier both = new CyclicBarrier(2);
            Omp.parallel(2, () -> {
                Probe.meet(both);
                Omp.barrier();
                Probe.say("after the barrier");
            });
        }
    }

    @Test
    void explicitBarrier() throws Exception {
        Trace trace = Trace.of(ExplicitBarrier.class);
        String p = region(trace);
        List<String> team = team(trace, p);
        assertEquals(2, team.size(), trace.toString());
        String ra = new FileCheck().check("ompt_event_barrier_begin: {{.*}}kind=ompt_sync_region_barrier_explicit,"
                + " codeptr_ra=[[RA:" + ID + "]]").match(trace.lines()).get("RA");
        String regionRa = new FileCheck().check("ompt_event_parallel_begin: {{.*}}codeptr_ra=[[RA:" + ID + "]]")
                .match(trace.lines()).get("RA");
        assertNotEquals("0x0", ra, "an explicit barrier has a call site");
        assertNotEquals(regionRa, ra, "the barrier's call site is not the region's");
        for (String w : team) {
            String t = implicitTask(trace, w, p);
            assertBarrier(trace, w, "barrier_explicit", p, t, ra);
            new FileCheck().define("W", w).define("P", p).define("T", t)
                    .check("[[W]]: ompt_event_implicit_task_begin: parallel_id=[[P]], task_id=[[T]]")
                    .check("[[W]]: ompt_event_barrier_begin: parallel_id=[[P]], task_id=[[T]], kind=ompt_sync_region_barrier_explicit")
                    .not("[[W]]: after the barrier")
                    .check("[[W]]: ompt_event_barrier_end: parallel_id=[[P]], task_id=[[T]], kind=ompt_sync_region_barrier_explicit")
                    .next("[[W]]: after the barrier")
                    .next("[[W]]: ompt_event_barrier_begin: parallel_id=[[P]], task_id=[[T]],"
                            + " kind=ompt_sync_region_barrier_implicit_parallel")
                    .match(trace.thread(w));
        }
        trace.assertBarrierOrder(p, "barrier_explicit", 2);
        assertTrue(trace.count("ompt_event_wait_barrier_begin", "barrier_explicit") >= 1,
                "the first member to arrive waits for the other:\n" + trace);
        assertTrue(trace.last("ompt_event_barrier_begin", "barrier_explicit") < trace.first("after the barrier"),
                "nobody passes the barrier before all arrived:\n" + trace);
    }

    /** {@code synchronization/barrier/parallel_region.c}: the region's closing barrier (of the first region). */
    public static final class ParallelRegionBarrier {
        public static void main(String[] args) {
            CyclicBarrier both = new CyclicBarrier(2);
            Omp.parallel(2, () -> Probe.meet(both));
            Probe.say("after the region");
            // The program does not end at once, so the worker is known to leave the first region (the end
            // of a program is MiscConformanceIT's threads test).
            Omp.parallel(2, () -> Probe.meet(both));
        }
    }

    @Test
    void parallelRegionBarrier() throws Exception {
        Trace trace = Trace.of(ParallelRegionBarrier.class);
        FileCheck main = new FileCheck()
                .check("[[W:[0-9]+]]: ompt_event_parallel_begin: {{.*}}parallel_id=[[P:" + ID + "]], requested_team_size=2,"
                        + " codeptr_ra=[[RA:" + ID + "]]")
                .next("[[W]]: ompt_event_implicit_task_begin: parallel_id=[[P]], task_id=[[T:" + ID + "]], team_size=2,"
                        + " thread_num=0")
                .next("[[W]]: ompt_event_barrier_begin: parallel_id=[[P]], task_id=[[T]],"
                        + " kind=ompt_sync_region_barrier_implicit_parallel, codeptr_ra=[[RA]]")
                .check("[[W]]: ompt_event_barrier_end: parallel_id=[[P]], task_id=[[T]],"
                        + " kind=ompt_sync_region_barrier_implicit_parallel, codeptr_ra=[[RA]]")
                .next("[[W]]: ompt_event_implicit_task_end: parallel_id=[[P]], task_id=[[T]]")
                .next("[[W]]: ompt_event_parallel_end: parallel_id=[[P]], {{.*}}codeptr_ra=[[RA]]")
                .next("[[W]]: after the region")
                .match(trace.thread("1"));
        String p = main.get("P");
        assertBarrier(trace, "1", "barrier_implicit_parallel", p, main.get("T"), main.get("RA"));
        List<String> team = team(trace, p);
        assertEquals(2, team.size(), trace.toString());
        String worker = team.get(0).equals("1") ? team.get(1) : team.get(0);
        String wt = implicitTask(trace, worker, p);
        assertBarrier(trace, worker, "barrier_implicit_parallel", p, wt, "0x0");
        new FileCheck().define("W", worker).define("P", p).define("T", wt)
                .check("[[W]]: ompt_event_implicit_task_begin: parallel_id=[[P]], task_id=[[T]], team_size=2, thread_num=1")
                .next("[[W]]: ompt_event_barrier_begin: parallel_id=[[P]], task_id=[[T]]")
                .check("[[W]]: ompt_event_barrier_end: parallel_id=[[P]], task_id=[[T]]")
                .next("[[W]]: ompt_event_implicit_task_end: parallel_id=[[P]], task_id=[[T]]")
                .match(trace.thread(worker));
        trace.assertBarrierOrder(p, "barrier_implicit_parallel", 2);
        assertTrue(trace.first("ompt_event_barrier_begin: parallel_id=" + p + ", task_id=" + wt) < trace.first("1: after the region"),
                "the master leaves the region only after the worker arrived at its barrier:\n" + trace);
    }

    /** {@code synchronization/barrier/for_loop.c}: the loop's implicit barrier. */
    public static final class ForLoopBarrier {
        public static void main(String[] args) {
            Omp.parallel(2, () -> {
                Omp.forLoop(0, 4, i -> Probe.say("iteration " + i));
                Probe.say("after the loop");
            });
        }
    }

    @Test
    void forLoopBarrier() throws Exception {
        Trace trace = Trace.of(ForLoopBarrier.class);
        String p = region(trace);
        List<String> team = team(trace, p);
        assertEquals(2, team.size(), trace.toString());
        for (String w : team) {
            String t = implicitTask(trace, w, p);
            FileCheck loop = new FileCheck().define("W", w).define("P", p).define("T", t)
                    .check("[[W]]: ompt_event_worksharing_begin: wstype=ompt_worksharing_loop_static, parallel_id=[[P]],"
                            + " task_id=[[T]], count=4, codeptr_ra=[[RA:" + ID + "]]")
                    .check("[[W]]: ompt_event_worksharing_end: wstype=ompt_worksharing_loop_static, parallel_id=[[P]],"
                            + " task_id=[[T]], count=4, codeptr_ra=[[RA]]")
                    .next("[[W]]: ompt_event_barrier_begin: parallel_id=[[P]], task_id=[[T]],"
                            + " kind=ompt_sync_region_barrier_implicit_workshare, codeptr_ra=[[RA]]")
                    .check("[[W]]: ompt_event_barrier_end: parallel_id=[[P]], task_id=[[T]],"
                            + " kind=ompt_sync_region_barrier_implicit_workshare, codeptr_ra=[[RA]]")
                    .next("[[W]]: after the loop")
                    .match(trace.thread(w));
            assertBarrier(trace, w, "barrier_implicit_workshare", p, t, loop.get("RA"));
        }
        trace.assertBarrierOrder(p, "barrier_implicit_workshare", 2);
        assertEquals(4, trace.count("iteration "), trace.toString());
        assertTrue(trace.last("iteration ") < trace.first("ompt_event_barrier_end", "barrier_implicit_workshare"),
                "every iteration ran before anybody left the loop's barrier:\n" + trace);
    }

    /** {@code synchronization/barrier/single.c}: the single construct's implicit barrier. */
    public static final class SingleBarrier {
        public static void main(String[] args) {
            Omp.parallel(2, () -> {
                Omp.single(() -> Probe.say("the single block"));
                Probe.say("after the single");
            });
        }
    }

    @Test
    void singleBarrier() throws Exception {
        Trace trace = Trace.of(SingleBarrier.class);
        String p = region(trace);
        List<String> team = team(trace, p);
        assertEquals(2, team.size(), trace.toString());
        assertEquals(1, trace.count("the single block"), trace.toString());
        for (String w : team) {
            String t = implicitTask(trace, w, p);
            FileCheck single = new FileCheck().define("W", w).define("P", p).define("T", t)
                    .check("[[W]]: ompt_event_worksharing_begin: wstype=ompt_worksharing_single{{(_other)?}}, parallel_id=[[P]],"
                            + " task_id=[[T]], count=1, codeptr_ra=[[RA:" + ID + "]]")
                    .check("[[W]]: ompt_event_worksharing_end: wstype=ompt_worksharing_single{{(_other)?}}, parallel_id=[[P]],"
                            + " task_id=[[T]], count=1, codeptr_ra=[[RA]]")
                    .next("[[W]]: ompt_event_barrier_begin: parallel_id=[[P]], task_id=[[T]],"
                            + " kind=ompt_sync_region_barrier_implicit_workshare, codeptr_ra=[[RA]]")
                    .check("[[W]]: ompt_event_barrier_end: parallel_id=[[P]], task_id=[[T]],"
                            + " kind=ompt_sync_region_barrier_implicit_workshare, codeptr_ra=[[RA]]")
                    .next("[[W]]: after the single")
                    .match(trace.thread(w));
            assertBarrier(trace, w, "barrier_implicit_workshare", p, t, single.get("RA"));
        }
        trace.assertBarrierOrder(p, "barrier_implicit_workshare", 2);
        assertTrue(trace.first("the single block") < trace.first("ompt_event_barrier_end", "barrier_implicit_workshare"),
                "the single block ran before anybody left its barrier:\n" + trace);
    }

    // ---- taskwait.c, taskgroup.c -----------------------------------------------------------------

    /** {@code synchronization/taskwait.c}: the master waits for a task that the other member runs. */
    public static final class Taskwait {
        public static void main(String[] args) {
            CyclicBarrier both = new CyclicBarrier(2);
            Omp.parallel(2, () -> Omp.master(() -> {
                Omp.task(() -> {
                    Probe.meet(both);
                    Probe.ids(0);
                    Probe.ids(1);
                });
                Probe.meet(both);
                Omp.taskwait();
                Probe.say("after the taskwait");
            }));
        }
    }

    @Test
    void taskwait() throws Exception {
        Trace trace = Trace.of(Taskwait.class);
        FileCheck master = new FileCheck()
                .check(Trace.masterImplicitTask("W", 2))
                .check("[[W]]: ompt_event_task_begin: parent_task_id=[[T]], {{.*}}new_task_id=[[X:" + ID + "]], flags=none")
                .check("[[W]]: ompt_event_taskwait_begin: parallel_id=[[P]], task_id=[[T]], kind=ompt_sync_region_taskwait,"
                        + " codeptr_ra=[[RA:" + ID + "]]")
                .next("[[W]]: ompt_event_wait_taskwait_begin: parallel_id=[[P]], task_id=[[T]],"
                        + " kind=ompt_sync_region_taskwait, codeptr_ra=[[RA]]")
                .next("[[W]]: ompt_event_wait_taskwait_end: parallel_id=[[P]], task_id=[[T]],"
                        + " kind=ompt_sync_region_taskwait, codeptr_ra=[[RA]]")
                .next("[[W]]: ompt_event_taskwait_end: parallel_id=[[P]], task_id=[[T]], kind=ompt_sync_region_taskwait,"
                        + " codeptr_ra=[[RA]]")
                .next("[[W]]: after the taskwait")
                .match(trace.thread("1"));
        String x = master.get("X");
        List<String> runners = trace.threadsWith("second_task_id=" + x);
        assertEquals(1, runners.size(), trace.toString());
        assertNotEquals("1", runners.get(0), "the master was in the meeting, the other member ran the task");
        new FileCheck().define("W", runners.get(0)).define("P", master.get("P")).define("T", master.get("T")).define("X", x)
                .check("[[W]]: ompt_event_task_switch: first_task_id={{" + ID + "}}, prior_task_status=ompt_task_switch=7,"
                        + " second_task_id=[[X]]")
                .next("[[W]]: task level 0: parallel_id=[[P]], task_id=[[X]], {{.*}}type=ompt_task_explicit")
                .next("[[W]]: task level 1: parallel_id=[[P]], task_id=[[T]], {{.*}}type=ompt_task_implicit")
                .next("[[W]]: ompt_event_task_end: task_id=[[X]]")
                .match(trace.thread(runners.get(0)));
        trace.assertBefore(new String[] {"ompt_event_task_begin", "new_task_id=" + x},
                new String[] {"ompt_event_task_switch", "second_task_id=" + x});
        trace.assertBefore(new String[] {"ompt_event_task_end: task_id=" + x},
                new String[] {"ompt_event_taskwait_end"});
    }

    /** {@code synchronization/taskgroup.c}: the group waits for a task the other member runs. */
    public static final class Taskgroup {
        public static void main(String[] args) {
            CyclicBarrier both = new CyclicBarrier(2);
            Omp.parallel(2, () -> Omp.master(() -> {
                Omp.taskgroup(() -> {
                    Omp.task(() -> {
                        Probe.meet(both);
                        Probe.say("in the task");
                    });
                    Probe.meet(both);
                });
                Probe.say("after the taskgroup");
            }));
        }
    }

    @Test
    void taskgroup() throws Exception {
        Trace trace = Trace.of(Taskgroup.class);
        FileCheck master = new FileCheck()
                .check(Trace.masterImplicitTask("W", 2))
                .check("[[W]]: ompt_event_taskgroup_begin: parallel_id=[[P]], task_id=[[T]],"
                        + " kind=ompt_sync_region_taskgroup, codeptr_ra=[[RA:" + ID + "]]")
                .next("[[W]]: ompt_event_task_begin: parent_task_id=[[T]], {{.*}}new_task_id=[[X:" + ID + "]], flags=none")
                .next("[[W]]: ompt_event_wait_taskgroup_begin: parallel_id=[[P]], task_id=[[T]],"
                        + " kind=ompt_sync_region_taskgroup, codeptr_ra=[[RA]]")
                .next("[[W]]: ompt_event_wait_taskgroup_end: parallel_id=[[P]], task_id=[[T]],"
                        + " kind=ompt_sync_region_taskgroup, codeptr_ra=[[RA]]")
                .next("[[W]]: ompt_event_taskgroup_end: parallel_id=[[P]], task_id=[[T]],"
                        + " kind=ompt_sync_region_taskgroup, codeptr_ra=[[RA]]")
                .next("[[W]]: after the taskgroup")
                .match(trace.thread("1"));
        String x = master.get("X");
        trace.assertBefore(new String[] {"ompt_event_task_end: task_id=" + x}, new String[] {"ompt_event_taskgroup_end"});
        trace.assertBefore(new String[] {"in the task"}, new String[] {"after the taskgroup"});
    }

    // ---- lock.c, test_lock.c, nest_lock.c, test_nest_lock_parallel.c ------------------------------

    /** {@code synchronization/lock.c}, with two threads contending. */
    public static final class Lock {
        public static void main(String[] args) {
            OmpLock lock = new OmpLock();
            CyclicBarrier both = new CyclicBarrier(2);
            Omp.parallel(2, () -> {
                Probe.meet(both);
                lock.set();
                Probe.say("holds the lock");
                Probe.say("leaves the lock");
                lock.unset();
            });
            lock.destroy();
        }
    }

    @Test
    void lock() throws Exception {
        Trace trace = Trace.of(Lock.class);
        FileCheck main = new FileCheck()
                .check("[[M:[0-9]+]]: ompt_event_init_lock: wait_id=[[WAIT:[0-9]+]], hint=0, impl=1, codeptr_ra=[[INIT:" + ID
                        + "]]")
                .next("[[M]]: ompt_event_parallel_begin: {{.*}}parallel_id=[[P:" + ID + "]]")
                .check("[[M]]: ompt_event_parallel_end: parallel_id=[[P]]")
                .next("[[M]]: ompt_event_destroy_lock: wait_id=[[WAIT]], codeptr_ra=[[DESTROY:" + ID + "]]")
                .match(trace.thread("1"));
        String wait = main.get("WAIT");
        assertNotEquals(main.get("INIT"), main.get("DESTROY"), "init and destroy are different call sites");
        for (String w : team(trace, main.get("P"))) {
            FileCheck held = new FileCheck().define("W", w).define("WAIT", wait)
                    .check("[[W]]: ompt_event_wait_lock: wait_id=[[WAIT]], hint=0, impl=1, codeptr_ra=[[RA:" + ID + "]]")
                    .next("[[W]]: ompt_event_acquired_lock: wait_id=[[WAIT]], codeptr_ra=[[RA]]")
                    .next("[[W]]: holds the lock")
                    .next("[[W]]: leaves the lock")
                    .next("[[W]]: ompt_event_release_lock: wait_id=[[WAIT]], codeptr_ra=[[UNSET:" + ID + "]]")
                    .match(trace.thread(w));
            assertNotEquals(held.get("RA"), held.get("UNSET"), "set and unset are different call sites");
        }
        assertEquals(2, trace.count("ompt_event_release_lock: wait_id=" + wait + ","), trace.toString());
        trace.assertExclusive("ompt_event_acquired_lock: wait_id=" + wait + ",", "leaves the lock", 2);
        trace.assertBefore(new String[] {"ompt_event_init_lock"}, new String[] {"ompt_event_wait_lock"});
    }

    /** {@code synchronization/test_lock.c}: a test that takes the lock, and one that finds it held. */
    public static final class TestLock {
        public static void main(String[] args) {
            OmpLock lock = new OmpLock();
            Probe.say("test " + lock.test());
            lock.unset();
            lock.set();
            Probe.say("test " + lock.test());
            lock.unset();
            lock.destroy();
        }
    }

    @Test
    void testLock() throws Exception {
        Trace trace = Trace.of(TestLock.class);
        new FileCheck()
                .check("[[M:[0-9]+]]: ompt_event_init_lock: wait_id=[[WAIT:[0-9]+]], hint=0, impl=1, codeptr_ra={{" + ID + "}}")
                .next("[[M]]: ompt_event_acquired_lock: wait_id=[[WAIT]], codeptr_ra={{" + ID + "}}")
                .next("[[M]]: test true")
                .next("[[M]]: ompt_event_release_lock: wait_id=[[WAIT]], codeptr_ra={{" + ID + "}}")
                .next("[[M]]: ompt_event_wait_lock: wait_id=[[WAIT]], hint=0, impl=1, codeptr_ra=[[SET:" + ID + "]]")
                .next("[[M]]: ompt_event_acquired_lock: wait_id=[[WAIT]], codeptr_ra=[[SET]]")
                .not("ompt_event_acquired_lock")
                .not("ompt_event_release_lock")
                .check("[[M]]: test false")
                .next("[[M]]: ompt_event_release_lock: wait_id=[[WAIT]], codeptr_ra={{" + ID + "}}")
                .next("[[M]]: ompt_event_destroy_lock: wait_id=[[WAIT]], codeptr_ra={{" + ID + "}}")
                .match(trace.thread("1"));
    }

    /** {@code synchronization/nest_lock.c}. */
    public static final class NestLock {
        public static void main(String[] args) {
            OmpNestLock lock = new OmpNestLock();
            lock.set();
            Probe.say("nesting " + lock.nesting());
            lock.set();
            Probe.say("nesting " + lock.nesting());
            lock.unset();
            Probe.say("nesting " + lock.nesting());
            lock.unset();
            Probe.say("nesting " + lock.nesting());
            lock.destroy();
        }
    }

    @Test
    void nestLock() throws Exception {
        Trace trace = Trace.of(NestLock.class);
        FileCheck main = new FileCheck()
                .check("[[M:[0-9]+]]: ompt_event_init_nest_lock: wait_id=[[WAIT:[0-9]+]], hint=0, impl=2, codeptr_ra={{" + ID
                        + "}}")
                .next("[[M]]: ompt_event_wait_nest_lock: wait_id=[[WAIT]], hint=0, impl=2, codeptr_ra=[[SET1:" + ID + "]]")
                .next("[[M]]: ompt_event_acquired_nest_lock_first: wait_id=[[WAIT]], codeptr_ra=[[SET1]]")
                .next("[[M]]: nesting 1")
                .next("[[M]]: ompt_event_acquired_nest_lock_next: wait_id=[[WAIT]], codeptr_ra=[[SET2:" + ID + "]]")
                .next("[[M]]: nesting 2")
                .next("[[M]]: ompt_event_release_nest_lock_prev: wait_id=[[WAIT]], codeptr_ra=[[UNSET1:" + ID + "]]")
                .next("[[M]]: nesting 1")
                .next("[[M]]: ompt_event_release_nest_lock_last: wait_id=[[WAIT]], codeptr_ra=[[UNSET2:" + ID + "]]")
                .next("[[M]]: nesting 0")
                .next("[[M]]: ompt_event_destroy_lock: wait_id=[[WAIT]], codeptr_ra={{" + ID + "}}")
                .match(trace.thread("1"));
        assertNotEquals(main.get("SET1"), main.get("SET2"), "each call has its own call site");
        assertNotEquals(main.get("UNSET1"), main.get("UNSET2"), "each call has its own call site");
    }

    /**
     * {@code synchronization/test_nest_lock_parallel.c}: one member holds a nest lock twice while the other
     * tests it in vain; after a barrier the other takes it by testing, twice.
     */
    public static final class TestNestLockParallel {
        public static void main(String[] args) {
            OmpNestLock lock = new OmpNestLock();
            CyclicBarrier both = new CyclicBarrier(2);
            Omp.parallel(2, () -> {
                if (Omp.threadNum() == 0) {
                    lock.set();
                    lock.set();
                    Probe.meet(both);
                    Probe.meet(both);
                    lock.unset();
                    lock.unset();
                } else {
                    Probe.meet(both);
                    Probe.say("test " + lock.test());
                    Probe.meet(both);
                }
                Omp.barrier();
                if (Omp.threadNum() == 1) {
                    Probe.say("test " + lock.test());
                    Probe.say("test " + lock.test());
                    lock.unset();
                    lock.unset();
                }
            });
            lock.destroy();
        }
    }

    @Test
    void testNestLockParallel() throws Exception {
        Trace trace = Trace.of(TestNestLockParallel.class);
        FileCheck main = new FileCheck()
                .check("[[M:[0-9]+]]: ompt_event_init_nest_lock: wait_id=[[WAIT:[0-9]+]], hint=0, impl=2")
                .check("[[M]]: ompt_event_implicit_task_begin: parallel_id=[[P:" + ID + "]], task_id={{" + ID + "}},"
                        + " team_size=2, thread_num=0")
                .next("[[M]]: ompt_event_wait_nest_lock: wait_id=[[WAIT]], hint=0, impl=2, codeptr_ra=[[RA:" + ID + "]]")
                .next("[[M]]: ompt_event_acquired_nest_lock_first: wait_id=[[WAIT]], codeptr_ra=[[RA]]")
                .next("[[M]]: ompt_event_acquired_nest_lock_next: wait_id=[[WAIT]]")
                .next("[[M]]: ompt_event_release_nest_lock_prev: wait_id=[[WAIT]]")
                .next("[[M]]: ompt_event_release_nest_lock_last: wait_id=[[WAIT]]")
                .next("[[M]]: ompt_event_barrier_begin: parallel_id=[[P]]")
                .not("nest_lock")
                .check("[[M]]: ompt_event_destroy_lock: wait_id=[[WAIT]]")
                .match(trace.thread("1"));
        String other = team(trace, main.get("P")).stream().filter(t -> !t.equals("1")).findFirst().orElseThrow();
        new FileCheck().define("W", other).define("WAIT", main.get("WAIT"))
                .check("[[W]]: ompt_event_implicit_task_begin:")
                .not("ompt_event_acquired_nest_lock")
                .check("[[W]]: test 0")
                .next("[[W]]: ompt_event_barrier_begin:")
                .check("[[W]]: ompt_event_barrier_end:")
                .next("[[W]]: ompt_event_acquired_nest_lock_first: wait_id=[[WAIT]], codeptr_ra={{" + ID + "}}")
                .next("[[W]]: test 1")
                .next("[[W]]: ompt_event_acquired_nest_lock_next: wait_id=[[WAIT]]")
                .next("[[W]]: test 2")
                .next("[[W]]: ompt_event_release_nest_lock_prev: wait_id=[[WAIT]]")
                .next("[[W]]: ompt_event_release_nest_lock_last: wait_id=[[WAIT]]")
                .match(trace.thread(other));
        assertTrue(trace.first(other + ": ompt_event_acquired_nest_lock_first") > trace.first("1: ompt_event_release_nest_lock_last"),
                "the second owner acquired only after the first released (ordered by the barrier):\n" + trace);
    }

    // ---- critical.c, ordered.c, masked.c ---------------------------------------------------------

    /** {@code synchronization/critical.c}, with two threads contending. */
    public static final class Critical {
        public static void main(String[] args) {
            CyclicBarrier both = new CyclicBarrier(2);
            Omp.parallel(2, () -> {
                Probe.meet(both);
                Omp.critical(() -> {
                    Probe.say("in the critical section");
                    Probe.state();
                    Probe.say("leaves the critical section");
                });
            });
        }
    }

    @Test
    void critical() throws Exception {
        Trace trace = Trace.of(Critical.class);
        String p = region(trace);
        String wait = new FileCheck().check("ompt_event_wait_critical: wait_id=[[WAIT:[0-9]+]]").match(trace.lines())
                .get("WAIT");
        String ra = null;
        for (String w : team(trace, p)) {
            FileCheck c = new FileCheck().define("W", w).define("WAIT", wait)
                    .check("[[W]]: ompt_event_wait_critical: wait_id=[[WAIT]], hint=0, impl={{[0-9]+}}, codeptr_ra=[[RA:" + ID
                            + "]]")
                    .next("[[W]]: ompt_event_acquired_critical: wait_id=[[WAIT]], codeptr_ra=[[RA]]")
                    .next("[[W]]: in the critical section")
                    .next("[[W]]: state=ompt_state_work_parallel, wait_id=0")
                    .next("[[W]]: leaves the critical section")
                    .next("[[W]]: ompt_event_release_critical: wait_id=[[WAIT]], codeptr_ra=[[RA]]")
                    .next("[[W]]: ompt_event_barrier_begin: parallel_id=" + p)
                    .match(trace.thread(w));
            if (ra != null) {
                assertEquals(ra, c.get("RA"), "one critical construct, one call site");
            }
            ra = c.get("RA");
        }
        trace.assertExclusive("ompt_event_acquired_critical: wait_id=" + wait + ",", "leaves the critical section", 2);
    }

    /** {@code synchronization/ordered.c}: ordered blocks run in iteration order across the team. */
    public static final class Ordered {
        public static void main(String[] args) {
            Omp.parallel(2, () -> Omp.forLoopOrdered(0, 6, Schedule.staticChunked(1), i -> {
                Probe.say("before ordered " + i);
                Omp.ordered(() -> {
                    Probe.say("ordered " + i);
                    Probe.say("leaves ordered");
                });
            }));
        }
    }

    @Test
    void ordered() throws Exception {
        Trace trace = Trace.of(Ordered.class);
        String p = region(trace);
        List<String> ordered = trace.lines().stream().filter(l -> l.contains(": ordered ")).map(l -> l.substring(l.indexOf(": ") + 2))
                .toList();
        assertEquals(List.of("ordered 0", "ordered 1", "ordered 2", "ordered 3", "ordered 4", "ordered 5"), ordered,
                "ordered blocks in iteration order:\n" + trace);
        trace.assertExclusive("ompt_event_acquired_ordered", "leaves ordered", 6);
        for (String w : team(trace, p)) {
            List<String> lines = trace.thread(w);
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).contains(": ordered ")) {
                    new FileCheck().define("W", w)
                            .check("[[W]]: ompt_event_wait_ordered: wait_id=[[WAIT:[0-9]+]], codeptr_ra=[[RA:" + ID + "]]")
                            .next("[[W]]: ompt_event_acquired_ordered: wait_id=[[WAIT]], codeptr_ra=[[RA]]")
                            .next("[[W]]: ordered ")
                            .next("[[W]]: leaves ordered")
                            .next("[[W]]: ompt_event_release_ordered: wait_id=[[WAIT]], codeptr_ra=[[RA]]")
                            .match(lines.subList(i - 2, Math.min(lines.size(), i + 3)));
                }
            }
        }
    }

    /** {@code synchronization/masked.c} (and master.c): member 1, then member 0, run a block. */
    public static final class Masked {
        public static void main(String[] args) {
            Omp.parallel(2, () -> {
                Omp.masked(1, () -> Probe.say("masked by 1"));
                Omp.master(() -> Probe.say("master"));
            });
        }
    }

    @Test
    void masked() throws Exception {
        Trace trace = Trace.of(Masked.class);
        String p = region(trace);
        assertEquals(2, trace.count("ompt_event_master_begin"), trace.toString());
        assertEquals(2, trace.count("ompt_event_master_end"), trace.toString());
        for (String w : team(trace, p)) {
            FileCheck member = new FileCheck().define("W", w).define("P", p)
                    .check("[[W]]: ompt_event_implicit_task_begin: parallel_id=[[P]], task_id=[[T:" + ID + "]], team_size=2,"
                            + " thread_num=[[N:[01]]]")
                    .match(trace.thread(w));
            String block = member.get("N").equals("1") ? "masked by 1" : "master";
            new FileCheck().define("W", w).define("P", p).define("T", member.get("T"))
                    .check("[[W]]: ompt_event_implicit_task_begin:")
                    .not("ompt_event_master")
                    .check("[[W]]: ompt_event_master_begin: parallel_id=[[P]], task_id=[[T]], codeptr_ra=[[RA:" + ID + "]]")
                    .next("[[W]]: " + block)
                    .next("[[W]]: ompt_event_master_end: parallel_id=[[P]], task_id=[[T]], codeptr_ra=[[RA]]")
                    .not("ompt_event_master")
                    .check("[[W]]: ompt_event_implicit_task_end:")
                    .match(trace.thread(w));
        }
    }
}
