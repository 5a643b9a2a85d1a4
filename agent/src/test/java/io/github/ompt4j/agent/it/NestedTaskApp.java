package io.github.ompt4j.agent.it;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.stream.IntStream;

/**
 * A task that forks another and joins it on a pool of one worker: the join takes the forked task back from the
 * worker's own queue and runs it there, inside the joining task. Then it runs a parallel stream, a region nested
 * in it, whose tasks the worker runs inside it too. Each task sleeps {@value #MILLIS} ms, past the task spans'
 * default threshold of 1 ms. With the argument {@code unfork}, the task instead takes the forked one back with
 * {@code tryUnfork} and computes it itself (the forked task is withdrawn: it never runs as a task), then sleeps.
 */
public final class NestedTaskApp {
    static final int MILLIS = 3;

    private NestedTaskApp() {
    }

    public static void main(String[] args) {
        ForkJoinPool pool = new ForkJoinPool(1);
        boolean unfork = args.length > 0 && args[0].equals("unfork");
        System.out.println("tasks " + pool.invoke(unfork ? new Unforking() : new Outer()));
        pool.shutdown();
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

    static void pause() {
        try {
            Thread.sleep(MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
