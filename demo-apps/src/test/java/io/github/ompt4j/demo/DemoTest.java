package io.github.ompt4j.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ompt4j.omp.Omp;
import io.github.ompt4j.omp.Schedule;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class DemoTest {

    @Test
    void mandelbrotIsTheSameImageUnderEverySchedule() {
        int size = 64;
        int[] reference = new int[size * size];
        for (int row = 0; row < size; row++) {
            for (int col = 0; col < size; col++) {
                reference[row * size + col] =
                        MandelbrotDemo.mandelbrotEscapeTime(-2.0 + 3.0 * col / size, -1.5 + 3.0 * row / size);
            }
        }
        for (Schedule s : new Schedule[] {Schedule.staticSchedule(), Schedule.dynamic(4), Schedule.guided(2)}) {
            int[] image = new int[size * size];
            MandelbrotDemo.renderMandelbrot(image, size, s);
            assertEquals(Arrays.toString(reference), Arrays.toString(image), s.toString());
        }
    }

    @Test
    void matrixProductMatchesTheSequentialOne() {
        int n = 17;
        double[] a = new double[n * n];
        double[] b = new double[n * n];
        for (int k = 0; k < n * n; k++) {
            a[k] = k % 3;
            b[k] = k % 4;
        }
        double[] c = new double[n * n];
        MatrixMultiplyDemo.multiplyMatricesCollapsed(a, b, c, n);
        double trace = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double sum = 0;
                for (int k = 0; k < n; k++) {
                    sum += a[i * n + k] * b[k * n + j];
                }
                assertEquals(sum, c[i * n + j]);
                trace += i == j ? sum : 0;
            }
        }
        assertEquals(trace, MatrixMultiplyDemo.traceOfProduct(c, n));
    }

    @Test
    void nQueensCountsAreKnown() {
        assertEquals(92, NQueensDemo.countQueenSolutions(8));
        assertEquals(724, NQueensDemo.countQueenSolutions(10));
    }

    @Test
    void transfersKeepTheMoney() {
        long[] balances = {100, 100, 100, 100, 100, 100, 100, 100};
        long[] ledger = new long[1];
        Omp.setNumThreads(4);
        BankTransferDemo.runContendedTransfers(balances, ledger, 10_000);
        assertEquals(800, Arrays.stream(balances).sum());
        long expected = 0;
        for (int i = 0; i < 10_000; i++) {
            expected += (i * 7919L) % 8 != (i * 104729L + 1) % 8 ? 1 : 0;
        }
        assertEquals(expected, ledger[0]);
    }
}
