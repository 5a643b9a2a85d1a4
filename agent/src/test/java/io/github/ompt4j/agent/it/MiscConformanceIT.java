package io.github.ompt4j.agent.it;

import static io.github.ompt4j.agent.it.Trace.ID;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.agent.check.FileCheck;
import io.github.ompt4j.model.OmptState;
import io.github.ompt4j.omp.Omp;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;

/** LLVM's {@code ompt/misc/} tests, for the directive library under the agent. */
class MiscConformanceIT {

    /** {@code misc/control_tool.c}: flush, a tool-specific command, and pause/start around a region. */
    public static final class ControlTool {
        public static void main(String[] args) {
            Omp.parallel(1, () -> Probe.say("first region"));
            Probe.say("flush " + Omp.controlTool(3, 1));
            Probe.say("tool-specific " + Omp.controlTool(64, 2));
            Probe.say("pause " + Omp.controlTool(2, 0));
            Omp.parallel(1, () -> Probe.say("paused region"));
            Probe.say("start " + Omp.controlTool(1, 0));
            Omp.parallel(1, () -> Probe.say("resumed region"));
        }
    }

    @Test
    void controlTool() throws Exception {
        Trace trace = Trace.of(ControlTool.class);
        new FileCheck()
                .check("[[M:[0-9]+]]: ompt_event_parallel_end:")
                .next("[[M]]: ompt_event_control: command=3, modifier=1")
                .next("[[M]]: flush 0")
                .next("[[M]]: ompt_event_control: command=64, modifier=2")
                .next("[[M]]: tool-specific 0")
                .next("[[M]]: ompt_event_control: command=2, modifier=0")
                .next("[[M]]: pause 0")
                .next("[[M]]: paused region")
                .next("[[M]]: ompt_event_control: command=1, modifier=0")
                .next("[[M]]: start 0")
                .next("[[M]]: ompt_event_parallel_begin: {{.*}}parallel_id=[[P:" + ID + "]]")
                .next("[[M]]: ompt_event_implicit_task_begin: parallel_id=[[P]]")
                .next("[[M]]: resumed region")
                .match(trace.thread("1"));
    }

    /** The same calls without the agent (so without the model, which {@link Probe} needs). */
    public static final class ControlToolNoTool {
        public static void main(String[] args) {
            Omp.parallel(2, () -> Omp.master(() -> System.out.println("in a region")));
            System.out.println("flush " + Omp.controlTool(3, 1));
            System.out.println("tool-specific " + Omp.controlTool(64, 2));
            System.out.println("pause " + Omp.controlTool(2, 0));
        }
    }

    @Test
    void controlToolWithoutAgent() throws Exception {
        AgentRun run = AgentRun.run(null, Map.of(), ControlToolNoTool.class);
        assertEquals(0, run.exit, run.toString());
        assertEquals(List.of("in a region", "flush -2", "tool-specific -2", "pause -2"), run.out,
                "no tool: omp_control_tool_notool, and no events");
    }

    /** {@code misc/threads.c}: every worker begins and ends once; the initial thread too. */
    public static final class Threads {
        public static void main(String[] args) {
            CyclicBarrier all = new CyclicBarrier(4);
            Omp.parallel(4, () -> Probe.meet(all));
        }
    }

    @Test
    void threads() throws Exception {
        Trace trace = Trace.of(Threads.class);
        List<String> workers = trace.threadsWith("ompt_event_thread_begin: thread_type=ompt_thread_worker=2");
        assertEquals(3, workers.size(), trace.toString());
        int shutdown = trace.first("ompt_event_runtime_shutdown");
        assertTrue(shutdown >= 0, trace.toString());
        for (String w : workers) {
            new FileCheck().define("W", w)
                    .check("[[W]]: ompt_event_thread_begin: thread_type=ompt_thread_worker=2, thread_id=[[W]]")
                    .check("[[W]]: ompt_event_implicit_task_begin:")
                    .check("[[W]]: ompt_event_implicit_task_end:")
                    .check("[[W]]: ompt_event_thread_end: thread_type=ompt_thread_worker=2, thread_id=[[W]]")
                    .match(trace.thread(w));
            List<String> lines = trace.thread(w);
            assertTrue(lines.get(0).contains("ompt_event_thread_begin"), "thread_begin is a worker's first event");
            assertTrue(lines.get(lines.size() - 1).contains("ompt_event_thread_end"), "thread_end is its last event:\n"
                    + trace);
            assertEquals(1, trace.count(w + ": ompt_event_thread_end"), trace.toString());
        }
        new FileCheck()
                .check("[[M:[0-9]+]]: ompt_event_thread_begin: thread_type=ompt_thread_initial=1, thread_id=[[M]]")
                .next("[[M]]: ompt_event_initial_task_begin: task_id=[[I:" + ID + "]]")
                .check("[[M]]: ompt_event_parallel_end:")
                // Main ends as main returns (the JVM calls Thread.exit on it), before the JVM shuts down.
                .check("[[M]]: ompt_event_initial_task_end: task_id=[[I]]")
                .check("[[M]]: ompt_event_thread_end: thread_type=ompt_thread_initial=1, thread_id=[[M]]")
                .check("ompt_event_runtime_shutdown")
                .match(trace.lines());
        assertEquals(trace.run.events().size() - 1, trace.run.events().indexOf(trace.lines().get(shutdown)),
                "runtime_shutdown is the last event:\n" + trace);
    }

