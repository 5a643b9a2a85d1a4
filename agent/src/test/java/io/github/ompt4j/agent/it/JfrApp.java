package io.github.ompt4j.agent.it;

import io.github.ompt4j.omp.Omp;
import io.github.ompt4j.omp.OmpLock;
import io.github.ompt4j.omp.Schedule;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A directive-library program for recordings: a few regions with a dynamic loop, a critical section, a lock,
 * a master construct and tasks, then it ends the way its argument says: {@code normal}, {@code exit}
 * ({@code System.exit(3)}), {@code throw} (an uncaught exception in main), {@code wait} (prints
 * {@code ready} and sleeps until a signal ends it) or {@code linger} (sleeps past JFR's one-second flush of
 * a running recording, then runs its regions again).
 */
public final class JfrApp {
    static final int REGIONS = 3;
    static final int TASKS_PER_REGION = 4;

    private JfrApp() {
    }

    public static void main(String[] args) throws Exception {
        AtomicLong sum = new AtomicLong();
        OmpLock lock = new OmpLock();
        long[] counter = new long[1];
        for (int r = 0; r < REGIONS; r++) {
            computeRegion(sum, lock, counter);
        }
        lock.destroy();
        System.out.println("sum " + sum.get() + " counter " + counter[0]);
        switch (args.length == 0 ? "normal" : args[0]) {
            case "exit":
                System.exit(3);
                break;
            case "throw":
                throw new IllegalStateException("the program fails on purpose");
            case "linger":
                Thread.sleep(1_500);
                OmpLock again = new OmpLock();
                computeRegion(sum, again, counter);
                again.destroy();
                break;
            case "wait":
                System.out.println("ready");
                System.out.flush();
                Thread.sleep(120_000);
                break;
            default:
                break;
        }
    }

    static void computeRegion(AtomicLong sum, OmpLock lock, long[] counter) {
        Omp.parallel(2, () -> {
            Omp.forLoop(0, 2_000, Schedule.dynamic(16), i -> sum.addAndGet(i));
            Omp.critical("count", () -> counter[0]++);
            lock.set();
            counter[0]++;
            lock.unset();
            Omp.master(() -> {
                for (int t = 0; t < TASKS_PER_REGION; t++) {
                    Omp.task(() -> sum.incrementAndGet());
                }
                Omp.taskwait();
            });
            Omp.barrier();
        });
    }
}
