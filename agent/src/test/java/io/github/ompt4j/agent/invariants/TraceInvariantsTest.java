package io.github.ompt4j.agent.invariants;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Hand-written traces: a correct one that uses every kind of event the checks read, and for each
 * invariant, traces that break it in each way it can be broken, with the violation each must produce.
 */
class TraceInvariantsTest {
    private static final String INITIAL = """
            1: ompt_event_thread_begin: thread_type=ompt_thread_initial=1, thread_id=1
            1: ompt_event_initial_task_begin: task_id=0x10000
            """;

    /**
     * A submission from the initial thread whose root task a worker runs and ends, forking a child; a
     * region with an implicit task; a nest lock taken, re-entered and released, then taken by another
     * thread; a permit taken by one thread and returned by another; a barrier; a thread that ends.
     */
    private static final String CORRECT = INITIAL + """
            1: ompt_event_parallel_begin: parent_task_id=0x10000, parent_task_frame.exit=0, parent_task_frame.reenter=0, parallel_id=0x10001, requested_team_size=2, codeptr_ra=0x1, invoker=0
            1: ompt_event_task_begin: parent_task_id=0x10000, parent_task_frame.exit=0, parent_task_frame.reenter=0, new_task_id=0x10002, flags=none, codeptr_ra=0x1
            1: ompt_event_taskwait_begin: parallel_id=0x0, task_id=0x10000, kind=ompt_sync_region_taskwait, codeptr_ra=0x2
            1: ompt_event_wait_taskwait_begin: parallel_id=0x0, task_id=0x10000, kind=ompt_sync_region_taskwait, codeptr_ra=0x2
            2: ompt_event_thread_begin: thread_type=ompt_thread_worker=2, thread_id=2
            2: ompt_event_task_switch: first_task_id=0x0, prior_task_status=ompt_task_switch=7, second_task_id=0x10002
            2: ompt_event_task_begin: parent_task_id=0x10002, parent_task_frame.exit=0, parent_task_frame.reenter=0, new_task_id=0x20000, flags=none, codeptr_ra=0x3
            2: ompt_event_task_switch: first_task_id=0x10002, prior_task_status=ompt_task_switch=7, second_task_id=0x20000
            2: ompt_event_task_end: task_id=0x20000
            2: ompt_event_task_switch: first_task_id=0x20000, prior_task_status=ompt_task_complete=1, second_task_id=0x10002
            2: ompt_event_task_end: task_id=0x10002
            2: ompt_event_task_switch: first_task_id=0x10002, prior_task_status=ompt_task_complete=1, second_task_id=0x0
            2: ompt_event_parallel_end: parallel_id=0x10001, task_id=0x10000, invoker=0, codeptr_ra=0x1, participants=2
            2: ompt_event_idle_begin: thread_id=2
            1: ompt_event_wait_taskwait_end: parallel_id=0x0, task_id=0x10000, kind=ompt_sync_region_taskwait, codeptr_ra=0x2
            1: ompt_event_taskwait_end: parallel_id=0x0, task_id=0x10000, kind=ompt_sync_region_taskwait, codeptr_ra=0x2
            1: ompt_event_parallel_begin: parent_task_id=0x10000, parent_task_frame.exit=0, parent_task_frame.reenter=0, parallel_id=0x10003, requested_team_size=2, codeptr_ra=0x4, invoker=0
            1: ompt_event_implicit_task_begin: parallel_id=0x10003, task_id=0x10004, team_size=2, thread_num=0
            1: ompt_event_implicit_task_end: parallel_id=0x10003, task_id=0x10004, team_size=2, thread_num=0
            1: ompt_event_parallel_end: parallel_id=0x10003, task_id=0x10000, invoker=0, codeptr_ra=0x4, participants=1
            1: ompt_event_wait_nest_lock: wait_id=4294967297, hint=0, impl=2, codeptr_ra=0x0
            1: ompt_event_acquired_nest_lock_first: wait_id=4294967297, codeptr_ra=0x0
            1: ompt_event_acquired_nest_lock_next: wait_id=4294967297, codeptr_ra=0x0
            1: ompt_event_release_nest_lock_prev: wait_id=4294967297, codeptr_ra=0x0
            1: ompt_event_release_nest_lock_last: wait_id=4294967297, codeptr_ra=0x0
            3: ompt_event_thread_begin: thread_type=ompt_thread_other=3, thread_id=3
            3: ompt_event_wait_nest_lock: wait_id=4294967297, hint=0, impl=2, codeptr_ra=0x0
            3: ompt_event_acquired_nest_lock_first: wait_id=4294967297, codeptr_ra=0x0
            3: ompt_event_release_nest_lock_last: wait_id=4294967297, codeptr_ra=0x0
            3: ompt_event_acquired_lock: wait_id=4294967298, codeptr_ra=0x0
            1: ompt_event_release_lock: wait_id=4294967298, codeptr_ra=0x0
            3: ompt_event_barrier_begin: parallel_id=0x0, task_id=0x0, kind=ompt_sync_region_barrier_explicit, codeptr_ra=0x0
            3: ompt_event_wait_barrier_begin: parallel_id=0x0, task_id=0x0, kind=ompt_sync_region_barrier_explicit, codeptr_ra=0x0
            3: ompt_event_wait_barrier_end: parallel_id=0x0, task_id=0x0, kind=ompt_sync_region_barrier_explicit, codeptr_ra=0x0
            3: ompt_event_barrier_end: parallel_id=0x0, task_id=0x0, kind=ompt_sync_region_barrier_explicit, codeptr_ra=0x0
            3: ompt_event_thread_end: thread_type=ompt_thread_other=3, thread_id=3
            1: ompt_event_runtime_shutdown
            legend: codeptr_ra=0x1 Main.main(Main.java:3)
            """;

