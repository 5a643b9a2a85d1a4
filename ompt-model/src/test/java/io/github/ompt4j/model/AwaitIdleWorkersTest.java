package io.github.ompt4j.model;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Exit waits for busy workers to go idle, and no longer than it was told. */
class AwaitIdleWorkersTest {
    @Test
    void waitsForABusyWorkerToGoIdleAndGivesUpAtTheBound() throws Exception {
        CountDownLatch busy = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread worker = OnThread.start("worker", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.WORKER);
            OmptRuntime.idleEnd(t);
            busy.countDown();
            release.await();
            OmptRuntime.idleBegin(t);
            done.await();
            OmptRuntime.threadEnd(t);
        }, failure);
        busy.await();
        assertFalse(Ompt.awaitIdleWorkers(20), "a worker in overhead is not idle");
        Thread releaser = new Thread(() -> {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            release.countDown();
        });
        releaser.start();
        assertTrue(Ompt.awaitIdleWorkers(60_000), "the worker went idle within the wait");
        done.countDown();
        worker.join(60_000);
        releaser.join(60_000);
        assertTrue(failure.get() == null, String.valueOf(failure.get()));
    }
}
