package io.github.ompt4j.omp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class TaskTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8})
    void everyTaskRunsOnceBeforeTheRegionEnds(int n) {
        AtomicInteger ran = new AtomicInteger();
        Omp.parallel(n, () -> {
            for (int k = 0; k < 100; k++) {
                Omp.task(ran::incrementAndGet);
            }
        });
        assertEquals(100 * n, ran.get());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8})
    void taskwaitWaitsForChildren(int n) {
        AtomicInteger wrong = new AtomicInteger();
        Omp.parallel(n, () -> Omp.single(() -> {
            AtomicInteger children = new AtomicInteger();
            for (int k = 0; k < 50; k++) {
                Omp.task(() -> {
                    Thread.yield();
                    children.incrementAndGet();
                });
            }
            Omp.taskwait();
            if (children.get() != 50) {
                wrong.incrementAndGet();
            }
        }));
        assertEquals(0, wrong.get());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8})
    void recursiveTasksComputeFibonacci(int n) {
        long[] result = new long[1];
        Omp.parallel(n, () -> Omp.single(() -> result[0] = fib(18)));
        assertEquals(2584, result[0]);
    }

    private static long fib(int k) {
        if (k < 2) {
            return k;
        }
        long[] parts = new long[2];
        Omp.task(() -> parts[0] = fib(k - 1));
        Omp.task(() -> parts[1] = fib(k - 2));
        Omp.taskwait();
        return parts[0] + parts[1];
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8})
    void dependencesOrderSiblingTasks(int n) {
        for (int round = 0; round < 20; round++) {
            List<String> log = Collections.synchronizedList(new ArrayList<>());
            Object a = new Object();
            Object b = new Object();
            Omp.parallel(n, () -> Omp.single(() -> {
                Omp.task(new TaskOptions().out(a), () -> slowly(log, "write a"));
                Omp.task(new TaskOptions().in(a), () -> slowly(log, "read a 1"));
                Omp.task(new TaskOptions().in(a), () -> slowly(log, "read a 2"));
                Omp.task(new TaskOptions().inout(a).out(b), () -> slowly(log, "update a, write b"));
                Omp.task(new TaskOptions().in(b), () -> slowly(log, "read b"));
                Omp.task(() -> log.add("free"));
            }));
            assertEquals(6, log.size());
            int write = log.indexOf("write a");
            int read1 = log.indexOf("read a 1");
            int read2 = log.indexOf("read a 2");
            int update = log.indexOf("update a, write b");
            assertTrue(write < read1 && write < read2, log.toString());
            assertTrue(read1 < update && read2 < update, "inout waits for earlier readers: " + log);
            assertTrue(update < log.indexOf("read b"), log.toString());
        }
    }

    private static void slowly(List<String> log, String entry) {
        Thread.yield();
        log.add(entry);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void taskgroupWaitsForDescendants(int n) {
        AtomicInteger wrong = new AtomicInteger();
        Omp.parallel(n, () -> Omp.single(() -> {
            AtomicInteger done = new AtomicInteger();
            Omp.taskgroup(() -> {
                for (int k = 0; k < 5; k++) {
                    Omp.task(() -> {
                        Omp.task(() -> {
                            Omp.task(() -> {
                                Thread.yield();
                                done.incrementAndGet();
                            });
                            done.incrementAndGet();
                        });
                        done.incrementAndGet();
                    });
                }
            });
            if (done.get() != 15) {
                wrong.incrementAndGet();
            }
        }));
        assertEquals(0, wrong.get());
    }

    @Test
    void undeferredTaskRunsBeforeItsCreatorContinues() {
        AtomicInteger wrong = new AtomicInteger();
        Omp.parallel(4, () -> {
            boolean[] ran = new boolean[1];
            Thread me = Thread.currentThread();
            Omp.task(new TaskOptions().ifClause(false), () -> {
                ran[0] = true;
                if (Thread.currentThread() != me) {
                    wrong.incrementAndGet();
                }
            });
            if (!ran[0]) {
                wrong.incrementAndGet();
            }
        });
        assertEquals(0, wrong.get());
    }

    /**
     * Undeferred tasks (if(false), and every task past the throttle) are counted nowhere; the deferred
     * tasks they create still are: their parent's taskwait, their taskgroup and the region's barrier each
     * wait for them, and a taskwait in the creator of undeferred tasks does not wait for ever.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void deferredChildrenOfUndeferredTasksAreWaitedFor(int n) {
        AtomicInteger ran = new AtomicInteger();
        AtomicInteger wrong = new AtomicInteger();
        TaskOptions undeferred = new TaskOptions().ifClause(false);
        Omp.parallel(n, () -> {
            for (int k = 0; k < 200; k++) { // past the throttle: most run undeferred
                Omp.task(() -> Omp.task(ran::incrementAndGet));
            }
            AtomicInteger grouped = new AtomicInteger();
            Omp.taskgroup(() -> Omp.task(undeferred, () -> {
                for (int k = 0; k < 10; k++) {
                    Omp.task(grouped::incrementAndGet);
                }
            }));
            if (grouped.get() != 10) {
                wrong.incrementAndGet();
            }
            Omp.task(undeferred, () -> {
                AtomicInteger children = new AtomicInteger();
                for (int k = 0; k < 10; k++) {
                    Omp.task(children::incrementAndGet);
                }
                Omp.taskwait();
                if (children.get() != 10) {
                    wrong.incrementAndGet();
                }
            });
            Omp.taskwait();
        });
        assertEquals(0, wrong.get());
        assertEquals(200 * n, ran.get());
    }

    @Test
    void descendantsOfAFinalTaskAreIncluded() {
        AtomicInteger wrong = new AtomicInteger();
        TaskOptions options = new TaskOptions().finalClause(true).untied().mergeable();
        Omp.parallel(4, () -> Omp.single(() -> Omp.task(options, () -> {
            if (!Omp.inFinal()) {
                wrong.incrementAndGet();
            }
            boolean[] ran = new boolean[1];
            Omp.task(() -> ran[0] = Omp.inFinal());
            if (!ran[0]) {
                wrong.incrementAndGet();
            }
        })));
        assertEquals(0, wrong.get());
        assertFalse(Omp.inFinal());
    }

    @Test
    void idleMembersStealTasks() {
        // Each task waits until the other has started: only two members running them at once finish.
        CountDownLatch first = new CountDownLatch(1);
        CountDownLatch second = new CountDownLatch(1);
        boolean[] met = new boolean[2];
        Set<Thread> runners = ConcurrentHashMap.newKeySet();
        Omp.parallel(2, () -> Omp.single(() -> {
            Omp.task(() -> {
                runners.add(Thread.currentThread());
                first.countDown();
                met[0] = SynchronizationTest.await(second);
            });
            Omp.task(() -> {
                runners.add(Thread.currentThread());
                second.countDown();
                met[1] = SynchronizationTest.await(first);
            });
        }));
        assertTrue(met[0] && met[1]);
        assertEquals(2, runners.size());
    }

    @Test
    void tasksOutsideARegionRunAtOnce() {
        int[] ran = new int[1];
        Omp.task(() -> ran[0]++);
        assertEquals(1, ran[0]);
        Omp.taskwait();
        Omp.taskyield();
        Omp.taskgroup(() -> Omp.task(() -> ran[0]++));
        assertEquals(2, ran[0]);
    }

    @Test
    void barriersRunQueuedTasks() {
        AtomicInteger ran = new AtomicInteger();
        Thread[] runner = new Thread[1];
        Omp.parallel(2, () -> {
            Omp.master(() -> {
                Omp.task(() -> runner[0] = Thread.currentThread());
                Omp.task(ran::incrementAndGet);
            });
            Omp.barrier();
            assertEquals(1, ran.get(), "a barrier completes the team's tasks");
            assertTrue(runner[0] != null);
        });
    }

    @Test
    void taskyieldRunsAQueuedTask() {
        // A team of two, so that the task is deferred; member 1 is held away from every scheduling point
        // until member 0 has yielded, so only the taskyield can have run the task.
        CountDownLatch yielded = new CountDownLatch(1);
        Thread[] runner = new Thread[1];
        Thread[] ranBeforeTaskyieldReturned = new Thread[1];
        Thread me = Thread.currentThread();
        Omp.parallel(2, () -> {
            if (Omp.threadNum() == 1) {
                SynchronizationTest.await(yielded);
                return;
            }
            Omp.task(() -> runner[0] = Thread.currentThread());
            Omp.taskyield();
            ranBeforeTaskyieldReturned[0] = runner[0];
            yielded.countDown();
        });
        assertSame(me, ranBeforeTaskyieldReturned[0]);
    }
}