    /** The violations of {@code trace}, each as {@code INVARIANT [context] message}. */
    private static List<String> check(String trace) {
        List<String> violations = new ArrayList<>();
        TraceInvariants checker = new TraceInvariants(v -> violations.add(v.toString()));
        for (String line : trace.split("\n")) {
            if (line.startsWith("context: ")) {
                checker.context(line.substring("context: ".length()));
            } else {
                checker.line(line);
            }
        }
        checker.finish();
        return violations;
    }

    private static String replace(String trace, String line, String by) {
        if (!trace.contains(line)) {
            throw new IllegalArgumentException("not in the trace: " + line);
        }
        return trace.replace(line, by);
    }

    @Test
    void aCorrectTraceKeepsEveryPromise() {
        assertEquals(List.of(), check(CORRECT));
    }

    @Test
    void violationsNameTheContextOfTheOffendingEvent() {
        assertEquals(List.of("BALANCE [testOne(SomeTest)] ends a span that is not open on this thread: "
                + "1: ompt_event_idle_end: thread_id=1"), check(INITIAL + "context: testOne(SomeTest)\n"
                        + "1: ompt_event_idle_end: thread_id=1\n"));
    }

    @Test
    void balanceAnEndMustCloseTheInnermostOpenSpan() {
        String crossed = INITIAL + """
                1: ompt_event_taskwait_begin: parallel_id=0x0, task_id=0x10000, kind=ompt_sync_region_taskwait, codeptr_ra=0x2
                1: ompt_event_wait_taskwait_begin: parallel_id=0x0, task_id=0x10000, kind=ompt_sync_region_taskwait, codeptr_ra=0x2
                1: ompt_event_taskwait_end: parallel_id=0x0, task_id=0x10000, kind=ompt_sync_region_taskwait, codeptr_ra=0x2
                1: ompt_event_wait_taskwait_end: parallel_id=0x0, task_id=0x10000, kind=ompt_sync_region_taskwait, codeptr_ra=0x2
                """;
        assertEquals(List.of("BALANCE [] ends across a span still open inside it (1: ompt_event_wait_taskwait_begin: "
                + "parallel_id=0x0, task_id=0x10000, kind=ompt_sync_region_taskwait, codeptr_ra=0x2): 1: "
                + "ompt_event_taskwait_end: parallel_id=0x0, task_id=0x10000, kind=ompt_sync_region_taskwait, codeptr_ra=0x2"),
                check(crossed));
    }

