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
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
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
     * {@code main} holds {@code System.out}'s monitor while another thread sums a parallel stream: whether that
     * thread's events could be printed meanwhile, which a thread blocked on the monitor could not.
     */
    public static final class EventsWhileSystemOutIsHeld {
        public static void main(String[] args) throws Exception {
            Thread summer = new Thread(() -> IntStream.range(0, 10_000).parallel().sum(), "summer");
            boolean finished;
            synchronized (System.out) {
                summer.start();
                summer.join(5_000);
                finished = !summer.isAlive();
            }
            summer.join();
            System.out.println(finished ? "printed while System.out was held" : "blocked on System.out");
        }
    }

    /**
     * The print tool takes no lock that the program's threads may hold while it prints: {@code System.out}'s monitor
     * is one, and since JDK 24 a virtual thread blocked on it is unmounted and then handed it while it waits for a
     * carrier, so carriers that report idle and print ({@code carriers=on}) blocked on it, and with both of them
     * blocked that virtual thread never ran ({@link #carrierThreadsAreWorkersOnlyWhenAsked} hung in 1 run of 3 on
     * JDK 25). Here {@code main} holds the monitor, so the test does not depend on timing.
     */
    @Test
    void thePrintToolPrintsWhileAnotherThreadHoldsSystemOut() throws Exception {
        AgentRun run = AgentRun.run("tool=print", Map.of(), EventsWhileSystemOutIsHeld.class);
        assertEquals(0, run.exit, run.toString());
        assertTrue(run.out.contains("printed while System.out was held"), run.toString());
        assertTrue(run.out.stream().anyMatch(l -> l.contains("ompt_event_parallel_begin")), run.toString());
    }

    /** 50 virtual threads queued for a lock that {@code main} holds for 300 ms once all of them wait. */
    public static final class VirtualThreadsQueuedOnALock {
        public static final int THREADS = 50;

        public static void main(String[] args) throws Exception {
            ReentrantLock lock = new ReentrantLock();
            AtomicLong total = new AtomicLong();
            ExecutorService executor = (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor")
                    .invoke(null);
            lock.lock();
            for (int i = 0; i < THREADS; i++) {
                executor.submit(() -> {
                    lock.lock();
                    try {
                        total.incrementAndGet();
                    } finally {
                        lock.unlock();
                    }
                });
            }
            while (lock.getQueueLength() < THREADS) {
                Thread.sleep(1);
            }
            Thread.sleep(300);
            lock.unlock();
            executor.shutdown();
            if (!executor.awaitTermination(2, TimeUnit.MINUTES)) {
                throw new AssertionError("the virtual threads did not finish");
            }
            System.out.println("total " + total.get());
        }
    }

    /**
     * A virtual thread's own begin, end and initial task stay out of both recordings, as JFR's
     * {@code jdk.VirtualThreadStart} and {@code End} stay out of its own (a server makes a virtual thread per
     * request), and its state samples out of the default one, which holds {@code main}'s; a profile keeps the state
     * samples, since a parked virtual thread is on no carrier for a profiler to sample: each of the 50 virtual
     * threads queued on a lock is seen waiting for it.
     */
    @Test
    void eachVirtualThreadsOwnEventsStayOutButAProfileSeesItWaitingForALock() throws Exception {
        assumeTrue(Runtime.version().feature() >= 21, "virtual threads need JDK 21");
        Path leanRecording = dir.resolve("default.jfr");
        AgentRun run = AgentRun.run("jfr=" + leanRecording, Map.of(), VirtualThreadsQueuedOnALock.class);
        assertEquals(0, run.exit, run.toString());
        Map<String, Set<Long>> lean = perThreadEvents(leanRecording);
        assertEquals(1, lean.get("ompt.ThreadBegin platform").size(), "main's: " + lean);
        assertEquals(1, lean.get("ompt.InitialTask platform").size(), "main's: " + lean);
        assertTrue(lean.keySet().stream().noneMatch(k -> k.contains(" virtual")), "no virtual thread's: " + lean);
        Path profile = dir.resolve("profile.jfr");
        run = AgentRun.run("profile=wall,jfr=" + profile, Map.of(), VirtualThreadsQueuedOnALock.class);
        assertEquals(0, run.exit, run.toString());
        Map<String, Set<Long>> events = perThreadEvents(profile);
        for (String type : List.of(ThreadBeginEvent.NAME, ThreadEndEvent.NAME, InitialTaskEvent.NAME)) {
            assertFalse(events.containsKey(type + " virtual"), events.toString());
        }
        assertEquals(VirtualThreadsQueuedOnALock.THREADS, events.get(ThreadStateEvent.NAME + " virtual wait_lock").size(),
                "every virtual thread seen waiting for the lock: " + events);
    }

    /**
     * The threads each per-thread type's events are about, by type, whether the thread is virtual or a platform
     * thread, and for a state sample in a mutex wait, its state.
     */
    private static Map<String, Set<Long>> perThreadEvents(Path recording) throws Exception {
        List<String> types = List.of(ThreadBeginEvent.NAME, ThreadEndEvent.NAME, InitialTaskEvent.NAME,
                ThreadStateEvent.NAME);
        Map<String, Set<Long>> threads = new TreeMap<>();
        try (RecordingFile in = new RecordingFile(recording)) {
            while (in.hasMoreEvents()) {
                RecordedEvent e = in.readEvent();
                String type = e.getEventType().getName();
                if (types.contains(type)) {
                    RecordedThread about = type.equals(ThreadStateEvent.NAME) ? e.getThread("thread") : e.getThread();
                    boolean virtual = about.hasField("virtual") && about.getBoolean("virtual");
                    String state = type.equals(ThreadStateEvent.NAME) && e.getString("state").endsWith("wait_lock")
                            ? " wait_lock" : "";
                    threads.computeIfAbsent(type + (virtual ? " virtual" : " platform") + state, k -> new TreeSet<>())
                            .add(about.getJavaThreadId());
                }
            }
        }
        return threads;
    }
}
