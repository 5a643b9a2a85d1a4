package io.github.ompt4j.demo;

import io.github.ompt4j.omp.Omp;
import io.github.ompt4j.omp.TaskOptions;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Counts the solutions of the n-queens problem with recursive tasks: each placement of a queen in the
 * first rows spawns a task, deeper rows are searched sequentially (a final task), and {@code taskwait}
 * joins the children.
 *
 * <p>{@code java -cp directives/target/classes:demo-apps/target/classes io.github.ompt4j.demo.NQueensDemo [n]}
 */
public final class NQueensDemo {
    /** Rows placed by tasks; below this depth a task searches on its own. */
    private static final int TASK_DEPTH = 3;

    private NQueensDemo() {
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 11;
        double start = Omp.wtime();
        long solutions = countQueenSolutions(n);
        System.out.printf("%d-queens: %d solutions on %d threads in %.1f ms%n", n, solutions, Omp.maxThreads(),
                (Omp.wtime() - start) * 1e3);
    }

    static long countQueenSolutions(int n) {
        AtomicLong total = new AtomicLong();
        Omp.parallel(() -> Omp.single(() -> spawnQueenTasks(n, 0, 0, 0, 0, total)));
        return total.get();
    }

    /** One task per free square of {@code row}; columns and diagonals in use are bit masks. */
    private static void spawnQueenTasks(int n, int row, int columns, int leftDiagonals, int rightDiagonals,
            AtomicLong total) {
        int free = ~(columns | leftDiagonals | rightDiagonals) & ((1 << n) - 1);
        TaskOptions options = new TaskOptions().finalClause(row + 1 >= TASK_DEPTH);
        while (free != 0) {
            int bit = free & -free;
            free -= bit;
            int c = columns | bit;
            int l = (leftDiagonals | bit) << 1;
            int r = (rightDiagonals | bit) >> 1;
            Omp.task(options, () -> {
                if (Omp.inFinal()) {
                    total.addAndGet(searchQueensSequentially(n, row + 1, c, l, r));
                } else {
                    spawnQueenTasks(n, row + 1, c, l, r, total);
                }
            });
        }
        Omp.taskwait();
    }

    private static long searchQueensSequentially(int n, int row, int columns, int leftDiagonals,
            int rightDiagonals) {
        if (row == n) {
            return 1;
        }
        long count = 0;
        int free = ~(columns | leftDiagonals | rightDiagonals) & ((1 << n) - 1);
        while (free != 0) {
            int bit = free & -free;
            free -= bit;
            count += searchQueensSequentially(n, row + 1, columns | bit, (leftDiagonals | bit) << 1,
                    (rightDiagonals | bit) >> 1);
        }
        return count;
    }
}