    @Test
    void balanceAnEndMustMatchItsBeginsIds() {
        String trace = replace(CORRECT, "1: ompt_event_implicit_task_end: parallel_id=0x10003, task_id=0x10004",
                "1: ompt_event_implicit_task_end: parallel_id=0x10003, task_id=0x10005");
        List<String> violations = check(trace);
        assertEquals(2, violations.size(), violations.toString());
        assertEquals("BALANCE [] ends a span that is not open on this thread: 1: ompt_event_implicit_task_end: "
                + "parallel_id=0x10003, task_id=0x10005, team_size=2, thread_num=0", violations.get(0));
        assertEquals("BALANCE [] never ended: 1: ompt_event_implicit_task_begin: parallel_id=0x10003, task_id=0x10004, "
                + "team_size=2, thread_num=0", violations.get(1));
    }

    @Test
    void balanceAThreadEndsWithNothingOpen() {
        String trace = replace(CORRECT, "3: ompt_event_wait_barrier_end: parallel_id=0x0, task_id=0x0, "
                + "kind=ompt_sync_region_barrier_explicit, codeptr_ra=0x0\n", "");
        List<String> violations = check(trace);
        assertEquals(2, violations.size(), violations.toString());
        assertEquals("BALANCE [] ends across a span still open inside it (3: ompt_event_wait_barrier_begin: parallel_id=0x0, "
                + "task_id=0x0, kind=ompt_sync_region_barrier_explicit, codeptr_ra=0x0): 3: ompt_event_barrier_end: "
                + "parallel_id=0x0, task_id=0x0, kind=ompt_sync_region_barrier_explicit, codeptr_ra=0x0", violations.get(0));
        assertEquals("BALANCE [] still open as its thread ends (3: ompt_event_thread_end: thread_type=ompt_thread_other=3, "
                + "thread_id=3): 3: ompt_event_wait_barrier_begin: parallel_id=0x0, task_id=0x0, "
                + "kind=ompt_sync_region_barrier_explicit, codeptr_ra=0x0", violations.get(1));
    }

    @Test
    void balanceAtTheEndOnlyThreadsIdleWorkersAndInitialTasksMayBeOpen() {
        String trace = CORRECT + "1: ompt_event_taskwait_begin: parallel_id=0x0, task_id=0x10000, "
                + "kind=ompt_sync_region_taskwait, codeptr_ra=0x2\n";
        assertEquals(List.of("BALANCE [] never ended: 1: ompt_event_taskwait_begin: parallel_id=0x0, task_id=0x10000, "
                + "kind=ompt_sync_region_taskwait, codeptr_ra=0x2"), check(trace));
    }

    @Test
    void balanceAThreadBlockedAtTheEndMayHoldAnythingOpen() {
        String trace = CORRECT + """
                4: ompt_event_thread_begin: thread_type=ompt_thread_other=3, thread_id=4
                4: ompt_event_barrier_begin: parallel_id=0x0, task_id=0x0, kind=ompt_sync_region_barrier_explicit, codeptr_ra=0x0
                4: ompt_event_wait_barrier_begin: parallel_id=0x0, task_id=0x0, kind=ompt_sync_region_barrier_explicit, codeptr_ra=0x0
                """;
        assertEquals(List.of(), check(trace));
    }

    @Test
    void balanceATaskSwitchedBackToMustBeTheOneRunning() {
        String trace = replace(CORRECT, "2: ompt_event_task_switch: first_task_id=0x20000, "
                + "prior_task_status=ompt_task_complete=1, second_task_id=0x10002",
                "2: ompt_event_task_switch: first_task_id=0x20001, prior_task_status=ompt_task_complete=1, "
                        + "second_task_id=0x10002");
        assertEquals("BALANCE [] ends a span that is not open on this thread: 2: ompt_event_task_switch: "
                + "first_task_id=0x20001, prior_task_status=ompt_task_complete=1, second_task_id=0x10002",
                check(trace).get(0));
    }

