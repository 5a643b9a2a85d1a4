package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ompt4j.agent.check.FileCheck;
import io.github.ompt4j.model.OmptState;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The executors of {@code java.util.concurrent} under the agent with the print tool: a {@code ThreadPoolExecutor}'s
 * worker waiting for its next task is idle ({@code idle_begin} as it starts waiting, {@code idle_end} as it gets
 * one), in a fixed pool's queue, a cached pool's hand-off and a scheduled pool's delay; the executor's locks and
 * conditions, in its queue and in submitting, shutting down and awaiting termination, are its own, not reported (they
 * were the program's nest locks and explicit barriers); a worker that finds a task waiting reports nothing; a task
 * that the rejection handler runs on the submitting thread is the program's, its locks reported; a thread waiting in
 * {@code Future.get} or a completion service's {@code take} is in a taskwait (it was in serial work, and at an
 * explicit barrier).
 */
class ExecutorsIT {
    public static final class Pools {
        static volatile boolean go;

        public static void main(String[] args) throws Exception {
            ExecutorService pool = args[0].equals("fixed") ? Executors.newFixedThreadPool(1)
                    : args[0].equals("cached") ? Executors.newCachedThreadPool() : Executors.newScheduledThreadPool(1);
            Thread worker = pool.submit(Thread::currentThread).get();
            // Parked: a cached pool hands a task only to a worker already waiting in its queue.
            LocksAndBarriersIT.awaitParked(worker);
            Probe.stateOf(worker, OmptState.IDLE);
            Runnable ran = () -> Probe.say("ran");
            (pool instanceof ScheduledExecutorService ? ((ScheduledExecutorService) pool).schedule(ran, 50,
                    TimeUnit.MILLISECONDS) : pool.submit(ran)).get();
            Probe.stateOf(worker, OmptState.IDLE);
            if (args[0].equals("fixed")) {
                // Two tasks queued while the worker runs one: it takes them without waiting.
                Future<?> first = pool.submit(() -> {
                    Probe.say("first");
                    while (!go) {
                        Thread.onSpinWait();
                    }
                });
                Future<?> second = pool.submit(() -> Probe.say("second"));
                Future<?> third = pool.submit(() -> Probe.say("third"));
                go = true;
                first.get();
                second.get();
                third.get();
                Probe.stateOf(worker, OmptState.IDLE);
            }
            pool.shutdown();
            pool.awaitTermination(30, TimeUnit.SECONDS);
        }
    }

    public static final class CallerRuns {
        static volatile boolean go;

