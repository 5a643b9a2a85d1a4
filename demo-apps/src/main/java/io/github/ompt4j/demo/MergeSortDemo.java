package io.github.ompt4j.demo;

import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * Sorts an array with a {@code RecursiveAction} mergesort in the common pool: each task forks its left
 * half, sorts its right half itself, joins, and merges; below a cutoff it sorts sequentially. Under the
 * agent the sort is one region (a submission), its tasks a tree, and the joins that wait taskwaits.
 *
 * <p>{@code java -cp demo-apps/target/classes io.github.ompt4j.demo.MergeSortDemo [elements]}
 */
public final class MergeSortDemo {
    /** Below this many elements a task sorts on its own. */
    static final int CUTOFF = 8_192;

    private MergeSortDemo() {
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 4_000_000;
        int[] data = randomArray(n, 7);
        long start = System.nanoTime();
        parallelMergeSort(data);
        System.out.printf("sorted %d ints in %.1f ms on %d workers; sorted: %b%n", n, (System.nanoTime() - start) / 1e6,
                ForkJoinPool.getCommonPoolParallelism(), isSorted(data));
    }

    static int[] randomArray(int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] data = new int[n];
        for (int i = 0; i < n; i++) {
            data[i] = random.nextInt();
        }
        return data;
    }

    static void parallelMergeSort(int[] data) {
        ForkJoinPool.commonPool().invoke(new SortTask(data, new int[data.length], 0, data.length));
    }

    static boolean isSorted(int[] data) {
        for (int i = 1; i < data.length; i++) {
            if (data[i - 1] > data[i]) {
                return false;
            }
        }
        return true;
    }

    /** Sorts {@code data[from, to)} using {@code buffer} of the same range (also the benchmarks' mergesort). */
    public static final class SortTask extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        private final int[] data;
        private final int[] buffer;
        private final int from;
        private final int to;

        public SortTask(int[] data, int[] buffer, int from, int to) {
            this.data = data;
            this.buffer = buffer;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= CUTOFF) {
                java.util.Arrays.sort(data, from, to);
                return;
            }
            int mid = (from + to) >>> 1;
            SortTask left = new SortTask(data, buffer, from, mid);
            left.fork();
            new SortTask(data, buffer, mid, to).compute();
            left.join();
            mergeHalves(mid);
        }

        private void mergeHalves(int mid) {
            System.arraycopy(data, from, buffer, from, to - from);
            int i = from;
            int j = mid;
            for (int k = from; k < to; k++) {
                data[k] = j >= to || (i < mid && buffer[i] <= buffer[j]) ? buffer[i++] : buffer[j++];
            }
        }
    }
}