    @Test
    void regionAnImplicitTasksRegionEndsOnItsThread() {
        String trace = replace(CORRECT, "1: ompt_event_parallel_end: parallel_id=0x10003",
                "2: ompt_event_parallel_end: parallel_id=0x10003");
        assertEquals(List.of("REGION_END [] ends on thread 2, not 1 (the begin thread takes part: 1: ompt_event_parallel_begin: "
                + "parent_task_id=0x10000, parent_task_frame.exit=0, parent_task_frame.reenter=0, parallel_id=0x10003, "
                + "requested_team_size=2, codeptr_ra=0x4, invoker=0): 2: ompt_event_parallel_end: parallel_id=0x10003, "
                + "task_id=0x10000, invoker=0, codeptr_ra=0x4, participants=1"), check(trace));
    }

    @Test
    void regionASubmissionEndsWhereItsRootTaskEnded() {
        String trace = replace(CORRECT, "2: ompt_event_parallel_end: parallel_id=0x10001, task_id=0x10000, invoker=0, "
                + "codeptr_ra=0x1, participants=2\n", "");
        trace = replace(trace, "1: ompt_event_wait_taskwait_end", "1: ompt_event_parallel_end: parallel_id=0x10001, "
                + "task_id=0x10000, invoker=0, codeptr_ra=0x1, participants=2\n1: ompt_event_wait_taskwait_end");
        List<String> violations = check(trace);
        assertEquals(1, violations.size(), violations.toString());
        assertEquals("REGION_END [] ends on thread 1, not 2 (root task 0x10002 ended by 2: ompt_event_task_end: "
                + "task_id=0x10002): 1: ompt_event_parallel_end: parallel_id=0x10001, task_id=0x10000, invoker=0, "
                + "codeptr_ra=0x1, participants=2", violations.get(0));
    }

    @Test
    void regionEveryRegionEndsOnce() {
        String never = replace(CORRECT, "1: ompt_event_parallel_end: parallel_id=0x10003, task_id=0x10000, invoker=0, "
                + "codeptr_ra=0x4, participants=1\n", "");
        assertEquals(List.of("REGION_END [] never ended (the begin thread takes part: 1: ompt_event_parallel_begin: "
                + "parent_task_id=0x10000, parent_task_frame.exit=0, parent_task_frame.reenter=0, parallel_id=0x10003, "
                + "requested_team_size=2, codeptr_ra=0x4, invoker=0): 1: ompt_event_parallel_begin: "
                + "parent_task_id=0x10000, parent_task_frame.exit=0, parent_task_frame.reenter=0, parallel_id=0x10003, "
                + "requested_team_size=2, codeptr_ra=0x4, invoker=0"), check(never));
        String twice = CORRECT + "1: ompt_event_parallel_end: parallel_id=0x10003, task_id=0x10000, invoker=0, "
                + "codeptr_ra=0x4, participants=1\n";
        assertEquals(List.of("REGION_END [] ends a region again (first end: 1: ompt_event_parallel_end: "
                + "parallel_id=0x10003, task_id=0x10000, invoker=0, codeptr_ra=0x4, participants=1): "
                + "1: ompt_event_parallel_end: parallel_id=0x10003, task_id=0x10000, invoker=0, codeptr_ra=0x4, "
                + "participants=1"), check(twice));
        String unknown = INITIAL + "1: ompt_event_parallel_end: parallel_id=0x10009, task_id=0x10000, invoker=0, "
                + "codeptr_ra=0x4, participants=1\n";
        assertEquals(List.of("REGION_END [] ends a region that never began: 1: ompt_event_parallel_end: "
                + "parallel_id=0x10009, task_id=0x10000, invoker=0, codeptr_ra=0x4, participants=1"), check(unknown));
    }

    /** The forked child of {@link #CORRECT}, run a second time on thread 2 after the root task ended. */
    private static final String CHILD_AGAIN = """
            2: ompt_event_idle_end: thread_id=2
            2: ompt_event_task_switch: first_task_id=0x0, prior_task_status=ompt_task_switch=7, second_task_id=0x20000
            2: ompt_event_task_end: task_id=0x20000
            2: ompt_event_task_switch: first_task_id=0x20000, prior_task_status=ompt_task_complete=1, second_task_id=0x0
            """;

    @Test
    void taskStartedAndEndedTwice() {
        assertEquals(List.of("TASK_ONCE [] starts again: 2: ompt_event_task_switch: first_task_id=0x0, "
                + "prior_task_status=ompt_task_switch=7, second_task_id=0x20000",
                "TASK_ONCE [] ends again: 2: ompt_event_task_end: task_id=0x20000"), check(CORRECT + CHILD_AGAIN));
    }

