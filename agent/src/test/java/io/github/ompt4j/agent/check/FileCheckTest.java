package io.github.ompt4j.agent.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The matcher must fail when the lines break an expectation, or the conformance tests prove nothing. */
class FileCheckTest {
    private static final List<String> LINES = List.of(
            "1: ompt_event_parallel_begin: parallel_id=0x10, team=2",
            "1: ompt_event_implicit_task_begin: parallel_id=0x10, task_id=0x11",
            "2: ompt_event_implicit_task_begin: parallel_id=0x10, task_id=0x20",
            "1: ompt_event_barrier_begin: parallel_id=0x10, task_id=0x11",
            "1: ompt_event_parallel_end: parallel_id=0x10");

    @Test
    void capturesAndReusesVariables() {
        FileCheck fc = new FileCheck()
                .check("[[T:[0-9]+]]: ompt_event_parallel_begin: parallel_id=[[P:0x[0-9a-f]+]]")
                .next("[[T]]: ompt_event_implicit_task_begin: parallel_id=[[P]], task_id=[[TASK:0x[0-9a-f]+]]")
                .check("[[T]]: ompt_event_barrier_begin: parallel_id=[[P]], task_id=[[TASK]]")
                .check("ompt_event_parallel_end: parallel_id=[[P]]")
                .match(LINES);
        assertEquals("1", fc.get("T"));
        assertEquals("0x10", fc.get("P"));
        assertEquals("0x11", fc.get("TASK"));
    }

    @Test
    void failsOnAWrongCaptureUse() {
        assertThrows(AssertionError.class, () -> new FileCheck()
                .check("ompt_event_implicit_task_begin: parallel_id={{.*}}, task_id=[[TASK:0x[0-9a-f]+]]")
                .check("2: ompt_event_barrier_begin: {{.*}}task_id=[[TASK]]")
                .match(LINES));
    }

    @Test
    void nextMeansTheVeryNextLine() {
        assertThrows(AssertionError.class, () -> new FileCheck()
                .check("ompt_event_parallel_begin").next("ompt_event_barrier_begin").match(LINES));
    }

    @Test
    void notForbidsALineBetweenMatches() {
        new FileCheck().check("parallel_begin").not("ompt_event_task_end").check("parallel_end").match(LINES);
        assertThrows(AssertionError.class, () -> new FileCheck()
                .check("parallel_begin").not("barrier_begin").check("parallel_end").match(LINES));
        assertThrows(AssertionError.class, () -> new FileCheck()
                .check("barrier_begin").not("parallel_end").match(LINES), "a trailing NOT runs to the end");
    }

    @Test
    void dagMatchesInAnyOrderButOnDistinctLines() {
        new FileCheck().dag("2: ompt_event_implicit_task_begin").dag("1: ompt_event_implicit_task_begin")
                .check("barrier_begin").match(LINES);
        assertThrows(AssertionError.class, () -> new FileCheck()
                .dag("ompt_event_implicit_task_begin").dag("ompt_event_implicit_task_begin")
                .dag("ompt_event_implicit_task_begin").match(LINES));
    }

    @Test
    void checkIsOrdered() {
        assertThrows(AssertionError.class, () -> new FileCheck()
                .check("parallel_end").check("parallel_begin").match(LINES));
    }

    @Test
    void aVariableMayBeReusedInTheLineThatCapturesItAndCapturesMayHoldBrackets() {
        List<String> lines = List.of("7: ompt_event_thread_begin: thread_type=ompt_thread_initial=1, thread_id=7",
                "7: task thread_num=1");
        FileCheck fc = new FileCheck().check("[[T:[0-9]+]]: ompt_event_thread_begin: {{.*}}thread_id=[[T]]")
                .check("[[T]]: task thread_num=[[N:[01]]]").match(lines);
        assertEquals("7", fc.get("T"));
        assertEquals("1", fc.get("N"));
        assertThrows(AssertionError.class, () -> new FileCheck()
                .check("[[T:[0-9]+]]: ompt_event_thread_begin: {{.*}}thread_id=[[T]]")
                .match(List.of("7: ompt_event_thread_begin: thread_id=8")));
    }
}
