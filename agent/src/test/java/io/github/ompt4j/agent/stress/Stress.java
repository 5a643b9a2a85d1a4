package io.github.ompt4j.agent.stress;

import io.github.ompt4j.omp.Omp;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * {@code Stress [seed|random] [seconds] [hang-seconds]}: {@value #PLATFORM_THREADS} platform threads draw
 * {@link Construct}s at random and run them until the time is up, while (JDK 21+) one more thread runs
 * batches of {@value #VIRTUAL_THREADS} virtual threads that each run a lock, stream, pool or stage
 * construct and sleep. The heap is measured after a full GC once the warm-up's mix has ended (see {@link
 * #WARM_UP_PART}), and again at the end, after the program's pool has terminated. Exit
 * status 0 if every construct ran as it should, 1 if one failed, {@value Watchdog#HANG_STATUS} on a hang.
 * See the package description for what it prints.
 */
public final class Stress {
    static final String PREFIX = "stress: ";
    static final int PLATFORM_THREADS = 64;
    public static final int VIRTUAL_THREADS = 10_000;
    private static final int PROGRESS_SECONDS = 5;
    /**
     * The first sixth of the time is the warm-up: the mix runs, every thread and pool it needs starts, and
     * then all stop for the heap's baseline. Growth after it is what the run keeps per construct it runs.
     */
    private static final int WARM_UP_PART = 6;
    /** What a virtual thread may run: the constructs a virtual thread meets in real programs (no directive teams). */
    private static final Construct[] ON_VIRTUAL_THREADS = {Construct.REENTRANT_LOCK, Construct.READ_WRITE_LOCK,
        Construct.SEMAPHORE, Construct.STAMPED_LOCK, Construct.PARALLEL_STREAMS, Construct.COMPLETABLE_CHAINS,
        Construct.POOL_TASKS_WITH_STREAMS};

    private final Shared shared = new Shared();
    private final Watchdog watchdog;
    private final AtomicLongArray runs = new AtomicLongArray(Construct.values().length);
    private final AtomicLong virtualThreads = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final long warmUpEnd;
    private final long deadline;

    private Stress(long seed, int seconds, int hangSeconds) {
        watchdog = new Watchdog(hangSeconds, seed);
        long now = System.nanoTime();
        warmUpEnd = now + TimeUnit.SECONDS.toNanos(seconds) / WARM_UP_PART;
        deadline = now + TimeUnit.SECONDS.toNanos(seconds);
    }

    public static void main(String[] args) throws Exception {
        long seed = args.length > 0 && !args[0].equals("random") ? Long.parseLong(args[0]) : System.nanoTime();
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 60;
        int hangSeconds = args.length > 2 ? Integer.parseInt(args[2]) : 120;
        say("seed " + seed + ", " + seconds + " s, " + PLATFORM_THREADS + " platform threads, "
                + (Threads.haveVirtual() ? VIRTUAL_THREADS + " virtual threads a batch" : "no virtual threads")
                + ", JDK " + Runtime.version() + ", " + Runtime.getRuntime().availableProcessors() + " processors");
        Omp.setMaxActiveLevels(Directives.ACTIVE_LEVELS);
        Stress stress = new Stress(seed, seconds, hangSeconds);
        System.exit(stress.run(new SplittableRandom(seed)));
    }

    private int run(SplittableRandom seeds) throws InterruptedException {
        watchdog.start();
        Watchdog.Watched main = watchdog.watch(Thread.currentThread());
        long started = System.nanoTime();
        mix(main, seeds, started, warmUpEnd);
        long heapAtStart = usedAfterGc();
        say("heap after warm-up " + heapAtStart);
        mix(main, seeds, started, deadline);
        main.start("closing the pool");
        shared.close();
        main.idle();
        long heapAtEnd = usedAfterGc();

        StringBuilder counts = new StringBuilder("runs");
        for (Construct c : Construct.values()) {
            counts.append(' ').append(c).append('=').append(runs.get(c.ordinal()));
        }
        say(counts.append(" VIRTUAL_THREADS=").append(virtualThreads.get()).toString());
        say("heap after warm-up " + heapAtStart + " at the end " + heapAtEnd + " grew " + (heapAtEnd - heapAtStart));
        say("failures " + failures.get());
        say("done");
        return failures.get() == 0 ? 0 : 1;
    }

    /**
     * The whole mix until {@code until}: the platform workers and the virtual-thread batches, then waits
     * for them all, so that the heap can be measured with nothing running.
     */
    private void mix(Watchdog.Watched main, SplittableRandom seeds, long started, long until)
            throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < PLATFORM_THREADS; i++) {
            SplittableRandom r = seeds.split();
            threads.add(new Thread(() -> work(r, until), String.format("stress-worker-%02d", i)));
        }
        if (Threads.haveVirtual()) {
            SplittableRandom r = seeds.split();
            threads.add(new Thread(() -> virtualBatches(r, until), "stress-virtual-batches"));
        }
        threads.forEach(Thread::start);
        while (System.nanoTime() < until) {
            Thread.sleep(Math.max(1, Math.min(TimeUnit.SECONDS.toMillis(PROGRESS_SECONDS),
                    TimeUnit.NANOSECONDS.toMillis(until - System.nanoTime()))));
            say("t=" + TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started) + "s runs=" + total());
        }
        main.start("joining the workers");
        for (Thread t : threads) {
            t.join();
        }
        main.idle();
    }

    private void work(SplittableRandom r, long until) {
        Watchdog.Watched me = watchdog.watch(Thread.currentThread());
        Construct[] all = Construct.values();
        while (System.nanoTime() < until) {
            runOnce(me, all[r.nextInt(all.length)], r);
        }
    }

    private void runOnce(Watchdog.Watched me, Construct c, SplittableRandom r) {
        me.start(c);
        try {
            c.run(shared, r);
            runs.incrementAndGet(c.ordinal());
        } catch (Throwable t) {
            failed(c + " on " + Thread.currentThread().getName(), t);
        } finally {
            me.idle();
        }
    }

    private void failed(String what, Throwable t) {
        failures.incrementAndGet();
        synchronized (System.err) {
            System.err.println(PREFIX + "FAILED " + what);
            t.printStackTrace();
        }
    }

    private void virtualBatches(SplittableRandom r, long until) {
        Watchdog.Watched me = watchdog.watch(Thread.currentThread());
        while (System.nanoTime() < until) {
            virtualBatch(me, VIRTUAL_THREADS, r.nextLong());
        }
    }

    /** {@code count} virtual threads at once, each running one construct and sleeping a millisecond. */
    private void virtualBatch(Watchdog.Watched me, int count, long seed) {
        me.start("a batch of " + count + " virtual threads");
        SplittableRandom seeds = new SplittableRandom(seed);
        ExecutorService executor = Threads.virtualExecutor();
        for (int i = 0; i < count; i++) {
            SplittableRandom r = seeds.split();
            executor.execute(() -> {
                Construct c = ON_VIRTUAL_THREADS[r.nextInt(ON_VIRTUAL_THREADS.length)];
                try {
                    c.run(shared, r);
                    Thread.sleep(1);
                    virtualThreads.incrementAndGet();
                } catch (Throwable t) {
                    failed(c + " on a virtual thread", t);
                }
            });
        }
        executor.shutdown();
        try {
            // The watchdog bounds the wait: a batch that never ends is a hang, reported as one.
            executor.awaitTermination(Long.MAX_VALUE, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            failed("waiting for the virtual threads", e);
        }
        me.idle();
    }

    private long total() {
        long total = virtualThreads.get();
        for (int i = 0; i < runs.length(); i++) {
            total += runs.get(i);
        }
        return total;
    }

    /** The heap in use after two full collections (the second collects what the first's finalization freed). */
    private static long usedAfterGc() {
        System.gc();
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    static void say(String line) {
        System.out.println(PREFIX + line);
    }
}
