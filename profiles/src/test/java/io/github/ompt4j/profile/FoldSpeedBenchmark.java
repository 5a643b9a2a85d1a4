package io.github.ompt4j.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ompt4j.jfr.events.ImplicitTaskEvent;
import io.github.ompt4j.jfr.events.OmptEventTypes;
import io.github.ompt4j.jfr.events.OriginEvent;
import io.github.ompt4j.jfr.events.ParallelRegionEvent;
import io.github.ompt4j.jfr.events.SyncRegionWaitEvent;
import io.github.ompt4j.jfr.events.ThreadBeginEvent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Recording;
import jdk.jfr.Timespan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * How fast a million samples fold, in a JVM limited to 1 GB of heap: not a test, run on purpose with
 * {@code mvn -pl profiles -am test -Dtest=FoldSpeedBenchmark -Dompt4j.benchmark=fold
 * -Dsurefire.failIfNoSpecifiedTests=false} (add {@code -Dompt4j.benchmark.file=run.jfr} to fold a recording of
 * your own instead). The generated recording has {@value #SAMPLES} wall-clock samples (async-profiler's event
 * name and fields) on {@value #THREADS} threads inside regions with implicit tasks and barrier waits, at stack
 * depths from 8 to 60 in a few hundred distinct stacks; {@link FoldSpeedMain} reports with every output.
 */
@EnabledIfSystemProperty(named = "ompt4j.benchmark", matches = "fold")
class FoldSpeedBenchmark {
    static final int SAMPLES = 1_000_000;
    static final int THREADS = 8;
    static final int PER_REGION = 500;

    /** A sample as async-profiler writes it in its chunk; JFR takes the stack trace at commit. */
    @Name("profiler.WallClockSample")
    @Label("Wall Clock Sample")
    static final class WallClockSample extends Event {
        Thread sampledThread;
        String state;
        int samples;
        @Timespan(Timespan.TICKS)
        long timeSpan;
    }

    @Test
    void foldAMillionSamplesInOneGigabyte() throws Exception {
        String given = System.getProperty("ompt4j.benchmark.file");
        Path file = given != null ? Path.of(given) : generate(Files.createTempFile("fold-speed", ".jfr"), SAMPLES);
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g", "-cp", System.getProperty("java.class.path"), FoldSpeedMain.class.getName(), file.toString()));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(10, TimeUnit.MINUTES);
        System.out.println(out);
        assertEquals(0, p.exitValue(), out);
    }

    /** A recording of {@code samples} wall-clock samples (a multiple of {@value #THREADS} × {@value #PER_REGION}). */
    static Path generate(Path file, int samples) throws Exception {
        return generate(file, samples, true);
    }

    /** The same, with samples that have no stack trace at all unless {@code stackTraces}. */
    static Path generate(Path file, int samples, boolean stackTraces) throws Exception {
        try (Recording recording = new Recording()) {
            for (Class<? extends Event> type : OmptEventTypes.ALL) {
                recording.enable(type).withThreshold(Duration.ZERO);
            }
            if (stackTraces) {
                recording.enable(WallClockSample.class).withStackTrace();
            } else {
                recording.enable(WallClockSample.class).withoutStackTrace();
            }
            recording.setToDisk(true);
            recording.start();
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int member = t;
                threads.add(new Thread(() -> member(member, samples), "bench-worker-" + t));
            }
            ParallelRegionEvent region = new ParallelRegionEvent();
            region.begin();
            region.parallelId = 1;
            region.callSite = "FoldSpeedBenchmark.generate(FoldSpeedBenchmark.java:1)";
            OriginEvent origin = new OriginEvent();
            origin.parallelId = 1;
            origin.commit();
            for (Thread t : threads) {
                t.start();
            }
            for (Thread t : threads) {
                t.join();
            }
            region.commit();
            recording.stop();
            recording.dump(file);
        }
        return file;
    }

    private static void member(int member, int samples) {
        ThreadBeginEvent begin = new ThreadBeginEvent();
        begin.threadType = "worker";
        begin.ompThreadId = member + 2;
        begin.commit();
        ImplicitTaskEvent task = new ImplicitTaskEvent();
        task.begin();
        task.parallelId = 1;
        task.taskId = 100 + member;
        task.teamSize = THREADS;
        task.threadNum = member;
        for (int n = 0; n < samples / THREADS; n += PER_REGION) {
            SyncRegionWaitEvent wait = new SyncRegionWaitEvent();
            wait.begin();
            wait.kind = "barrier_explicit";
            wait.parallelId = 1;
            wait.taskId = task.taskId;
            wait.waitId = 1;
            for (int i = 0; i < PER_REGION / 2; i++) {
                descend(8 + (n / PER_REGION + i) % 53, i);
            }
            wait.commit();
            for (int i = 0; i < PER_REGION / 2; i++) {
                descend(8 + (n / PER_REGION + 3 * i) % 53, i);
            }
        }
        task.commit();
    }

    /** Recurse to {@code depth} through one of three methods, so stacks differ in depth and in frames. */
    static void descend(int depth, int i) {
        if (depth == 0) {
            WallClockSample s = new WallClockSample();
            s.sampledThread = Thread.currentThread();
            s.state = "STATE_RUNNABLE";
            s.samples = 1;
            s.commit();
        } else if ((depth + i) % 3 == 0) {
            left(depth - 1, i);
        } else {
            right(depth - 1, i);
        }
    }

    static void left(int depth, int i) {
        descend(depth, i);
    }

    static void right(int depth, int i) {
        descend(depth, i);
    }
}
