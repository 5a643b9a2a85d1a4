package io.github.ompt4j.jmc;

import io.github.ompt4j.jfr.JfrTool;
import io.github.ompt4j.jfr.events.OmptEventTypes;
import io.github.ompt4j.jfr.events.ThreadStateEvent;
import io.github.ompt4j.model.CallSites;
import io.github.ompt4j.model.Ompt;
import io.github.ompt4j.model.OmptInvoker;
import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptSyncRegionKind;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import jdk.jfr.Event;
import jdk.jfr.Recording;

/**
 * Recordings of simulated parallel regions, made with ompt4j's real JFR tool: a team of threads runs a region
 * through {@code OmptRuntime} as the directive library's adapter would, each member doing what the test
 * says, then meeting at the closing barrier (the first to arrive waits, the last does not). The member
 * threads live for the whole test JVM, as a pool's do; on JDK 17 this keeps JFR's string pool from losing
 * strings that only dead threads wrote.
 */
final class Simulation {
    static final long REGION_SITE = CallSites.token("com.example.Grid", "relax", "Grid.java", 88);
    private static final List<ExecutorService> THREADS = new ArrayList<>();
    private static boolean toolStarted;

    interface Member {
        void run(OmptThread thread, int threadNum) throws Exception;
    }

    private Simulation() {
    }

    private static synchronized void startTool() {
        if (!toolStarted) {
            Map<String, String> all = new HashMap<>();
            for (Class<? extends Event> type : OmptEventTypes.ALL) {
                all.put(OmptEventTypes.nameOf(type) + "#enabled", "true");
            }
            Ompt.start(List.of(new JfrTool(all)));
            toolStarted = true;
        }
    }

    private static synchronized ExecutorService thread(int i) {
        while (THREADS.size() <= i) {
            String name = "member-" + THREADS.size();
            THREADS.add(Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, name);
                t.setDaemon(true);
                return t;
            }));
        }
        return THREADS.get(i);
    }

    /**
     * Record what {@code run} does, with every ompt event on (thresholds 0, the state samples every 10 ms) except
     * those in {@code off}.
     */
    static Path record(Runnable run, String... off) throws Exception {
        startTool();
        Path file = Files.createTempFile("ompt4j-rules", ".jfr");
        try (Recording recording = new Recording()) {
            for (Class<? extends Event> type : OmptEventTypes.ALL) {
                if (!List.of(off).contains(OmptEventTypes.nameOf(type))) {
                    recording.enable(type).withThreshold(Duration.ZERO);
                }
            }
            // A periodic event a recording enables without a period is written once a chunk: the profiling
            // settings' period, so that the state samples see what the members do, and the settings written as
            // every agent's recording writes them, which is how a reader knows what time a state sample stands for.
            if (!List.of(off).contains(ThreadStateEvent.NAME)) {
                recording.enable(ThreadStateEvent.class).withPeriod(Duration.ofMillis(10));
            }
            recording.enable("jdk.ActiveSetting");
            recording.start();
            run.run();
            recording.stop();
            recording.dump(file);
        }
        return file;
    }

    /** One region of {@code members.length} threads; member {@code i} runs {@code members[i]} as its work. */
    static void region(Member... members) {
        int n = members.length;
        OmptParallel[] region = new OmptParallel[1];
        CyclicBarrier forked = new CyclicBarrier(n);
        CyclicBarrier closing = new CyclicBarrier(n);
        AtomicInteger arrived = new AtomicInteger();
        List<Future<?>> running = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int threadNum = i;
            running.add(thread(i).submit(() -> {
                OmptThread t = OmptRuntime.threadBegin(threadNum == 0 ? OmptThreadType.INITIAL : OmptThreadType.WORKER);
                if (threadNum == 0) {
                    region[0] = OmptRuntime.parallelBegin(t, n, n, OmptInvoker.PROGRAM, REGION_SITE);
                } else {
                    OmptRuntime.idleBegin(t);
                }
                forked.await();
                if (threadNum != 0) {
                    OmptRuntime.idleEnd(t);
                }
                OmptRuntime.implicitTaskBegin(t, region[0], threadNum);
                members[threadNum].run(t, threadNum);
                OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.BARRIER_IMPLICIT_PARALLEL, REGION_SITE);
                boolean last = arrived.incrementAndGet() == n;
                if (!last) {
                    OmptRuntime.syncWaitBegin(t, region[0].id());
                }
                closing.await();
                if (!last) {
                    OmptRuntime.syncWaitEnd(t);
                }
                OmptRuntime.syncRegionEnd(t);
                OmptRuntime.implicitTaskEnd(t);
                if (threadNum == 0) {
                    OmptRuntime.parallelEnd(t, region[0]);
                }
                OmptRuntime.threadEnd(t);
                return null;
            }));
        }
        for (Future<?> f : running) {
            try {
                f.get(60, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new AssertionError("a member failed", e);
            }
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
