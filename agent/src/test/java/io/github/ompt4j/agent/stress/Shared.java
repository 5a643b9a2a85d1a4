package io.github.ompt4j.agent.stress;

import io.github.ompt4j.omp.OmpLock;
import io.github.ompt4j.omp.OmpNestLock;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;

/**
 * What every worker contends for: one instance of each lock kind, and a pool of the program's own besides
 * the common pool. Few instances on purpose: contention is what makes threads wait, and waits are what the
 * agent's state tracking and mutex events must get right.
 */
final class Shared {
    final ReentrantLock lock = new ReentrantLock();
    final ReentrantReadWriteLock readWrite = new ReentrantReadWriteLock();
    final Semaphore permits = new Semaphore(3);
    final StampedLock stamped = new StampedLock();
    final OmpLock ompLock = new OmpLock();
    final OmpNestLock ompNestLock = new OmpNestLock();
    /** A pool of the program's own: its submissions are regions, streams inside its tasks run in it. */
    final ForkJoinPool pool = new ForkJoinPool(4);
    /** Written under the locks, so that holding one does something. */
    long guarded;

    /** Shuts the pool down and waits for it: its workers and queues must not count as the heap's growth. */
    void close() throws InterruptedException {
        pool.shutdown();
        if (!pool.awaitTermination(1, TimeUnit.MINUTES)) {
            throw new IllegalStateException("the stress pool did not terminate");
        }
        ompLock.destroy();
        ompNestLock.destroy();
    }
}