    /**
     * Work in an application shutdown hook: a region and a lock, after a pause long enough that a
     * {@code runtime_shutdown} delivered beside the hooks (as a hook of the runtime's own would be) comes first.
     */
    public static final class WorkAtExit {
        public static void main(String[] args) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                LockSupport.parkNanos(200_000_000L);
                ReentrantLock lock = new ReentrantLock();
                lock.lock();
                try {
                    Omp.parallel(2, () -> Probe.say("a region in a shutdown hook"));
                } finally {
                    lock.unlock();
                }
            }, "cleanup"));
            Omp.parallel(2, () -> Probe.say("the program's region"));
        }
    }

    /**
     * {@code runtime_shutdown} comes after the application's shutdown hooks have returned: their events precede it,
     * the hook's thread (an initial thread: it encounters a region outside any team) ends before it, and it is the
     * last event; every thread that began ended, the workers the hook's region started too, and every begin has its
     * end ({@link TraceInvariants}).
     */
    @Test
    void runtimeShutdownFollowsTheShutdownHooks() throws Exception {
        Trace trace = Trace.of("directives+locks", List.of(), Map.of(), WorkAtExit.class);
        // The hook's thread is the one that says the line and begins the region: its worker says it too, sometimes first.
        List<String> hooks = new ArrayList<>(trace.threadsWith("a region in a shutdown hook"));
        hooks.retainAll(trace.threadsWith("ompt_event_parallel_begin:"));
        assertEquals(1, hooks.size(), "one thread both begins the hook's region and works in it:\n" + trace);
        String hook = hooks.get(0);
        new FileCheck().define("H", hook)
                .check("[[H]]: ompt_event_thread_begin: thread_type=ompt_thread_initial=1, thread_id=[[H]]")
                .check("[[H]]: ompt_event_acquired_nest_lock_first:")
                .check("[[H]]: ompt_event_parallel_begin:")
                .check("[[H]]: a region in a shutdown hook")
                .check("[[H]]: ompt_event_parallel_end:")
                .check("[[H]]: ompt_event_release_nest_lock_last:")
                .check("[[H]]: ompt_event_thread_end: thread_type=ompt_thread_initial=1, thread_id=[[H]]")
                .check("ompt_event_runtime_shutdown")
                .match(trace.lines());
        assertEquals(trace.run.events().size() - 1, trace.run.events().indexOf(trace.lines().get(
                trace.first("ompt_event_runtime_shutdown"))), "runtime_shutdown is the last event:\n" + trace);
        TraceInvariants.assertHold(trace);
    }

    /** {@code misc/threads_nested.c}: two active levels need three workers, each begun once. */
    public static final class ThreadsNested {
        public static void main(String[] args) {
            Omp.setMaxActiveLevels(2);
            CyclicBarrier all = new CyclicBarrier(4);
            Omp.parallel(2, () -> Omp.parallel(2, () -> Probe.meet(all)));
            Omp.parallel(2, () -> Probe.say("the next region"));
        }
    }

    @Test
    void threadsNested() throws Exception {
        Trace trace = Trace.of(ThreadsNested.class);
        List<String> workers = trace.threadsWith("ompt_event_thread_begin: thread_type=ompt_thread_worker=2");
        assertTrue(workers.size() >= 3, "four threads at once: the initial one and three workers:\n" + trace);
        Set<String> seen = new HashSet<>();
        for (String w : workers) {
            assertTrue(seen.add(w), "thread IDs are unique");
            assertEquals(1, trace.count(w + ": ompt_event_thread_begin"), trace.toString());
            List<String> lines = trace.thread(w);
            assertEquals(w + ": ompt_event_thread_begin: thread_type=ompt_thread_worker=2, thread_id=" + w, lines.get(0));
        }
        assertEquals(1, trace.count("ompt_event_thread_begin: thread_type=ompt_thread_initial"), "one initial thread");
        for (String t : trace.threadsWith("ompt_event_implicit_task_begin")) {
            assertTrue(t.equals("1") || workers.contains(t), "thread " + t + " runs implicit tasks without thread_begin");
        }
        assertEquals(8, trace.count("ompt_event_implicit_task_begin", "team_size=2"),
                "2 outer, 2 x 2 inner and 2 next implicit tasks:\n" + trace);
    }

    /**
     * {@code misc/api_calls_misc.c} and {@code api_calls_from_other_thread.c}: the inquiry functions from
     * the program, for the calling thread and, as a sampler sees them, for another.
     */
    public static final class ApiCallsMisc {
        public static void main(String[] args) {
            Thread main = Thread.currentThread();
            Probe.state();
            Probe.ids(0);
            CyclicBarrier both = new CyclicBarrier(2);
            Omp.parallel(2, () -> {
                Probe.state();
                if (Omp.threadNum() == 1) {
                    // Holds the critical section until the master is seen waiting for it.
                    Omp.critical(() -> {
                        Probe.meet(both);
                        Probe.stateOf(main, OmptState.WAIT_CRITICAL);
                    });
                    // The master waits at the barrier; seen from here.
                    Probe.stateOf(main, OmptState.WAIT_BARRIER_EXPLICIT);
                } else {
                    Probe.meet(both);
                    Omp.critical(() -> Probe.state());
                }
                Omp.barrier();
                Omp.master(() -> {
                    Omp.task(() -> {
                        Probe.say("task on " + (Thread.currentThread() == main ? "master" : "worker"));
                        Probe.state();
                        Probe.ids(0);
                        Probe.ids(1);
                    });
                    Omp.taskwait();
                    Probe.say("after the taskwait");
                });
            });
            Probe.state();
        }
    }

    @Test
    void apiCallsMisc() throws Exception {
        Trace trace = Trace.of(ApiCallsMisc.class);
        FileCheck main = new FileCheck()
                .check("[[M:[0-9]+]]: ompt_event_initial_task_begin: task_id=[[I:" + ID + "]]")
                .next("[[M]]: state=ompt_state_work_serial, wait_id=0")
                .next("[[M]]: task level 0: parallel_id=0x0, task_id=[[I]], team_size=-1, type=ompt_task_initial")
                .next("[[M]]: ompt_event_parallel_begin: {{.*}}parallel_id=[[P:" + ID + "]]")
                .next("[[M]]: ompt_event_implicit_task_begin: parallel_id=[[P]], task_id=[[T:" + ID + "]]")
                .next("[[M]]: state=ompt_state_work_parallel, wait_id=0")
                .next("[[M]]: ompt_event_wait_critical: wait_id=[[C:[0-9]+]]")
                .next("[[M]]: ompt_event_acquired_critical: wait_id=[[C]]")
                .next("[[M]]: state=ompt_state_work_parallel, wait_id=0")
                .next("[[M]]: ompt_event_release_critical: wait_id=[[C]]")
                .next("[[M]]: ompt_event_barrier_begin: parallel_id=[[P]], task_id=[[T]], kind=ompt_sync_region_barrier_explicit")
                .check("[[M]]: ompt_event_parallel_end: parallel_id=[[P]]")
                .next("[[M]]: state=ompt_state_work_serial, wait_id=0")
                .match(trace.thread("1"));
        String w = SynchronizationConformanceIT.team(trace, main.get("P")).stream().filter(t -> !t.equals("1")).findFirst()
                .orElseThrow();
        long p = Long.parseLong(main.get("P").substring(2), 16);
        new FileCheck().define("W", w).define("C", main.get("C"))
                .check("[[W]]: state=ompt_state_work_parallel, wait_id=0")
                .next("[[W]]: ompt_event_wait_critical: wait_id=[[C]]")
                .next("[[W]]: ompt_event_acquired_critical: wait_id=[[C]]")
                .next("[[W]]: thread 1: state=ompt_state_wait_critical, wait_id=[[C]]")
                .next("[[W]]: ompt_event_release_critical: wait_id=[[C]]")
                .next("[[W]]: thread 1: state=ompt_state_wait_barrier_explicit, wait_id=" + p)
                .match(trace.thread(w));
        String x = new FileCheck().check("ompt_event_task_begin: parent_task_id=" + main.get("T") + ", {{.*}}new_task_id=[[X:"
                + ID + "]]").match(trace.lines()).get("X");
        String runner = trace.threadsWith("second_task_id=" + x).get(0);
        new FileCheck().define("R", runner).define("X", x).define("T", main.get("T")).define("P", main.get("P"))
                .check("[[R]]: ompt_event_task_switch: {{.*}}second_task_id=[[X]]")
                .next("[[R]]: task on ")
                .next("[[R]]: state=ompt_state_work_parallel, wait_id=0")
                .next("[[R]]: task level 0: parallel_id=[[P]], task_id=[[X]], team_size=2, type=ompt_task_explicit")
                .next("[[R]]: task level 1: parallel_id=[[P]], task_id=[[T]], {{.*}}type=ompt_task_implicit")
                .match(trace.thread(runner));
    }
}