        public static void main(String[] args) throws Exception {
            ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new SynchronousQueue<>(),
                    new ThreadPoolExecutor.CallerRunsPolicy());
            pool.execute(() -> {
                while (!go) {
                    Thread.onSpinWait();
                }
            });
            ReentrantLock lock = new ReentrantLock();
            // The only worker is busy and the queue holds nothing: rejected, the task runs here, inside execute.
            pool.execute(() -> {
                lock.lock();
                Probe.say("ran by the submitter");
                lock.unlock();
            });
            go = true;
            pool.shutdown();
            pool.awaitTermination(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void aTaskTheRejectionHandlerRunsIsTheProgramsCode() throws Exception {
        Trace trace = Trace.of("locks+barriers", List.of(), Map.of(), CallerRuns.class);
        new FileCheck().check("1: ompt_event_wait_nest_lock: wait_id=[[L:[0-9]+]]")
                .next("1: ompt_event_acquired_nest_lock_first: wait_id=[[L]]")
                .next("1: ran by the submitter")
                .next("1: ompt_event_release_nest_lock_last: wait_id=[[L]]")
                .match(trace.thread("1"));
        assertEquals(3, trace.count("nest_lock"), "only the program's lock is reported:\n" + trace);
    }

    public static final class Waits {
        static volatile boolean go;

        static void spin() {
            while (!go) {
                Thread.onSpinWait();
            }
        }

        /** Calls {@code waits}, for a task that spins until another thread has seen this one in a taskwait. */
        static void whileWaiting(Callable<?> waits) throws Exception {
            Thread waiter = Thread.currentThread();
            Thread watcher = new Thread(() -> {
                Probe.stateOf(waiter, OmptState.WAIT_TASKWAIT);
                go = true;
            });
            watcher.start();
            waits.call();
            watcher.join();
        }

        public static void main(String[] args) throws Exception {
            ExecutorService pool = Executors.newFixedThreadPool(1);
            pool.submit(() -> null).get();
            Probe.say("get");
            go = false;
            whileWaiting(pool.submit(Waits::spin)::get);
            Probe.say("take");
            go = false;
            CompletionService<Object> service = new ExecutorCompletionService<>(pool);
            service.submit(Waits::spin, null);
            whileWaiting(service::take);
            pool.shutdown();
            pool.awaitTermination(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void aFuturesGetAndACompletionServicesTakeAreTaskwaits() throws Exception {
        Trace trace = Trace.of("locks+barriers", List.of(), Map.of(), Waits.class);
        String taskwait = "parallel_id=0x0, task_id=[[T]], kind=ompt_sync_region_taskwait, codeptr_ra=0x0";
        FileCheck main = new FileCheck().check("1: ompt_event_initial_task_begin: task_id=[[T:0x[0-9a-f]+]]")
                .check("1: get");
        for (String wait : List.of("get", "take")) {
            main.next("1: ompt_event_taskwait_begin: " + taskwait)
                    .next("1: ompt_event_wait_taskwait_begin: " + taskwait)
                    .next("[[W" + wait + ":[0-9]+]]: thread 1: state=ompt_state_wait_taskwait, wait_id=0")
                    .next("1: ompt_event_wait_taskwait_end: " + taskwait)
                    .next("1: ompt_event_taskwait_end: " + taskwait);
            if (wait.equals("get")) {
                main.next("1: take");
            }
        }
        main.match(trace.lines().stream().filter(l -> l.startsWith("1: ") || l.contains(": thread 1: ")).toList());
        assertEquals(0, trace.lines().stream().filter(l -> l.contains("lock") || l.contains("barrier")).count(),
                "no thread reports the executor's locks and conditions:\n" + trace);
    }

    @ParameterizedTest
    @ValueSource(strings = {"fixed", "cached", "scheduled"})
    void aWorkerWaitingForItsNextTaskIsIdle(String kind) throws Exception {
        Trace trace = Trace.of("locks+barriers", List.of(), Map.of(), Pools.class, kind);
        FileCheck main = new FileCheck().check("1: thread [[W:[0-9]+]]: state=ompt_state_idle, wait_id=0")
                .check("1: thread [[W]]: state=ompt_state_idle, wait_id=0")
                .match(trace.thread("1"));
        String w = main.get("W");
        FileCheck worker = new FileCheck().define("W", w)
                .check("[[W]]: ompt_event_idle_begin: thread_id=[[W]]")
                .next("[[W]]: ompt_event_idle_end: thread_id=[[W]]")
                .next("[[W]]: ran")
                .next("[[W]]: ompt_event_idle_begin: thread_id=[[W]]");
        if (kind.equals("fixed")) {
            worker.next("[[W]]: ompt_event_idle_end: thread_id=[[W]]")
                    .next("[[W]]: first")
                    .next("[[W]]: second")
                    .next("[[W]]: third")
                    .next("[[W]]: ompt_event_idle_begin: thread_id=[[W]]");
        }
        worker.next("[[W]]: ompt_event_idle_end: thread_id=[[W]]").match(trace.thread(w));
        assertEquals(0, trace.lines().stream().filter(l -> l.contains("lock") || l.contains("barrier")).count(),
                "no thread reports the executor's locks and conditions:\n" + trace);
    }
}
