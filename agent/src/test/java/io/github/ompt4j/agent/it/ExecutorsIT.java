package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ompt4j.agent.check.FileCheck;
import io.github.ompt4j.model.OmptState;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The executors of {@code java.util.concurrent} under the agent with the print tool: a {@code ThreadPoolExecutor}'s
 * worker waiting for its next task is idle ({@code idle_begin} as it starts waiting, {@code idle_end} as it gets
 * one), in a fixed pool's queue, a cached pool's hand-off and a scheduled pool's delay; the executor's locks and
 * conditions, in its queue and in submitting, shutting down and awaiting termination, are its own, not reported (they
 * were the program's nest locks and explicit barriers); a worker that finds a task waiting reports nothing.
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
