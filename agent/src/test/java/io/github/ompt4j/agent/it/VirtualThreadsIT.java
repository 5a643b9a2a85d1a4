package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ompt4j.jfr.events.InitialTaskEvent;
import io.github.ompt4j.jfr.events.ThreadBeginEvent;
import io.github.ompt4j.jfr.events.ThreadEndEvent;
import io.github.ompt4j.jfr.events.ThreadStateEvent;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.IntStream;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Virtual threads (JDK 21+) under the agent: their scheduler is a {@code ForkJoinPool}, which must
 * neither break nor be reported as the program's regions. Skipped on JDKs without virtual threads.
 */
class VirtualThreadsIT {
    static final int THREADS = 10_000;

    @TempDir
    Path dir;

    /** Runs {@code body} on {@code count} virtual threads (JDK 21+, found by reflection) and waits for all. */
    static void onVirtualThreads(int count, Callable<Object> body) throws Exception {
        ExecutorService executor = (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor")
                .invoke(null);
        for (int i = 0; i < count; i++) {
            executor.submit(body);
        }
        executor.shutdown();
        if (!executor.awaitTermination(2, TimeUnit.MINUTES)) {
            throw new AssertionError("the virtual threads did not finish");
        }
    }

    /** 10,000 virtual threads that sleep, take a lock, and sum a parallel stream each. */
    public static final class ManyVirtualThreads {
        public static void main(String[] args) throws Exception {
            ReentrantLock lock = new ReentrantLock();
            AtomicLong total = new AtomicLong();
            onVirtualThreads(THREADS, () -> {
                Thread.sleep(1);
                lock.lock();
                try {
                    total.incrementAndGet();
                } finally {
                    lock.unlock();
                }
                total.addAndGet(IntStream.range(0, 100).parallel().sum());
                return null;
            });
            System.out.println("total " + total.get());
        }
    }

    @Test
    void tenThousandVirtualThreadsSleepLockAndStreamUnderTheAgent() throws Exception {
        assumeTrue(Runtime.version().feature() >= 21, "virtual threads need JDK 21");
        AgentRun run = AgentRun.run("tool=" + CountingTool.class.getName(), Map.of(), ManyVirtualThreads.class);
        assertEquals(0, run.exit, run.toString());
        assertFalse(run.err.contains("[warn]"), run.err);
        long expected = THREADS + (long) THREADS * 4950;
        assertTrue(run.out.contains("total " + expected), run.toString());
        String counts = run.out.stream().filter(l -> l.startsWith("counts ")).findFirst().orElseThrow();
        // One region per stream: the scheduler's own tasks (continuations, sleeps) are not regions.
        assertTrue(counts.startsWith("counts parallel_begin=" + THREADS + " parallel_end=" + THREADS + " "), counts);
        List<String> parts = List.of(counts.split(" "));
        assertEquals(parts.get(3).substring("task_begin=".length()), parts.get(4).substring("task_end=".length()),
                "every task begun ends: " + counts);
    }

    /** 200 virtual threads that sleep and count; no pool and no stream of the program's own. */
    public static final class SleepingVirtualThreads {
        public static void main(String[] args) throws Exception {
            AtomicLong total = new AtomicLong();
            onVirtualThreads(200, () -> {
                Thread.sleep(2);
                total.incrementAndGet();
                return null;
            });
            System.out.println("total " + total.get());
        }
    }

    /**
     * The scheduler's carriers are reported only with carriers=on: then as workers that go idle when no
     * virtual thread is mounted, never with a region or task; by default not at all.
     */
    @Test
    void carrierThreadsAreWorkersOnlyWhenAsked() throws Exception {
        assumeTrue(Runtime.version().feature() >= 21, "virtual threads need JDK 21");
        Trace quiet = Trace.of("all", List.of(), Map.of(), SleepingVirtualThreads.class);
        assertTrue(quiet.first("total 200") >= 0, quiet.toString());
        assertEquals(List.of(), quiet.threadsWith("ompt_event_thread_begin: thread_type=ompt_thread_worker"),
                quiet.toString());
        Trace carriers = Trace.of("all,carriers=on", List.of(), Map.of(), SleepingVirtualThreads.class);
        assertTrue(carriers.first("total 200") >= 0, carriers.toString());
        List<String> workers = carriers.threadsWith("ompt_event_thread_begin: thread_type=ompt_thread_worker");
        assertFalse(workers.isEmpty(), carriers.toString());
        for (String w : workers) {
            List<String> lines = carriers.thread(w);
            assertTrue(lines.stream().anyMatch(l -> l.contains("ompt_event_idle_begin")), "carrier " + w + " waits idle:\n"
                    + carriers);
            assertTrue(lines.stream().noneMatch(l -> l.contains("parallel_begin") || l.contains("task_begin")
                    || l.contains("task_switch")), "no region or task on carrier " + w + ":\n" + carriers);
        }
        assertEquals(0, carriers.count("ompt_event_parallel_begin"), carriers.toString());
    }

    /**
     * The default recording ({@code jfr=}) weighs a virtual-thread program as JFR's own default recording does: it
     * holds none of a virtual thread's own begin, end, initial task or state samples (JFR's
     * {@code jdk.VirtualThreadStart} is off by default too), and still {@code main}'s; the profile's settings keep
     * them for every one of the 200 virtual threads, since the profile places their samples by them.
     */
    @Test
    void theDefaultRecordingLeavesEachVirtualThreadsOwnEventsOutAndTheProfileKeepsThem() throws Exception {
        assumeTrue(Runtime.version().feature() >= 21, "virtual threads need JDK 21");
        Path leanRecording = dir.resolve("default.jfr");
        AgentRun run = AgentRun.run("jfr=" + leanRecording, Map.of(), SleepingVirtualThreads.class);
        assertEquals(0, run.exit, run.toString());
        Map<String, Long> lean = perThreadEvents(leanRecording);
        assertEquals(1L, lean.get("ompt.ThreadBegin platform"), "main's: " + lean);
        assertEquals(1L, lean.get("ompt.InitialTask platform"), "main's: " + lean);
        assertTrue(lean.keySet().stream().noneMatch(k -> k.endsWith(" virtual")), "no virtual thread's: " + lean);
        Path profile = dir.resolve("profile.jfr");
        run = AgentRun.run("profile=wall,jfr=" + profile, Map.of(), SleepingVirtualThreads.class);
        assertEquals(0, run.exit, run.toString());
        Map<String, Long> events = perThreadEvents(profile);
        assertEquals(200L, events.get("ompt.ThreadBegin virtual"), events.toString());
        assertEquals(200L, events.get("ompt.ThreadEnd virtual"), events.toString());
        assertEquals(200L, events.get("ompt.InitialTask virtual"), events.toString());
    }

    /** The events of each per-thread type, by whether the thread they are about is virtual or a platform thread. */
    private static Map<String, Long> perThreadEvents(Path recording) throws Exception {
        List<String> types = List.of(ThreadBeginEvent.NAME, ThreadEndEvent.NAME, InitialTaskEvent.NAME,
                ThreadStateEvent.NAME);
        Map<String, Long> counts = new TreeMap<>();
        try (RecordingFile in = new RecordingFile(recording)) {
            while (in.hasMoreEvents()) {
                RecordedEvent e = in.readEvent();
                String type = e.getEventType().getName();
                if (types.contains(type)) {
                    RecordedThread about = type.equals(ThreadStateEvent.NAME) ? e.getThread("thread") : e.getThread();
                    boolean virtual = about.hasField("virtual") && about.getBoolean("virtual");
                    counts.merge(type + (virtual ? " virtual" : " platform"), 1L, Long::sum);
                }
            }
        }
        return counts;
    }
}