    @Test
    void taskAnnouncedNeverRunOrNeverEnded() {
        String neverRun = CORRECT + "1: ompt_event_task_begin: parent_task_id=0x10000, parent_task_frame.exit=0, "
                + "parent_task_frame.reenter=0, new_task_id=0x10009, flags=none, codeptr_ra=0x1\n";
        assertEquals(List.of("TASK_ONCE [] announced, never started or ended: 1: ompt_event_task_begin: "
                + "parent_task_id=0x10000, parent_task_frame.exit=0, parent_task_frame.reenter=0, new_task_id=0x10009, "
                + "flags=none, codeptr_ra=0x1"), check(neverRun));
        String neverEnded = replace(CORRECT, "2: ompt_event_task_end: task_id=0x20000\n", "");
        assertEquals("TASK_ONCE [] started, never ended: 2: ompt_event_task_begin: parent_task_id=0x10002, "
                + "parent_task_frame.exit=0, parent_task_frame.reenter=0, new_task_id=0x20000, flags=none, codeptr_ra=0x3",
                check(neverEnded).get(0));
    }

    /** A task forked on the initial thread and withdrawn there before it ran. */
    private static final String WITHDRAWN = INITIAL + """
            1: ompt_event_task_begin: parent_task_id=0x10000, parent_task_frame.exit=0, parent_task_frame.reenter=0, new_task_id=0x10009, flags=none, codeptr_ra=0x1
            1: ompt_event_task_end: task_id=0x10009
            1: ompt_event_task_switch: first_task_id=0x10009, prior_task_status=ompt_task_cancel=3, second_task_id=0x10000
            """;

    @Test
    void taskWithdrawnBeforeItStartsEndsAsCancelled() {
        assertEquals(List.of(), check(WITHDRAWN));
        String notWithdrawn = replace(WITHDRAWN, "1: ompt_event_task_switch: first_task_id=0x10009, "
                + "prior_task_status=ompt_task_cancel=3, second_task_id=0x10000\n", "");
        assertEquals(List.of("TASK_ONCE [] ends a task that never started, and does not withdraw it: "
                + "1: ompt_event_task_end: task_id=0x10009"), check(notWithdrawn));
        String startedToo = WITHDRAWN + "2: ompt_event_task_switch: first_task_id=0x0, "
                + "prior_task_status=ompt_task_switch=7, second_task_id=0x10009\n";
        assertEquals("TASK_ONCE [] starts after it was withdrawn: 2: ompt_event_task_switch: first_task_id=0x0, "
                + "prior_task_status=ompt_task_switch=7, second_task_id=0x10009", check(startedToo).get(0));
    }

    @Test
    void taskStartedOrEndedWithoutAnnouncement() {
        String trace = replace(CORRECT, "2: ompt_event_task_begin: parent_task_id=0x10002, parent_task_frame.exit=0, "
                + "parent_task_frame.reenter=0, new_task_id=0x20000, flags=none, codeptr_ra=0x3\n", "");
        assertEquals(List.of("TASK_ONCE [] starts a task never announced: 2: ompt_event_task_switch: first_task_id=0x10002, "
                + "prior_task_status=ompt_task_switch=7, second_task_id=0x20000"), check(trace));
        String endOnly = INITIAL + "1: ompt_event_task_end: task_id=0x10009\n";
        assertEquals(List.of("TASK_ONCE [] ends a task never announced: 1: ompt_event_task_end: task_id=0x10009"),
                check(endOnly));
    }

    @Test
    void exclusiveNoSecondHolder() {
        String trace = replace(CORRECT, "1: ompt_event_release_nest_lock_last: wait_id=4294967297, codeptr_ra=0x0\n", "");
        trace = replace(trace, "3: ompt_event_release_nest_lock_last: wait_id=4294967297, codeptr_ra=0x0\n",
                "3: ompt_event_release_nest_lock_last: wait_id=4294967297, codeptr_ra=0x0\n"
                        + "1: ompt_event_release_nest_lock_last: wait_id=4294967297, codeptr_ra=0x0\n");
        assertEquals(List.of("EXCLUSIVE [] taken while thread 1 holds it (1: ompt_event_acquired_nest_lock_first: "
                + "wait_id=4294967297, codeptr_ra=0x0): 3: ompt_event_acquired_nest_lock_first: wait_id=4294967297, "
                + "codeptr_ra=0x0"), check(trace));
    }

