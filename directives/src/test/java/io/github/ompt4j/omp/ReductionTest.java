package io.github.ompt4j.omp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class ReductionTest {
    private static final int N = 1000;

    private static int term(int i) {
        return (i * 2654435761L) % 1000 == 0 ? 1 : (int) ((i * 2654435761L) % 1000) - 300;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 8})
    void intOperators(int n) {
        int sum = 0;
        int product = 1;
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        int and = ~0;
        int or = 0;
        int xor = 0;
        for (int i = 0; i < N; i++) {
            int t = term(i);
            sum += t;
            product *= t | 1;
            min = Math.min(min, t);
            max = Math.max(max, t);
            and &= t | 0x100;
            or |= t;
            xor ^= t;
        }
        int[] expected = {sum, product, min, max, and, or, xor};
        int[][] got = new int[n][7];
        Omp.parallel(n, () -> {
            int[] mine = got[Omp.threadNum()];
            mine[0] = Omp.forReduce(0, N, IntReduction.SUM, ReductionTest::term);
            mine[1] = Omp.forReduce(0, N, Schedule.dynamic(7), IntReduction.PRODUCT, i -> term(i) | 1);
            mine[2] = Omp.forReduce(0, N, Schedule.guided(), IntReduction.MIN, ReductionTest::term);
            mine[3] = Omp.forReduce(0, N, Schedule.staticChunked(3), IntReduction.MAX, ReductionTest::term);
            mine[4] = Omp.forReduce(0, N, IntReduction.AND, i -> term(i) | 0x100);
            mine[5] = Omp.forReduce(0, N, IntReduction.OR, ReductionTest::term);
            mine[6] = Omp.forReduce(0, N, IntReduction.XOR, ReductionTest::term);
        });
        for (int t = 0; t < n; t++) {
            for (int k = 0; k < 7; k++) {
                assertEquals(expected[k], got[t][k], "member " + t + " operator " + k);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 8})
    void longOperators(int n) {
        long sum = 0;
        long product = 1;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        long and = ~0L;
        long or = 0;
        long xor = 0;
        for (int i = 0; i < N; i++) {
            long t = term(i) * 1_000_000_007L;
            sum += t;
            product *= t | 1;
            min = Math.min(min, t);
            max = Math.max(max, t);
            and &= t | 0x100;
            or |= t;
            xor ^= t;
        }
        long[] expected = {sum, product, min, max, and, or, xor};
        long[][] got = new long[n][7];
        Omp.parallel(n, () -> {
            long[] mine = got[Omp.threadNum()];
            mine[0] = Omp.forReduce(0, N, LongReduction.SUM, i -> term(i) * 1_000_000_007L);
            mine[1] = Omp.forReduce(0, N, Schedule.dynamic(), LongReduction.PRODUCT, i -> term(i) * 1_000_000_007L | 1);
            mine[2] = Omp.forReduce(0, N, LongReduction.MIN, i -> term(i) * 1_000_000_007L);
            mine[3] = Omp.forReduce(0, N, LongReduction.MAX, i -> term(i) * 1_000_000_007L);
            mine[4] = Omp.forReduce(0, N, LongReduction.AND, i -> term(i) * 1_000_000_007L | 0x100);
            mine[5] = Omp.forReduce(0, N, LongReduction.OR, i -> term(i) * 1_000_000_007L);
            mine[6] = Omp.forReduce(0, N, Schedule.guided(2), LongReduction.XOR, i -> term(i) * 1_000_000_007L);
        });
        for (int t = 0; t < n; t++) {
            for (int k = 0; k < 7; k++) {
                assertEquals(expected[k], got[t][k], "member " + t + " operator " + k);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 8})
    void doubleOperators(int n) {
        double sum = 0;
        double product = 1;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < N; i++) {
            sum += i * 0.5; // exact in binary: any order gives the same sum
            product *= (i % 10 == 0) ? 2.0 : 1.0;
            min = Math.min(min, term(i) / 4.0);
            max = Math.max(max, term(i) / 4.0);
        }
        double[] expected = {sum, product, min, max};
        double[][] got = new double[n][4];
        Omp.parallel(n, () -> {
            double[] mine = got[Omp.threadNum()];
            mine[0] = Omp.forReduce(0, N, DoubleReduction.SUM, i -> i * 0.5);
            mine[1] = Omp.forReduce(0, N, Schedule.dynamic(5), DoubleReduction.PRODUCT, i -> i % 10 == 0 ? 2.0 : 1.0);
            mine[2] = Omp.forReduce(0, N, DoubleReduction.MIN, i -> term(i) / 4.0);
            mine[3] = Omp.forReduce(0, N, DoubleReduction.MAX, i -> term(i) / 4.0);
        });
        for (int t = 0; t < n; t++) {
            for (int k = 0; k < 4; k++) {
                assertEquals(expected[k], got[t][k], "member " + t + " operator " + k);
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void userDefinedReductions(int n) {
        IntReduction gcd = IntReduction.of(0, ReductionTest::gcd);
        LongReduction sumOfSquares = LongReduction.of(0, Long::sum);
        DoubleReduction hypot = DoubleReduction.of(0, Math::hypot);
        Reduction<List<Integer>> concat = Reduction.of(ArrayList::new, (a, b) -> {
            a.addAll(b);
            return a;
        });
        Object[] got = new Object[4];
        Omp.parallel(n, () -> {
            int g = Omp.forReduce(0, 100, gcd, i -> 12 * (i + 1));
            long s = Omp.forReduce(0, 100, sumOfSquares, i -> (long) i * i);
            double h = Omp.forReduce(0, 2, hypot, i -> i == 0 ? 3.0 : 4.0);
            List<Integer> all =
                    Omp.forReduce(0, 50, Schedule.staticSchedule(), concat, i -> new ArrayList<>(List.of(i)));
            Omp.master(() -> {
                got[0] = g;
                got[1] = s;
                got[2] = h;
                got[3] = all;
            });
        });
        assertEquals(12, got[0]);
        assertEquals(328350L, got[1]);
        assertEquals(5.0, (double) got[2], 1e-12);
        List<Integer> expected = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            expected.add(i);
        }
        assertEquals(expected, got[3], "static blocks combined in member order keep iteration order");
    }

    private static int gcd(int a, int b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8})
    void regionReductionsGiveEveryMemberTheTotal(int n) {
        int[] wrong = new int[1];
        Omp.parallel(n, () -> {
            int t = Omp.threadNum();
            boolean ok = Omp.reduce(IntReduction.SUM, t + 1) == n * (n + 1) / 2
                    && Omp.reduce(LongReduction.MAX, t) == n - 1
                    && Omp.reduce(DoubleReduction.MIN, t + 0.5) == 0.5
                    && Omp.reduce(Reduction.of(() -> "", String::concat), Integer.toString(t)).length() == n;
            if (!ok) {
                Omp.critical(() -> wrong[0]++);
            }
        });
        assertEquals(0, wrong[0]);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8})
    void parallelReductionRegionsGiveTheEncounteringThreadTheTotal(int n) {
        assertEquals(n * (n + 1) / 2, Omp.parallelReduce(n, IntReduction.SUM, () -> Omp.threadNum() + 1));
        assertEquals(n - 1, Omp.parallelReduce(n, LongReduction.MAX, () -> (long) Omp.threadNum()));
        assertEquals(0.5, Omp.parallelReduce(n, DoubleReduction.MIN, () -> Omp.threadNum() + 0.5));
        assertEquals(n, Omp.parallelReduce(n, IntReduction.SUM, () -> Omp.reduce(IntReduction.MAX, 1)),
                "reductions inside the region do not disturb the region's own");
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4, 8})
    void atomicAddsLoseNoUpdate(int n) {
        int[] ints = new int[1];
        long[] longs = new long[2];
        double[] doubles = new double[1];
        Omp.parallel(n, () -> {
            for (int k = 0; k < 1000; k++) {
                Omp.atomicAdd(ints, 0, 1);
                Omp.atomicAdd(longs, 1, 3L);
                Omp.atomicAdd(doubles, 0, 0.5);
            }
        });
        assertEquals(1000 * n, ints[0]);
        assertEquals(3000L * n, longs[1]);
        assertEquals(500.0 * n, doubles[0]);
        assertEquals(7, Omp.atomicAdd(ints, 0, 7 - ints[0]), "returns the new value");
    }

    @Test
    void combinedParallelForReductions() {
        assertEquals(499500, Omp.parallelForReduce(0, 1000, IntReduction.SUM, i -> i));
        assertEquals(999L, Omp.parallelForReduce(0, 1000, LongReduction.MAX, i -> i));
        assertEquals(0.0, Omp.parallelForReduce(0, 1000, DoubleReduction.MIN, i -> i));
        assertEquals(1000, Omp.parallelForReduce(0, 1000, Reduction.<Integer>of(() -> 0, Integer::sum), i -> 1));
    }
}
