package io.github.ompt4j.agent.it;

import io.github.ompt4j.omp.Omp;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.stream.IntStream;

/**
 * Tasks that run, or do not, inside another task on the same thread; each sleeps {@value #MILLIS} ms, past the
 * task spans' default threshold of 1 ms. {@code join}: on a pool of one worker, a task forks another and joins it: the
 * join takes the forked task back from the worker's own queue and runs it there, inside the joining task; then it runs
 * a parallel stream, a region nested in it, whose tasks the worker runs inside it too. {@code unfork}: the same, but
 * the task takes the forked one back with {@code tryUnfork} and computes it itself (the forked task is withdrawn: it
 * never runs as a task), then sleeps.
 * {@code taskwait}: in the directive library's team of two, a task creates another and waits for it at a taskwait,
 * which runs it on the same thread (the other member is held until then, so that it cannot take it).
 */
public final class NestedTaskApp {
    static final int MILLIS = 3;

    private NestedTaskApp() {
    }

    public static void main(String[] args) {
        if (args[0].equals("taskwait")) {
            CountDownLatch done = new CountDownLatch(1);
            Omp.parallel(2, () -> {
                if (Omp.threadNum() == 0) {
                    Omp.task(() -> {
                        Omp.task(NestedTaskApp::pause);
                        Omp.taskwait();
                        pause();
                        done.countDown();
                    });
                } else {
                    awaitUninterruptibly(done);
                }
            });
            System.out.println("taskwait done");
        } else {
            ForkJoinPool pool = new ForkJoinPool(1);
            System.out.println("tasks " + pool.invoke(args[0].equals("unfork") ? new Unforking() : new Outer()));
            pool.shutdown();
        }
    }

    static final class Unforking extends RecursiveTask<Integer> {
        private static final long serialVersionUID = 1L;

        @Override
        protected Integer compute() {
            Inner inner = new Inner();
            inner.fork();
            int taken = inner.tryUnfork() ? inner.compute() : inner.join();
            pause();
            return taken + 1;
        }
    }

    static final class Outer extends RecursiveTask<Integer> {
        private static final long serialVersionUID = 1L;

        @Override
        protected Integer compute() {
            Inner inner = new Inner();
            inner.fork();
            pause();
            int joined = inner.join();
            return joined + 1 + IntStream.range(0, 2).parallel().map(i -> {
                pause();
                return 1;
            }).sum();
        }
    }

    static final class Inner extends RecursiveTask<Integer> {
        private static final long serialVersionUID = 1L;

        @Override
        protected Integer compute() {
            pause();
            return 1;
        }
    }

    static void awaitUninterruptibly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static void pause() {
        try {
            Thread.sleep(MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
