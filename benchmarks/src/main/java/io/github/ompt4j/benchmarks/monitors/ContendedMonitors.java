package io.github.ompt4j.benchmarks.monitors;

import java.util.stream.LongStream;

/**
 * Java monitors contended on purpose, for {@code seconds} seconds (first argument, default 10): the common pool's
 * workers and {@code main} add to one total inside a {@code synchronized} block, in rounds of a parallel stream, while
 * two threads of their own hand numbers over one at a time with {@code wait} and {@code notify}. Each thread that
 * finds the block taken blocks in the JVM's monitor code, and each hand-off waits in {@code Object.wait}: a profile
 * made mostly of Java monitor waits, each recorded by JFR when its threshold is 0. Prints the rounds, the hand-offs
 * and the totals, so the JIT cannot drop the work.
 */
public final class ContendedMonitors {
    private static final Object TOTAL_LOCK = new Object();
    private static long total;

    private ContendedMonitors() {
    }

    public static void main(String[] args) throws InterruptedException {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 10;
        long end = System.nanoTime() + (long) (seconds * 1e9);
        HandOff handOff = new HandOff();
        Thread producer = new Thread(() -> handOff.produce(end), "producer");
        Thread consumer = new Thread(() -> handOff.consume(end), "consumer");
        producer.start();
        consumer.start();
        long rounds = 0;
        long sum = 0;
        while (System.nanoTime() < end) {
            sum += LongStream.range(0, 20_000).parallel().map(ContendedMonitors::addToTotal).sum();
            rounds++;
        }
        producer.join();
        consumer.join();
        System.out.printf("%d rounds, %d hand-offs, total %d, sum %d%n", rounds, handOff.taken, total, sum);
    }

    /** Some work outside the monitor, then some inside it, so that the others find it taken. */
    static long addToTotal(long i) {
        long w = mix(i, 200);
        synchronized (TOTAL_LOCK) {
            total += mix(w, 100);
            return total;
        }
    }

    static long mix(long x, int rounds) {
        long h = x;
        for (int r = 0; r < rounds; r++) {
            h ^= h >>> 31;
            h *= 0xBF58476D1CE4E5B9L;
        }
        return h;
    }

    /** A slot of one number, filled by one thread and emptied by another, each waiting for the other. */
    static final class HandOff {
        private long value;
        private boolean full;
        long taken;

        synchronized void produce(long end) {
            for (long n = 1; System.nanoTime() < end; n++) {
                while (full && System.nanoTime() < end) {
                    waitAtMostAMillisecond();
                }
                value = n;
                full = true;
                notifyAll();
            }
        }

        synchronized void consume(long end) {
            while (System.nanoTime() < end) {
                while (!full && System.nanoTime() < end) {
                    waitAtMostAMillisecond();
                }
                if (full) {
                    taken += value > 0 ? 1 : 0;
                    full = false;
                    notifyAll();
                }
            }
        }

        /** A bounded wait, so that neither thread outlives the end when the other has left. */
        private void waitAtMostAMillisecond() {
            try {
                wait(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
