package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.locks.StampedLock;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nothing the runtime keeps per lock acquisition outlives a release on another thread: twelve million lock
 * operations whose permits and stamps are taken on one thread and returned on another, in a 64 MB heap
 * with a tool registered (one that counts the events; the JFR tool timing holds), leave the heap after a
 * full GC where it was after the first hundred thousand.
 */
class HeldLocksStressIT {
    /** Round trips of six lock operations each (three acquisitions, three releases on the other thread). */
    private static final int ROUND_TRIPS = 2_000_000;
    private static final int SLOTS = 1024;
    private static final long WARM_UP = 100_000;
    private static final Pattern COUNTS = Pattern.compile("counts acquired_lock=(\\d+) release_lock=(\\d+)");

    public static final class HandOffs {
        static long heapAfterWarmUp;

        /**
         * Thread A takes a permit of {@code toB} and a read stamp, B returns both; B takes a permit of
         * {@code toA}, A returns it: every release on the other thread than its acquisition.
         */
        public static void main(String[] args) throws Exception {
            int roundTrips = Integer.parseInt(args[0]);
            Semaphore toB = new Semaphore(SLOTS);
            Semaphore toA = new Semaphore(0);
            StampedLock lock = new StampedLock();
            long[] stamps = new long[SLOTS];
            Thread b = new Thread(() -> {
                try {
                    for (int i = 0; i < roundTrips; i++) {
                        toA.acquire();
                        lock.unlockRead(stamps[i % SLOTS]);
                        toB.release();
                    }
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            b.start();
            for (int i = 0; i < roundTrips; i++) {
                toB.acquire();
                stamps[i % SLOTS] = lock.readLock();
                toA.release();
                if (i == WARM_UP) {
                    heapAfterWarmUp = usedAfterGc();
                }
            }
            b.join();
            System.out.println("heap after warm-up " + heapAfterWarmUp + " at the end " + usedAfterGc());
        }

        static long usedAfterGc() {
            System.gc();
            System.gc();
            return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        }
    }

    private static AgentRun handOffs(List<String> jvmOptions, String tool) throws Exception {
        List<String> options = new ArrayList<>(List.of("-Xmx64m"));
        options.addAll(jvmOptions);
        AgentRun run = AgentRun.runWithJvmOptions(AgentRun.applicationClassPath(), options, "adapters=locks,tool=" + tool,
                Map.of(), HandOffs.class, Integer.toString(ROUND_TRIPS));
        assertEquals(0, run.exit, run.toString());
        assertTrue(!run.err.contains("ompt4j [warn]"), "the adapter stayed on:\n" + run);
        String[] heap = run.out.stream().filter(l -> l.startsWith("heap after")).findFirst().orElseThrow().split(" ");
        long grown = Long.parseLong(heap[7]) - Long.parseLong(heap[3]);
        assertTrue(grown < 4 << 20, "the heap grew by " + grown + " bytes:\n" + run);
        return run;
    }

    /**
     * The runtime's holds of each thread ({@code OmptThread}). Every acquisition is reported, and every release of
     * one: {@code toA} starts with no permits, and the releases that hand out permits before B has taken any
     * (A runs up to {@link #SLOTS} ahead) release no acquisition, and are not reported.
     */
    @Test
    void twelveMillionOperationsWithReleasesOnAnotherThreadLeaveTheHeapFlat() throws Exception {
        AgentRun run = handOffs(List.of(), MutexCountingTool.class.getName());
        long acquisitions = 3L * ROUND_TRIPS;
        Matcher counts = COUNTS.matcher(String.join("\n", run.out));
        assertTrue(counts.find(), run.toString());
        long released = Long.parseLong(counts.group(2));
        assertAll(() -> assertEquals(acquisitions, Long.parseLong(counts.group(1)), run.toString()),
                () -> assertTrue(released <= acquisitions && released >= acquisitions - SLOTS, run.toString()));
    }

    /** The JFR tool's open {@code ompt.MutexHeld} spans of each thread, with holds timed. */
    @Test
    void theJfrToolsTimedHoldsStayFlatToo(@TempDir Path dir) throws Exception {
        Path settings = dir.resolve("holds.jfc");
        Files.writeString(settings, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<configuration version=\"2.0\">\n"
                + "  <event name=\"ompt.MutexHeld\"><setting name=\"enabled\">true</setting>"
                + "<setting name=\"threshold\">1 ms</setting></event>\n</configuration>\n");
        handOffs(List.of("-Dompt4j.jfr.settings=" + settings), "io.github.ompt4j.jfr.JfrTool");
    }
}
