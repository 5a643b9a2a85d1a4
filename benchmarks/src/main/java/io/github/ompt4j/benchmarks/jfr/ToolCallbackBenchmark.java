package io.github.ompt4j.benchmarks.jfr;

import io.github.ompt4j.benchmarks.model.OldGeneration;
import io.github.ompt4j.jfr.JfrSettings;
import io.github.ompt4j.jfr.JfrTool;
import io.github.ompt4j.model.Ompt;
import io.github.ompt4j.model.OmptInvoker;
import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptSyncRegionKind;
import io.github.ompt4j.model.OmptTask;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import io.github.ompt4j.model.OmptThreads;
import io.github.ompt4j.model.OmptWorkType;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import jdk.jfr.Recording;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Whole constructs as the runtime reports them to {@code JfrTool} with the default settings ({@code ompt.jfc}):
 * the model's bookkeeping, dispatch, the tool's span stacks and JFR's commits, without the adapter's
 * call-site walk (the adapter's own cost, see the README's agent numbers). {@code recording}: {@code none}
 * (the tool registered, no recording running: every callback stops at {@code isEnabled}), {@code default}
 * (a recording with the default settings) or {@code profile} (the settings of {@code profile=}, with the per-task
 * events on).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class ToolCallbackBenchmark {
    @Param({"none", "default", "profile"})
    public String recording;

    private Recording jfr;
    private OmptThread thread;
    private OmptParallel outer;

    @Setup(Level.Trial)
    public void setUp() {
        Map<String, String> settings = JfrSettings.resolve(recording.equals("profile") ? JfrSettings.PROFILE
                : JfrSettings.DEFAULT);
        Ompt.start(List.of(new JfrTool(settings)));
        if (!recording.equals("none")) {
            jfr = new Recording(settings);
            jfr.setToDisk(true);
            jfr.setMaxSize(64L * 1024 * 1024);
            jfr.start();
        }
        thread = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
        // Constructs below run inside one region, as in a program, so that tasks and IDs are a team's.
        outer = OmptRuntime.parallelBegin(thread, 1, 1, OmptInvoker.PROGRAM, 0);
        OmptRuntime.implicitTaskBegin(thread, outer, 0);
        OldGeneration.promote(); // the runtime's and the tool's data of the thread
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        OmptRuntime.implicitTaskEnd(thread);
        OmptRuntime.parallelEnd(thread, outer);
        OmptThreads.detach();
        if (jfr != null) {
            jfr.close();
        }
    }

    /** A nested region of one thread: region, implicit task, closing barrier without a wait. */
    @Benchmark
    public void region() {
        OmptParallel region = OmptRuntime.parallelBegin(thread, 1, 1, OmptInvoker.PROGRAM, 0);
        OmptRuntime.implicitTaskBegin(thread, region, 0);
        OmptRuntime.syncRegionBegin(thread, OmptSyncRegionKind.BARRIER_IMPLICIT_PARALLEL, 0);
        OmptRuntime.syncRegionEnd(thread);
        OmptRuntime.implicitTaskEnd(thread);
        OmptRuntime.parallelEnd(thread, region);
    }

    /** A barrier the thread waits at: the sync region and its wait. */
    @Benchmark
    public void barrierWithWait() {
        OmptRuntime.syncRegionBegin(thread, OmptSyncRegionKind.BARRIER_EXPLICIT, 0);
        OmptRuntime.syncWaitBegin(thread, outer.id());
        OmptRuntime.syncWaitEnd(thread);
        OmptRuntime.syncRegionEnd(thread);
    }

    /** A loop construct with one chunk (chunk events are off by default, the dispatch is not registered). */
    @Benchmark
    public void loop() {
        OmptRuntime.worksharingBegin(thread, OmptWorkType.LOOP_DYNAMIC, 64, 0);
        OmptRuntime.dispatch(thread, OmptWorkType.LOOP_DYNAMIC, 0, 64);
        OmptRuntime.worksharingEnd(thread, OmptWorkType.LOOP_DYNAMIC, 64);
    }

    /**
     * An explicit task of the region's, as a fork/join fork, run and join without a wait make it: created, claimed,
     * started and completed on one thread (a span shorter than the threshold, which JFR drops).
     */
    @Benchmark
    public void task() {
        OmptTask task = OmptRuntime.taskCreate(thread, 0, 0);
        task.claim();
        OmptRuntime.taskStart(thread, task);
        OmptRuntime.taskComplete(thread);
    }

    /** A worker's idle span between regions. */
    @Benchmark
    public void idle() {
        OmptRuntime.idleBegin(thread);
        OmptRuntime.idleEnd(thread);
        OmptRuntime.implicitTaskBegin(thread, outer, 0);
        OmptRuntime.implicitTaskEnd(thread);
    }
}
