package io.github.ompt4j.agent.stress;

import io.github.ompt4j.omp.Omp;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.Phaser;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

/**
 * The constructs a worker draws from, one run each: every framework the agent weaves and every lock and
 * barrier kind. A run is short (well under a millisecond to a few milliseconds without the agent) so
 * that the mix changes construct often, and it checks its own result, so a construct the agent broke
 * fails the run even where the trace looks right.
 */
enum Construct {
    /** Directive regions nested {@link Directives#DEPTH} deep, with worksharing, synchronization and tasks. */
    DIRECTIVES {
        @Override
        void run(Shared shared, SplittableRandom r) {
            Directives.region(shared, r.nextLong(), 1);
        }
    },
    /** Sibling directive tasks with dependences, in a region. */
    TASK_DEPENDENCES {
        @Override
        void run(Shared shared, SplittableRandom r) {
            long seed = r.nextLong();
            Omp.parallel(2, () -> Omp.single(() -> Directives.dependentTasks(seed)));
        }
    },
    /** Recursive tasks in the program's pool and the common pool, whose leaves run parallel streams. */
    POOL_TASKS_WITH_STREAMS {
        @Override
        void run(Shared shared, SplittableRandom r) throws ExecutionException, InterruptedException {
            int n = 256 + r.nextInt(2048);
            long expected = (long) n * (n - 1) / 2;
            long sum = switch (r.nextInt(3)) {
                case 0 -> shared.pool.invoke(new SplitSum(0, n));
                case 1 -> shared.pool.submit(new SplitSum(0, n)).get();
                default -> ForkJoinPool.commonPool().invoke(new SplitSum(0, n));
            };
            Work.check(sum == expected, "pool sum " + sum + " of 0.." + (n - 1));
        }
    },
    /** Parallel streams from the worker itself: regions of the common pool. */
    PARALLEL_STREAMS {
        @Override
        void run(Shared shared, SplittableRandom r) {
            int n = 100 + r.nextInt(4000);
            switch (r.nextInt(3)) {
                case 0 -> Work.check(IntStream.range(0, n).parallel().filter(i -> i % 3 == 0).count() == (n + 2) / 3,
                        "multiples of 3 below " + n);
                case 1 -> {
                    List<Integer> sorted = IntStream.range(0, n).map(i -> n - i).boxed().parallel().sorted()
                            .collect(Collectors.toList());
                    Work.check(sorted.get(0) == 1 && sorted.get(n - 1) == n, "sorted 1.." + n);
                }
                default -> Work.check(LongStream.range(0, n).parallel().map(i -> Work.spin(i, 20) & 1).sum() <= n,
                        "a sum of bits");
            }
        }
    },
    /** Chains of asynchronous stages on both pools: apply, combine, compose, all-of, one that fails. */
    COMPLETABLE_CHAINS {
        @Override
        void run(Shared shared, SplittableRandom r) {
            Executor on = r.nextBoolean() ? shared.pool : ForkJoinPool.commonPool();
            long x = r.nextInt(1000);
            CompletableFuture<Long> a = CompletableFuture.supplyAsync(() -> x, on).thenApplyAsync(v -> v + 1, on);
            CompletableFuture<Long> b = CompletableFuture.supplyAsync(() -> Work.spin(x, 100) & 0, on)
                    .thenCombineAsync(a, Long::sum, on)
                    .thenComposeAsync(v -> CompletableFuture.supplyAsync(() -> v * 2, on), on);
            CompletableFuture<Long> failed = CompletableFuture.<Long>supplyAsync(() -> {
                throw new Expected();
            }, on).exceptionally(t -> Expected.causes(t) ? 0L : -1L);
            CompletableFuture.allOf(b, failed, CompletableFuture.runAsync(() -> Work.spin(x, 100), on)).join();
            Work.check(b.join() == 2 * (x + 1) && failed.join() == 0, "chain of " + x);
        }
    },
    /** A {@code ReentrantLock}: re-entered, tried, timed, interruptible, and a condition's timed wait. */
    REENTRANT_LOCK {
        @Override
        void run(Shared shared, SplittableRandom r) throws InterruptedException {
            switch (r.nextInt(4)) {
                case 0 -> {
                    int depth = 1 + r.nextInt(3);
                    for (int i = 0; i < depth; i++) {
                        shared.lock.lock();
                    }
                    shared.guarded++;
                    for (int i = 0; i < depth; i++) {
                        shared.lock.unlock();
                    }
                }
                case 1 -> {
                    if (shared.lock.tryLock(100, TimeUnit.MICROSECONDS)) {
                        shared.guarded++;
                        shared.lock.unlock();
                    }
                }
                case 2 -> {
                    shared.lock.lockInterruptibly();
                    shared.guarded++;
                    shared.lock.unlock();
                }
                default -> {
                    Condition condition = shared.lock.newCondition();
                    shared.lock.lock();
                    try {
                        condition.await(50, TimeUnit.MICROSECONDS);
                        condition.signalAll();
                    } finally {
                        shared.lock.unlock();
                    }
                }
            }
        }
    },
    /** A {@code ReentrantReadWriteLock}: read, write re-entered, a write lock downgraded, tries. */
    READ_WRITE_LOCK {
        @Override
        void run(Shared shared, SplittableRandom r) {
            Lock read = shared.readWrite.readLock();
            Lock write = shared.readWrite.writeLock();
            switch (r.nextInt(4)) {
                case 0 -> {
                    read.lock();
                    Work.spin(shared.guarded, 50);
                    read.unlock();
                }
                case 1 -> {
                    write.lock();
                    write.lock();
                    shared.guarded++;
                    write.unlock();
                    write.unlock();
                }
                case 2 -> {
                    write.lock();
                    read.lock();
                    write.unlock();
                    Work.spin(shared.guarded, 50);
                    read.unlock();
                }
                default -> {
                    Lock either = r.nextBoolean() ? read : write;
                    if (either.tryLock()) {
                        either.unlock();
                    }
                }
            }
        }
    },
    /** A {@code Semaphore} of three permits: one or two at a time, tried, timed. */
    SEMAPHORE {
        @Override
        void run(Shared shared, SplittableRandom r) throws InterruptedException {
            int permits = 1 + r.nextInt(2);
            boolean acquired = switch (r.nextInt(3)) {
                case 0 -> {
                    shared.permits.acquire(permits);
                    yield true;
                }
                case 1 -> shared.permits.tryAcquire(permits);
                default -> shared.permits.tryAcquire(permits, 100, TimeUnit.MICROSECONDS);
            };
            if (acquired) {
                Work.spin(permits, 100);
                shared.permits.release(permits);
            }
        }
    },
    /** A {@code StampedLock}: read, write, optimistic read, a read converted to a write, its lock views. */
    STAMPED_LOCK {
        @Override
        void run(Shared shared, SplittableRandom r) {
            switch (r.nextInt(4)) {
                case 0 -> {
                    long stamp = shared.stamped.readLock();
                    Work.spin(shared.guarded, 50);
                    shared.stamped.unlockRead(stamp);
                }
                case 1 -> {
                    long stamp = shared.stamped.writeLock();
                    shared.guarded++;
                    shared.stamped.unlockWrite(stamp);
                }
                case 2 -> {
                    long stamp = shared.stamped.tryOptimisticRead();
                    Work.spin(shared.guarded, 10);
                    if (!shared.stamped.validate(stamp)) {
                        stamp = shared.stamped.readLock();
                        long write = shared.stamped.tryConvertToWriteLock(stamp);
                        if (write != 0) {
                            shared.guarded++;
                            shared.stamped.unlockWrite(write);
                        } else {
                            shared.stamped.unlockRead(stamp);
                        }
                    }
                }
                default -> locked(shared, r.nextBoolean() ? shared.stamped.asReadLock() : shared.stamped.asWriteLock());
            }
        }
    },
    /** The directive library's locks, critical and atomic outside any region (a team of one). */
    OMP_LOCKS {
        @Override
        void run(Shared shared, SplittableRandom r) {
            switch (r.nextInt(4)) {
                case 0 -> {
                    if (shared.ompLock.test()) {
                        shared.ompLock.unset();
                    }
                    shared.ompLock.set();
                    shared.ompLock.unset();
                }
                case 1 -> {
                    shared.ompNestLock.set();
                    if (shared.ompNestLock.test() > 0) {
                        shared.ompNestLock.unset();
                    }
                    shared.ompNestLock.unset();
                }
                case 2 -> Omp.critical("stress-a", () -> shared.guarded++);
                default -> Omp.atomic(() -> shared.guarded++);
            }
        }
    },
    /** A {@code CyclicBarrier} of two to four parties, two rounds, with a barrier action. */
    CYCLIC_BARRIER {
        @Override
        void run(Shared shared, SplittableRandom r) throws Exception {
            int parties = 2 + r.nextInt(3);
            int[] rounds = new int[1];
            CyclicBarrier barrier = new CyclicBarrier(parties, () -> rounds[0]++);
            withParties(parties, () -> {
                barrier.await();
                barrier.await();
            });
            Work.check(rounds[0] == 2, "cyclic barrier rounds " + rounds[0]);
        }
    },
    /** A {@code Phaser}: two phases of arrive-and-await, then every party deregisters. */
    PHASER {
        @Override
        void run(Shared shared, SplittableRandom r) throws Exception {
            int parties = 2 + r.nextInt(3);
            Phaser phaser = new Phaser(parties);
            withParties(parties, () -> {
                phaser.arriveAndAwaitAdvance();
                phaser.awaitAdvance(phaser.arrive());
                phaser.arriveAndDeregister();
            });
            Work.check(phaser.isTerminated(), "phaser terminated after every party deregistered");
        }
    },
    /** A {@code CountDownLatch} counted down by every party, awaited by every party. */
    COUNT_DOWN_LATCH {
        @Override
        void run(Shared shared, SplittableRandom r) throws Exception {
            int parties = 2 + r.nextInt(3);
            CountDownLatch latch = new CountDownLatch(parties);
            withParties(parties, () -> {
                Work.spin(parties, 200);
                latch.countDown();
                latch.await();
            });
        }
    },
    /** Failures on purpose: a region member, a directive task, a pool task and a stage throw. */
    FAILURES {
        @Override
        void run(Shared shared, SplittableRandom r) throws InterruptedException {
            try {
                switch (r.nextInt(3)) {
                    case 0 -> Omp.parallel(2, () -> {
                        if (Omp.threadNum() == Omp.numThreads() - 1) {
                            throw new Expected();
                        }
                        Omp.barrier();
                    });
                    case 1 -> Omp.parallel(2, () -> Omp.single(() -> Omp.task(() -> {
                        throw new Expected();
                    })));
                    default -> shared.pool.submit(() -> {
                        throw new Expected();
                    }).get();
                }
            } catch (ExecutionException | RuntimeException e) {
                if (!Expected.causes(e)) {
                    throw new IllegalStateException("not the failure thrown on purpose", e);
                }
                return;
            }
            throw new IllegalStateException("the failure thrown on purpose did not arrive");
        }
    };

