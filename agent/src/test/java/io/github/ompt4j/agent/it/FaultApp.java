package io.github.ompt4j.agent.it;

import io.github.ompt4j.omp.Omp;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

/**
 * A program whose output and exit status show whether an injected fault reached it: regions, critical
 * sections and a parallel stream, then an exit with status 3. Its argument, if any, is how many regions
 * to run (three by default): many make a recording of megabytes.
 */
public final class FaultApp {
    private FaultApp() {
    }

    public static void main(String[] args) {
        AtomicInteger inside = new AtomicInteger();
        int[] total = new int[1];
        int regions = args.length == 0 ? 3 : Integer.parseInt(args[0]);
        for (int region = 0; region < regions; region++) {
            Omp.parallel(2, () -> Omp.critical(() -> {
                inside.incrementAndGet();
                total[0] += 10;
            }));
        }
        System.out.println("critical sections " + inside.get() + " total " + total[0]);
        System.out.println("stream sum " + IntStream.range(0, 10_000).parallel().sum());
        System.exit(3);
    }
}