    @Test
    void exclusiveReentryOnlyByTheHolder() {
        String trace = CORRECT + "1: ompt_event_acquired_nest_lock_next: wait_id=4294967297, codeptr_ra=0x0\n";
        assertEquals(List.of("EXCLUSIVE [] re-entered by a thread that does not hold it: 1: "
                + "ompt_event_acquired_nest_lock_next: wait_id=4294967297, codeptr_ra=0x0"), check(trace));
    }

    @Test
    void releaseOfANestLockByItsHolderOnly() {
        String trace = CORRECT + "1: ompt_event_release_nest_lock_last: wait_id=4294967297, codeptr_ra=0x0\n"
                + "1: ompt_event_release_nest_lock_prev: wait_id=4294967297, codeptr_ra=0x0\n";
        assertEquals(List.of("RELEASE_AFTER_ACQUIRE [] released by a thread that does not hold it: 1: "
                + "ompt_event_release_nest_lock_last: wait_id=4294967297, codeptr_ra=0x0",
                "RELEASE_AFTER_ACQUIRE [] releases a level the thread does not hold: 1: "
                        + "ompt_event_release_nest_lock_prev: wait_id=4294967297, codeptr_ra=0x0"), check(trace));
    }

    @Test
    void releaseOfALockNeedsAnOutstandingAcquisition() {
        String trace = CORRECT + "3: ompt_event_release_lock: wait_id=4294967298, codeptr_ra=0x0\n";
        assertEquals(List.of("RELEASE_AFTER_ACQUIRE [] releases a lock with no acquisition outstanding: 3: "
                + "ompt_event_release_lock: wait_id=4294967298, codeptr_ra=0x0"), check(trace));
    }

    @Test
    void parentsAndCurrentTasksWereAnnounced() {
        String parent = INITIAL + """
                5: ompt_event_parallel_begin: parent_task_id=0x70000, parent_task_frame.exit=0, parent_task_frame.reenter=0, parallel_id=0x70001, requested_team_size=1, codeptr_ra=0x2, invoker=0
                5: ompt_event_task_begin: parent_task_id=0x70000, parent_task_frame.exit=0, parent_task_frame.reenter=0, new_task_id=0x70002, flags=none, codeptr_ra=0x2
                5: ompt_event_task_switch: first_task_id=0x70000, prior_task_status=ompt_task_switch=7, second_task_id=0x70002
                5: ompt_event_task_end: task_id=0x70002
                5: ompt_event_task_switch: first_task_id=0x70002, prior_task_status=ompt_task_complete=1, second_task_id=0x70000
                5: ompt_event_parallel_end: parallel_id=0x70001, task_id=0x70000, invoker=0, codeptr_ra=0x2, participants=5
                """;
        List<String> violations = check(parent);
        assertEquals(3, violations.size(), violations.toString());
        assertEquals("UNANNOUNCED_PARENT [] parent_task_id 0x70000 was never announced: 5: ompt_event_parallel_begin: "
                + "parent_task_id=0x70000, parent_task_frame.exit=0, parent_task_frame.reenter=0, parallel_id=0x70001, "
                + "requested_team_size=1, codeptr_ra=0x2, invoker=0", violations.get(0));
        assertEquals("UNANNOUNCED_PARENT [] parent_task_id 0x70000 was never announced: 5: ompt_event_task_begin: "
                + "parent_task_id=0x70000, parent_task_frame.exit=0, parent_task_frame.reenter=0, new_task_id=0x70002, "
                + "flags=none, codeptr_ra=0x2", violations.get(1));
        assertEquals("UNANNOUNCED_PARENT [] first_task_id 0x70000 was never announced: 5: ompt_event_task_switch: "
                + "first_task_id=0x70000, prior_task_status=ompt_task_switch=7, second_task_id=0x70002", violations.get(2));
    }
}