    /** Runs once; the worker's random stream picks the variant and sizes. */
    abstract void run(Shared shared, SplittableRandom r) throws Exception;

    private static void locked(Shared shared, Lock lock) {
        lock.lock();
        try {
            shared.guarded++;
        } finally {
            lock.unlock();
        }
    }

    /** A body a party runs; may wait at a barrier. */
    interface Party {
        void run() throws InterruptedException, BrokenBarrierException;
    }

    /**
     * Runs {@code body} on the calling thread and on {@code parties - 1} new threads (virtual where the
     * JVM has them), waits for all, and rethrows the first failure.
     */
    static void withParties(int parties, Party body) throws Exception {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> others = new ArrayList<>();
        for (int i = 1; i < parties; i++) {
            others.add(Threads.start("stress-party", () -> {
                try {
                    body.run();
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }));
        }
        body.run();
        for (Thread t : others) {
            t.join();
        }
        if (failure.get() != null) {
            throw new IllegalStateException("a party failed", failure.get());
        }
    }

    /** Sums {@code lo..hi-1} by splitting; a leaf sums its range with a parallel stream (a nested region). */
    static final class SplitSum extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        private static final int LEAF = 512;
        private final int lo;
        private final int hi;

        SplitSum(int lo, int hi) {
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected Long compute() {
            if (hi - lo <= LEAF) {
                return IntStream.range(lo, hi).parallel().asLongStream().sum();
            }
            int mid = (lo + hi) >>> 1;
            SplitSum left = new SplitSum(lo, mid);
            SplitSum right = new SplitSum(mid, hi);
            if ((mid & 1) == 0) {
                ForkJoinTask.invokeAll(left, right);
                return left.join() + right.join();
            }
            left.fork();
            return right.compute() + left.join();
        }
    }
}
