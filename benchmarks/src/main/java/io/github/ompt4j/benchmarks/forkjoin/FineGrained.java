package io.github.ompt4j.benchmarks.forkjoin;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.stream.LongStream;

/**
 * A fine-grained fork/join program, the kind whose recording weighs the most: {@code rounds} times a
 * {@code RecursiveTask} tree of about {@code 2 * LEAVES / leaf} tasks handed to the common pool, and a parallel
 * stream's sum. Run as a whole process ({@code benchmarks/recording-weight.sh}) or timed by itself
 * ({@code benchmarks/profile-overhead.sh}); prints the tasks forked, the time the rounds took and the checksum, so the
 * JIT cannot drop the work. The leaf size ({@code leaf} numbers a task, second argument, default
 * {@value #DEFAULT_LEAF}) sets the grain: the default forks about ten million tasks a second here, far finer than
 * a program would choose; 64 about half a million, the fine end of what fork/join code uses.
 */
public final class FineGrained {
    static final int LEAVES = 1 << 20;
    static final int DEFAULT_LEAF = 4;
    /** The numbers a leaf task sums; set once by {@link #main}, before any task runs. */
    static int leaf = DEFAULT_LEAF;

    private FineGrained() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        leaf = args.length > 1 ? Integer.parseInt(args[1]) : DEFAULT_LEAF;
        long sum = 0;
        long tasks = 0;
        long start = System.nanoTime();
        for (int r = 0; r < rounds; r++) {
            Sum root = new Sum(0, LEAVES);
            sum += ForkJoinPool.commonPool().invoke(root);
            tasks += 2L * LEAVES / leaf;
            sum += LongStream.range(0, 20_000_000L).parallel().map(i -> i * i % 7).sum();
        }
        double ms = (System.nanoTime() - start) / 1e6;
        System.out.printf("%d tasks in %.1f ms (%.0f tasks a second), checksum %d%n", tasks, ms, tasks * 1e3 / ms, sum);
    }

    /** Sums {@code f(i)} over {@code [from, to)} by halves, down to {@link #leaf} numbers a task. */
    static final class Sum extends RecursiveTask<Long> {
        private static final long serialVersionUID = 1L;
        private final int from;
        private final int to;

        Sum(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        protected Long compute() {
            if (to - from <= leaf) {
                long s = 0;
                for (int i = from; i < to; i++) {
                    s += (i * 2654435761L) >>> 7;
                }
                return s;
            }
            int mid = (from + to) >>> 1;
            Sum left = new Sum(from, mid);
            left.fork();
            long right = new Sum(mid, to).compute();
            return right + left.join();
        }
    }
}
