package io.github.ompt4j.agent.it;

import io.github.ompt4j.omp.Omp;

/**
 * A CPU-bound team: {@code BusyTeam <threads> <millis>} runs one region whose members all compute for that
 * long. With more threads than processors, each member waits for a processor part of the time.
 */
public final class BusyTeam {
    static volatile double sink;

    private BusyTeam() {
    }

    public static void main(String[] args) {
        int threads = Integer.parseInt(args[0]);
        long nanos = Long.parseLong(args[1]) * 1_000_000;
        Omp.parallel(threads, () -> spin(nanos));
    }

    static void spin(long nanos) {
        long end = System.nanoTime() + nanos;
        double x = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 1000; i++) {
                x += Math.sqrt(i + x);
            }
        }
        sink = x;
    }
}
