package io.github.ompt4j.benchmarks.model;

import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptSyncRegionKind;
import io.github.ompt4j.model.OmptTask;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the runtime does for one explicit task once a tool listens, with no task callback registered (the default
 * recording): the task made with its ID, claimed, started (a switch to it) and completed (back to its parent),
 * on an initial thread. The task is the only object a task costs (its frame is made only when asked for). And
 * a taskwait begun and ended, as every join of a fork/join task reports: its sync region opened and closed.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class TaskEventsBenchmark {
    private OmptThread thread;

    @Setup(Level.Trial)
    public void begin() {
        thread = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
        OldGeneration.promote();
    }

    @TearDown(Level.Trial)
    public void end() {
        OmptRuntime.threadEnd(thread);
    }

    @Benchmark
    public void explicitTaskCreatedRunAndCompleted() {
        OmptThread t = thread;
        OmptTask task = OmptRuntime.taskCreate(t, 0, 0);
        task.claim();
        OmptRuntime.taskStart(t, task);
        OmptRuntime.taskComplete(t);
    }

    @Benchmark
    public void taskwaitBeganAndEnded() {
        OmptThread t = thread;
        OmptRuntime.syncRegionBegin(t, OmptSyncRegionKind.TASKWAIT, 0);
        OmptRuntime.syncRegionEnd(t);
    }
}
