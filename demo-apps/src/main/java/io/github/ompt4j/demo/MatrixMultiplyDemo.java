package io.github.ompt4j.demo;

import io.github.ompt4j.omp.DoubleReduction;
import io.github.ompt4j.omp.Omp;
import io.github.ompt4j.omp.Schedule;

/**
 * Multiplies two dense matrices with a collapsed {@code (i, j)} loop, then checks the trace with a
 * reduction.
 *
 * <p>{@code java -cp directives/target/classes:demo-apps/target/classes io.github.ompt4j.demo.MatrixMultiplyDemo [n]}
 */
public final class MatrixMultiplyDemo {
    private MatrixMultiplyDemo() {
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 400;
        double[] a = new double[n * n];
        double[] b = new double[n * n];
        for (int k = 0; k < n * n; k++) {
            a[k] = (k % 7) * 0.5;
            b[k] = (k % 5) * 0.25;
        }
        double[] c = new double[n * n];
        double start = Omp.wtime();
        multiplyMatricesCollapsed(a, b, c, n);
        double seconds = Omp.wtime() - start;
        System.out.printf("matrix multiply %dx%d on %d threads: %.1f ms, %.2f GFLOP/s, trace %.3f%n", n, n,
                Omp.maxThreads(), seconds * 1e3, 2.0 * n * n * n / seconds / 1e9, traceOfProduct(c, n));
    }

    static void multiplyMatricesCollapsed(double[] a, double[] b, double[] c, int n) {
        Omp.parallel(() -> Omp.forLoopCollapse(0, n, 0, n, Schedule.staticSchedule(),
                (i, j) -> c[i * n + j] = dotRowColumn(a, b, n, i, j)));
    }

    private static double dotRowColumn(double[] a, double[] b, int n, int i, int j) {
        double sum = 0;
        for (int k = 0; k < n; k++) {
            sum += a[i * n + k] * b[k * n + j];
        }
        return sum;
    }

    static double traceOfProduct(double[] c, int n) {
        return Omp.parallelForReduce(0, n, DoubleReduction.SUM, i -> c[i * n + i]);
    }
}
