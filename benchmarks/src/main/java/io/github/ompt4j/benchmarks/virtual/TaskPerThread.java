package io.github.ompt4j.benchmarks.virtual;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A server's shape on virtual threads: {@code tasks} tasks (first argument, default 100,000) handed to
 * {@code Executors.newVirtualThreadPerTaskExecutor()} as they arrive, at most {@code concurrent} at a time (second,
 * default 1,000), each computing for about 10 us, sleeping 1 ms (a call to another service) and computing again.
 * Under the agent each task is an explicit task of {@code main}'s and its thread one the runtime knows, with its
 * stretches on carriers recorded under {@code profile=}: this is where that costs the most for the least work. Prints
 * the tasks, the time they took and a checksum, so that the JIT cannot drop the work; needs JDK 21.
 */
public final class TaskPerThread {
    private static final int WORK = 5_000;

    private TaskPerThread() {
    }

    public static void main(String[] args) throws Exception {
        int tasks = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int concurrent = args.length > 1 ? Integer.parseInt(args[1]) : 1_000;
        AtomicLong sum = new AtomicLong();
        Semaphore room = new Semaphore(concurrent);
        long start = System.nanoTime();
        ExecutorService executor = (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor")
                .invoke(null);
        for (int i = 0; i < tasks; i++) {
            room.acquire();
            executor.execute(() -> {
                try {
                    long s = work(WORK);
                    Thread.sleep(1);
                    sum.addAndGet(s + work(WORK));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    room.release();
                }
            });
        }
        ((AutoCloseable) executor).close();
        double ms = (System.nanoTime() - start) / 1e6;
        System.out.printf("%d tasks in %.1f ms, checksum %d%n", tasks, ms, sum.get());
    }

    private static long work(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += (s ^ i) * 31 + i;
        }
        return s;
    }
}
