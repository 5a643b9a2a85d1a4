package io.github.ompt4j.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A thread's task stack, linked through its tasks: what another thread copies of it (tasks outermost first, each
 * with its thread number), and what each task joins, which belongs to its own level.
 */
class TaskStackTest {

    @Test
    void anotherThreadCopiesTheStackOutermostFirstWithEachTasksThreadNumber() throws Exception {
        AtomicReference<OmptThread> owner = new AtomicReference<>();
        OnThread.run("owner", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            OmptTask initial = t.currentTask();
            OmptParallel region = OmptRuntime.parallelBegin(t, 3, 3, OmptInvoker.PROGRAM, 0);
            OmptTask implicit = OmptRuntime.implicitTaskBegin(t, region, 2);
            OmptTask explicit = OmptRuntime.taskCreate(t, 0, 0);
            assertTrue(explicit.claim());
            OmptRuntime.taskStart(t, explicit);
            owner.set(t);
            OnThread.run("reader", () -> assertStack(owner.get(), new OmptTask[] {initial, implicit, explicit},
                    new int[] {0, 2, 2}));

            OmptRuntime.taskComplete(t);
            OnThread.run("reader", () -> assertStack(owner.get(), new OmptTask[] {initial, implicit}, new int[] {0, 2}));
            OmptRuntime.implicitTaskEnd(t);
            OmptRuntime.parallelEnd(t, region);
            OnThread.run("reader", () -> assertStack(owner.get(), new OmptTask[] {initial}, new int[] {0}));
            OmptRuntime.threadEnd(t);
        });
    }

    private static void assertStack(OmptThread t, OmptTask[] expected, int[] threadNums) {
        assertEquals(expected.length, t.taskDepth());
        OmptTask[] tasks = new OmptTask[expected.length + 1];
        int[] nums = new int[expected.length + 1];
        int n = t.copyTaskStack(tasks, nums);
        assertEquals(expected.length, n);
        for (int i = 0; i < n; i++) {
            assertSame(expected[i], tasks[i], "level " + i);
        }
        assertArrayEquals(threadNums, Arrays.copyOf(nums, n));
        assertSame(expected[n - 1], t.observedTask());
    }

    @Test
    void aJoinBelongsToItsTaskAndComesBackWhenTheTaskAboveItCompletes() throws Exception {
        OnThread.run("joiner", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            OmptParallel region = OmptRuntime.parallelBegin(t, 2, 2, OmptInvoker.PROGRAM, 0);
            OmptRuntime.implicitTaskBegin(t, region, 0);
            Object awaited = new Object();
            t.setJoin(awaited);
            OmptTask helped = OmptRuntime.taskCreate(t, 0, 0);
            assertTrue(helped.claim());
            OmptRuntime.taskStart(t, helped);
            assertNull(t.join(), "the task the join runs meanwhile joins nothing");
            t.setJoin("inner");
            OmptRuntime.taskComplete(t);
            assertSame(awaited, t.join());
            t.setJoin(null);
            assertNull(t.join());
            OmptRuntime.implicitTaskEnd(t);
            OmptRuntime.parallelEnd(t, region);
            OmptRuntime.threadEnd(t);
        });
    }
}
