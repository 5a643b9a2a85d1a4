package io.github.ompt4j.agent.it;

import io.github.ompt4j.omp.Omp;
import io.github.ompt4j.omp.OmpLock;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.concurrent.locks.StampedLock;
import java.util.stream.IntStream;

/**
 * A program that reaches the woven methods of the JDK types every adapter weaves (a pool's submission and
 * join, tasks that fork and join, a parallel stream, asynchronous stages, each kind of lock, a condition's
 * wait, a thread, a shutdown hook) and of the directive library, and prints what they computed.
 */
public final class EveryWovenType {
    private EveryWovenType() {
    }

    /** Sums {@code [lo, hi)} by halves, forking one. */
    private static final class Sum extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        private final int lo;
        private final int hi;

        Sum(int lo, int hi) {
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected Long compute() {
            if (hi - lo <= 100) {
                return IntStream.range(lo, hi).asLongStream().sum();
            }
            int mid = (lo + hi) >>> 1;
            Sum left = new Sum(lo, mid);
            left.fork();
            return new Sum(mid, hi).compute() + left.join();
        }
    }

    public static void main(String[] args) throws Exception {
        ForkJoinPool pool = new ForkJoinPool(2);
        System.out.println("tasks " + pool.invoke(new Sum(0, 10_000)));
        System.out.println("submitted " + pool.submit(() -> 6 * 7).get());
        System.out.println("stream " + IntStream.range(0, 10_000).parallel().sum());
        System.out.println("stages " + CompletableFuture.supplyAsync(() -> 20, pool).thenApplyAsync(x -> x + 1, pool)
                .thenCombine(CompletableFuture.supplyAsync(() -> 2), (x, y) -> x * y).get());
        pool.shutdown();
        ReentrantLock lock = new ReentrantLock();
        Condition condition = lock.newCondition();
        lock.lock();
        try {
            System.out.println("condition signalled " + condition.await(1, TimeUnit.MILLISECONDS));
        } finally {
            lock.unlock();
        }
        ReentrantReadWriteLock readWrite = new ReentrantReadWriteLock();
        readWrite.readLock().lock();
        readWrite.readLock().unlock();
        readWrite.writeLock().lock();
        readWrite.writeLock().unlock();
        StampedLock stamped = new StampedLock();
        stamped.unlockWrite(stamped.writeLock());
        stamped.unlockRead(stamped.readLock());
        Semaphore semaphore = new Semaphore(1);
        semaphore.acquire();
        semaphore.release();
        int[] inside = new int[1];
        OmpLock ompLock = new OmpLock();
        Omp.parallel(2, () -> {
            Omp.critical(() -> inside[0]++);
            Omp.barrier();
            Omp.single(() -> Omp.task(() -> { }));
            ompLock.set();
            inside[0]++;
            ompLock.unset();
        });
        System.out.println("directives " + inside[0]);
        Thread thread = new Thread(() -> System.out.println("thread ran"));
        thread.start();
        thread.join();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println("shutdown hook ran")));
    }
}
