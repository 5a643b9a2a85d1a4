package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.agent.invariants.Invariant;
import io.github.ompt4j.agent.invariants.TraceInvariants;
import io.github.ompt4j.agent.invariants.Violation;
import io.github.ompt4j.agent.stress.Stress;
import io.github.ompt4j.jfr.events.ImplicitTaskEvent;
import io.github.ompt4j.jfr.events.ParallelRegionEvent;
import io.github.ompt4j.jfr.events.ThreadStateEvent;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@link Stress} mix (every framework and construct at once: 64 platform threads, batches of 10,000
 * virtual threads on JDK 21+, directive regions 8 deep) under the print tool, with a recording, and with
 * wall-clock profiling and every output. Each run must end by itself with status 0 (the program's watchdog
 * halts a hung run with status 3 and every thread's stack), run every construct, warn of nothing, and keep
 * the heap after a full GC within {@link #HEAP_GROWTH} of where it was after the warm-up. Under the print
 * tool, every {@link Invariant} must hold over the whole trace; under the others, the outputs must be
 * readable.
 *
 * <p>The trace is not stored: the child's standard output is a pipe that the checker reads as it comes (a
 * minute of the mix prints about 2 GB, 20 million events), so the child prints only as fast as the checker
 * checks, and memory holds only the spans still open. The runs are shorter than the 60 s so that
 * CI's budget holds on both JDKs (about two minutes each): {@value #PRINT_SECONDS} s under the print tool,
 * {@value #RECORDING_SECONDS} s for each of the others; {@code -Dompt4j.stress.seconds=60} runs all three
 * for that long, {@code -Dompt4j.stress.seed=} repeats a seed (the constructs each thread draws; not the
 * interleavings).
 */
class StressIT {
    private static final int PRINT_SECONDS = 45;
    private static final int RECORDING_SECONDS = 20;
    /** Longer than any construct runs under the print tool on two cores, however slow the checker. */
    private static final int HANG_SECONDS = 120;
    /**
     * What the heap may keep after the warm-up: the warm-up starts every thread and pool the mix uses
     * (without the agent a 12 s run keeps 1.7 MB more), and a leak of a few dozen bytes a construct exceeds it
     * within the run: the mix runs tens of thousands of constructs and 10,000 virtual threads a batch.
     */
    private static final long HEAP_GROWTH = 16L << 20;
    private static final long SEED = Long.getLong("ompt4j.stress.seed", System.nanoTime());
    private static final Pattern RUNS = Pattern.compile("(\\w+)=(\\d+)");
    private static final Pattern HEAP = Pattern.compile("heap after warm-up (\\d+) at the end (\\d+) grew (-?\\d+)");
    /** Violations kept as examples, per invariant; the rest are counted. */
    private static final int EXAMPLES = 5;

    private static int seconds(int ciSeconds) {
        return Integer.getInteger("ompt4j.stress.seconds", ciSeconds);
    }

    /** What one run said on its standard output ({@code stress: } lines) and error, and its exit status. */
    private record Run(String options, int exit, List<String> said, String err) {
        String describe() {
            return "seed " + SEED + ", " + options + ", exit " + exit + "\n" + String.join("\n", said) + "\n--- err\n"
                    + (err.length() > 20_000 ? err.substring(0, 20_000) + "\n..." : err);
        }

        /** Ended by itself, ran every construct, warned of nothing, kept the heap. */
        void assertHealthy() {
            String all = describe();
            assertAll(() -> assertEquals(0, exit, all),
                    () -> assertTrue(said.contains("stress: done"), all),
                    () -> assertFalse(err.contains("ompt4j [warn]"), "the agent warned:\n" + all),
                    () -> assertFalse(err.contains("Exception in thread"), all),
                    () -> assertEveryConstructRan(all),
                    () -> assertHeapKept(all));
        }

        private void assertEveryConstructRan(String all) {
            String runs = line("stress: runs ");
            Matcher m = RUNS.matcher(runs);
            int kinds = 0;
            while (m.find()) {
                kinds++;
                long count = Long.parseLong(m.group(2));
                if (m.group(1).equals("VIRTUAL_THREADS")) {
                    long expected = Runtime.version().feature() >= 21 ? Stress.VIRTUAL_THREADS : 0;
                    assertTrue(count >= expected, "a batch of virtual threads ran: " + all);
                } else {
                    assertTrue(count > 0, m.group(1) + " ran: " + all);
                }
            }
            assertTrue(kinds > 10, all);
        }

        private void assertHeapKept(String all) {
            Matcher m = HEAP.matcher(line("stress: heap after warm-up "));
            assertTrue(m.find(), all);
            assertTrue(Long.parseLong(m.group(3)) < HEAP_GROWTH, "the heap after a full GC grew by more than "
                    + HEAP_GROWTH + " bytes: " + all);
        }

        /** The last line said that starts so. */
        String line(String start) {
            String found = null;
            for (String s : said) {
                if (s.startsWith(start)) {
                    found = s;
                }
            }
            return found == null ? "" : found;
        }
    }

    private static List<String> command(String options, int seconds) {
        return AgentRun.command(AgentRun.applicationClassPath(), List.of(), options, Stress.class,
                Long.toString(SEED), Integer.toString(seconds), Integer.toString(HANG_SECONDS));
    }

    /** Every violation of the trace, by invariant: how many, and the first few with their context. */
    private static final class Findings {
        final Map<Invariant, List<Violation>> examples = new EnumMap<>(Invariant.class);
        final Map<Invariant, Long> counts = new TreeMap<>();

        void add(Violation v) {
            counts.merge(v.invariant(), 1L, Long::sum);
            List<Violation> some = examples.computeIfAbsent(v.invariant(), k -> new ArrayList<>());
            if (some.size() < EXAMPLES) {
                some.add(v);
            }
        }

        @Override
        public String toString() {
            StringBuilder s = new StringBuilder();
            counts.forEach((invariant, count) -> {
                s.append(count).append(' ').append(invariant).append(", for example:\n");
                examples.get(invariant).forEach(v -> s.append("  ").append(v).append('\n'));
            });
            return s.toString();
        }
    }

    @Test
    void underThePrintToolNothingHangsAndEveryInvariantHolds(@TempDir Path dir) throws Exception {
        String options = "tool=print";
        Findings findings = new Findings();
        TraceInvariants checker = new TraceInvariants(findings::add);
        checker.context("warm-up");
        Path err = dir.resolve("err.txt");
        ProcessBuilder pb = new ProcessBuilder(command(options, seconds(PRINT_SECONDS)))
                .redirectError(err.toFile());
        pb.environment().remove("OMP_TOOL");
        Process p = pb.start();
        List<String> said = new ArrayList<>();
        long events = 0;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = out.readLine()) != null;) {
                if (line.startsWith("stress: ")) {
                    said.add(line);
                    // A violation names the latest progress line before it: when in the run it happened.
                    checker.context(line.substring("stress: ".length()));
                } else {
                    events++;
                }
                checker.line(line);
            }
            checker.finish();
        } finally {
            if (!p.waitFor(HANG_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
        Run run = new Run(options, p.exitValue(), said, Files.readString(err));
        long checked = events;
        System.out.println("StressIT " + options + ": " + checked + " lines checked\n" + run.describe());
        assertAll(run::assertHealthy,
                () -> assertTrue(checked > 100_000, "a trace: " + checked + " lines"),
                () -> assertEquals("", findings.toString(), "violations of the trace's invariants, seed " + SEED));
    }

    private static Run run(String options, int seconds, Path dir) throws Exception {
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        int exit = AgentRun.execInto(command(options, seconds), Map.of(), out, err, seconds + 2L * HANG_SECONDS);
        List<String> said = Files.readAllLines(out, StandardCharsets.UTF_8).stream()
                .filter(l -> l.startsWith("stress: ")).toList();
        Run run = new Run(options, exit, said, Files.readString(err));
        System.out.println("StressIT " + options + ":\n" + run.describe());
        return run;
    }

    /** The recording's events by type (a {@link TreeMap}: printed in order). */
    private static Map<String, Long> events(Path recording) throws IOException {
        Map<String, Long> counts = new TreeMap<>();
        try (RecordingFile in = new RecordingFile(recording)) {
            while (in.hasMoreEvents()) {
                RecordedEvent e = in.readEvent();
                counts.merge(e.getEventType().getName(), 1L, Long::sum);
            }
        }
        return counts;
    }

    @Test
    void withARecordingNothingHangsAndTheRecordingReads(@TempDir Path dir) throws Exception {
        Path recording = dir.resolve("stress.jfr");
        Run run = run("jfr=" + recording, seconds(RECORDING_SECONDS), dir);
        run.assertHealthy();
        Map<String, Long> events = events(recording);
        String all = events + "\n" + run.describe();
        for (String type : List.of(ParallelRegionEvent.NAME, ImplicitTaskEvent.NAME, ThreadStateEvent.NAME)) {
            assertTrue(events.getOrDefault(type, 0L) > 0, type + " in " + all);
        }
        assertTrue(run.err.contains("ompt4j: wrote " + recording), all);
    }

    @Test
    void profiledWithEveryOutputNothingHangsAndEveryOutputIsWritten(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        Run run = run("profile=wall,out=" + out, seconds(RECORDING_SECONDS), dir);
        run.assertHealthy();
        Map<String, Long> events = events(out.resolve("recording.jfr"));
        String all = events + "\n" + run.describe();
        assertTrue(events.getOrDefault("profiler.WallClockSample", 0L) > 0, all);
        assertTrue(events.getOrDefault(ParallelRegionEvent.NAME, 0L) > 0, all);
        for (String file : List.of("flame.html", "timeline.html", "report.txt", "stacks.txt", "profile.pb.gz",
                "profile.otlp.pb", "trace.json")) {
            assertTrue(Files.size(out.resolve(file)) > 0, file + ": " + all);
        }
        String report = Files.readString(out.resolve("report.txt"));
        assertTrue(report.contains("samples: profiler.WallClockSample"), report);
        assertTrue(report.contains(Stress.class.getPackageName()), "the mix's own frames in the report:\n" + report);
    }
}
