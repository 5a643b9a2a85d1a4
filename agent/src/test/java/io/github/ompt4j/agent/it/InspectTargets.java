package io.github.ompt4j.agent.it;

import io.github.ompt4j.omp.Omp;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.Future;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Programs that get stuck on purpose, for {@link InspectIT}: each prints {@code ready} once it is about to be
 * stuck, and stays so until the test ends it. Distinct method names, so that call sites are recognisable.
 */
final class InspectTargets {
    private InspectTargets() {
    }

    static void stayForever() {
        while (true) {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** A team of three at a barrier that thread number 1 never reaches. */
    public static final class StuckBarrier {
        public static void main(String[] args) {
            Omp.parallel(3, () -> {
                if (Omp.threadNum() == 1) {
                    System.out.println("ready");
                    stayForever();
                }
                Omp.barrier();
            });
        }
    }

    /** Two members of a team, each holding one ReentrantLock and waiting for the other's. */
    public static final class LockDeadlock {
        static final ReentrantLock LEFT = new ReentrantLock();
        static final ReentrantLock RIGHT = new ReentrantLock();

        public static void main(String[] args) {
            Omp.parallel(2, () -> {
                ReentrantLock mine = Omp.threadNum() == 0 ? LEFT : RIGHT;
                ReentrantLock theirs = Omp.threadNum() == 0 ? RIGHT : LEFT;
                mine.lock();
                Omp.barrier();
                if (Omp.threadNum() == 0) {
                    System.out.println("ready");
                }
                theirs.lock();
            });
        }
    }

    /**
     * Twenty virtual threads (JDK 21+, their executor found by reflection) queued for a lock {@code main} holds for
     * good: the JVM's thread bean knows none of them.
     */
    public static final class VirtualThreadsQueued {
        public static final int THREADS = 20;

        public static void main(String[] args) throws Exception {
            ReentrantLock lock = new ReentrantLock();
            ExecutorService executor = (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor")
                    .invoke(null);
            lock.lock();
            for (int i = 0; i < THREADS; i++) {
                executor.execute(lock::lock);
            }
            while (lock.getQueueLength() < THREADS) {
                Thread.sleep(1);
            }
            System.out.println("ready");
            Thread.sleep(Long.MAX_VALUE);
        }
    }

    /** The same with two monitors, which the agent does not weave: the JVM names their owners. */
    public static final class MonitorDeadlock {
        static final Object LEFT = new Object();
        static final Object RIGHT = new Object();

        public static void main(String[] args) {
            Omp.parallel(2, () -> {
                Object mine = Omp.threadNum() == 0 ? LEFT : RIGHT;
                Object theirs = Omp.threadNum() == 0 ? RIGHT : LEFT;
                synchronized (mine) {
                    Omp.barrier();
                    if (Omp.threadNum() == 0) {
                        System.out.println("ready");
                    }
                    synchronized (theirs) {
                        System.out.println("never");
                    }
                }
            });
        }
    }

    /** The main thread joins a pool task that blocks. */
    public static final class BlockedJoin {
        public static void main(String[] args) {
            ForkJoinPool pool = new ForkJoinPool(2);
            ForkJoinTask<?> task = pool.submit(InspectTargets::blockingTaskBody);
            System.out.println("ready");
            task.join();
        }
    }

    /** The main thread waits in {@code Future.get} for an executor's task that blocks. */
    public static final class BlockedGet {
        public static void main(String[] args) throws Exception {
            ExecutorService pool = Executors.newFixedThreadPool(1);
            Future<?> task = pool.submit(InspectTargets::blockingTaskBody);
            System.out.println("ready");
            task.get();
        }
    }

    /** The main thread joins a task queued behind one that blocks the pool's only worker: no thread runs it. */
    public static final class QueuedJoin {
        public static void main(String[] args) {
            ForkJoinPool pool = new ForkJoinPool(1);
            pool.submit(InspectTargets::blockingTaskBody);
            ForkJoinTask<?> queued = pool.submit(() -> System.out.println("never"));
            System.out.println("ready");
            queued.join();
        }
    }

    static void blockingTaskBody() {
        stayForever();
    }

    /** A team ran and ended: its workers idle, a pool's workers too. */
    public static final class IdlePool {
        public static void main(String[] args) {
            Omp.parallel(3, () -> Omp.forLoop(0, 300, i -> { }));
            System.out.println("ready");
            stayForever();
        }
    }
}
