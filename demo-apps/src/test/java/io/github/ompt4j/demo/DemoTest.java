package io.github.ompt4j.demo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    void transfersOnFourThreadsEndAsOnOne() {
        // The same transfers on a team of one are the reference: the order of transfers changes nothing
        // at the end, updates lost to a race do (without the critical section, about 2 % of the ledger's).
        int before = Omp.maxThreads();
        long[][] balances = new long[2][];
        long[] ledgers = new long[2];
        try {
            int[] teams = {1, 4};
            for (int run = 0; run < 2; run++) {
                Omp.setNumThreads(teams[run]);
                balances[run] = new long[] {100, 100, 100, 100, 100, 100, 100, 100};
                long[] ledger = new long[1];
                BankTransferDemo.runContendedTransfers(balances[run], ledger, 200_000);
                ledgers[run] = ledger[0];
            }
        } finally {
            Omp.setNumThreads(before);
        }
        assertEquals(800, Arrays.stream(balances[1]).sum());
        assertArrayEquals(balances[0], balances[1]);
        assertTrue(ledgers[0] > 0, "transfers happened");
        assertEquals(ledgers[0], ledgers[1]);
    }
}
