package io.github.ompt4j.benchmarks.jfr;

import io.github.ompt4j.jfr.events.ControlEvent;
import io.github.ompt4j.jfr.events.DispatchEvent;
import io.github.ompt4j.jfr.events.IdleEvent;
import io.github.ompt4j.jfr.events.ImplicitTaskEvent;
import io.github.ompt4j.jfr.events.InitialTaskEvent;
import io.github.ompt4j.jfr.events.LockDestroyEvent;
import io.github.ompt4j.jfr.events.LockInitEvent;
import io.github.ompt4j.jfr.events.MasterEvent;
import io.github.ompt4j.jfr.events.MutexAcquireEvent;
import io.github.ompt4j.jfr.events.MutexHeldEvent;
import io.github.ompt4j.jfr.events.OmptEventTypes;
import io.github.ompt4j.jfr.events.ParallelRegionEvent;
import io.github.ompt4j.jfr.events.SyncRegionEvent;
import io.github.ompt4j.jfr.events.SyncRegionWaitEvent;
import io.github.ompt4j.jfr.events.TaskCreateEvent;
import io.github.ompt4j.jfr.events.TaskDependenceEvent;
import io.github.ompt4j.jfr.events.TaskEvent;
import io.github.ompt4j.jfr.events.ThreadBeginEvent;
import io.github.ompt4j.jfr.events.ThreadEndEvent;
import io.github.ompt4j.jfr.events.ThreadStateEvent;
import io.github.ompt4j.jfr.events.WorkEvent;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import jdk.jfr.Event;
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
 * The cost of committing each event type the way {@code JfrTool} does: a span reuses its event object
 * ({@code isEnabled}, {@code begin}, fields, {@code end}, {@code commit}); an instant is a new object per
 * commit. {@code recording}: {@code off} (no recording: the {@code isEnabled} guard alone), {@code on}
 * (every type on, threshold 0, no stack traces) or {@code stack} (the same with stack traces, the price of
 * the region's stack). Run with {@code -prof gc} for the allocation per commit.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class EventCommitBenchmark {
    @Param({"off", "on", "stack"})
    public String recording;

    private Recording jfr;
    private final ParallelRegionEvent region = new ParallelRegionEvent();
    private final ImplicitTaskEvent implicitTask = new ImplicitTaskEvent();
    private final TaskEvent task = new TaskEvent();
    private final SyncRegionEvent sync = new SyncRegionEvent();
    private final SyncRegionWaitEvent syncWait = new SyncRegionWaitEvent();
    private final MutexAcquireEvent acquire = new MutexAcquireEvent();
    private final MutexHeldEvent held = new MutexHeldEvent();
    private final WorkEvent work = new WorkEvent();
    private final DispatchEvent chunk = new DispatchEvent();
    private final MasterEvent master = new MasterEvent();
    private final IdleEvent idle = new IdleEvent();
    private final String kind = "barrier_implicit_parallel";
    private final String site = "com.example.Solver.solve(Solver.java:42)";
    private long id = 1 << 16;

    @Setup(Level.Trial)
    public void startRecording() {
        if (recording.equals("off")) {
            return;
        }
        jfr = new Recording();
        for (Class<? extends Event> type : OmptEventTypes.ALL) {
            jfr.enable(type).withThreshold(Duration.ZERO).with("stackTrace", Boolean.toString(recording.equals("stack")));
        }
        jfr.setToDisk(true);
        jfr.setMaxSize(64L * 1024 * 1024);
        jfr.start();
    }

    @TearDown(Level.Trial)
    public void stopRecording() {
        if (jfr != null) {
            jfr.close();
        }
    }

    @Benchmark
    public void parallelRegion() {
        ParallelRegionEvent e = region;
        if (e.isEnabled()) {
            e.begin();
            e.parallelId = ++id;
            e.encounteringTaskId = 7;
            e.requestedTeamSize = 2;
            e.teamSize = 2;
            e.invoker = "program";
            e.callSite = site;
            e.end();
            e.commit();
        }
    }

    @Benchmark
    public void implicitTask() {
        ImplicitTaskEvent e = implicitTask;
        if (e.isEnabled()) {
            e.begin();
            e.parallelId = ++id;
            e.taskId = id;
            e.teamSize = 2;
            e.threadNum = 1;
            e.end();
            e.commit();
        }
    }

    @Benchmark
    public void task() {
        TaskEvent e = task;
        if (e.isEnabled()) {
            e.begin();
            e.taskId = ++id;
            e.parentTaskId = 7;
            e.parallelId = 5;
            e.end();
            e.commit();
        }
    }

    @Benchmark
    public void syncRegion() {
        SyncRegionEvent e = sync;
        if (e.isEnabled()) {
            e.begin();
            e.kind = kind;
            e.parallelId = ++id;
            e.taskId = 7;
            e.callSite = site;
            e.end();
            e.commit();
        }
    }

    @Benchmark
    public void syncRegionWait() {
        SyncRegionWaitEvent e = syncWait;
        if (e.isEnabled()) {
            e.begin();
            e.kind = kind;
            e.parallelId = ++id;
            e.taskId = 7;
            e.waitId = id;
            e.callSite = site;
            e.end();
            e.commit();
        }
    }

    @Benchmark
    public void mutexAcquire() {
        MutexAcquireEvent e = acquire;
        if (e.isEnabled()) {
            e.begin();
            e.kind = "lock";
            e.waitId = ++id;
            e.implementation = "omp_lock";
            e.hint = 0;
            e.callSite = site;
            e.end();
            e.commit();
        }
    }

    @Benchmark
    public void mutexHeld() {
        MutexHeldEvent e = held;
        if (e.isEnabled()) {
            e.begin();
            e.kind = "lock";
            e.waitId = ++id;
            e.callSite = site;
            e.end();
            e.commit();
        }
    }

    @Benchmark
    public void work() {
        WorkEvent e = work;
        if (e.isEnabled()) {
            e.begin();
            e.type = "loop_dynamic";
            e.parallelId = ++id;
            e.taskId = 7;
            e.count = 1000;
            e.callSite = site;
            e.end();
            e.commit();
        }
    }

    @Benchmark
    public void dispatch() {
        DispatchEvent e = chunk;
        if (e.isEnabled()) {
            e.begin();
            e.type = "loop_dynamic";
            e.parallelId = ++id;
            e.taskId = 7;
            e.first = id;
            e.count = 16;
            e.end();
            e.commit();
        }
    }

    @Benchmark
    public void master() {
        MasterEvent e = master;
        if (e.isEnabled()) {
            e.begin();
            e.parallelId = ++id;
            e.taskId = 7;
            e.callSite = site;
            e.end();
            e.commit();
        }
    }

    @Benchmark
    public void idle() {
        IdleEvent e = idle;
        if (e.isEnabled()) {
            e.begin();
            e.ompThreadId = 2;
            e.end();
            e.commit();
        }
    }

    @Benchmark
    public void taskCreate() {
        TaskCreateEvent e = new TaskCreateEvent();
        if (e.isEnabled()) {
            e.taskId = ++id;
            e.parentTaskId = 7;
            e.flags = "untied";
            e.callSite = site;
            e.commit();
        }
    }

    @Benchmark
    public void taskDependence() {
        TaskDependenceEvent e = new TaskDependenceEvent();
        if (e.isEnabled()) {
            e.predecessorTaskId = ++id;
            e.successorTaskId = id + 1;
            e.commit();
        }
    }

    @Benchmark
    public void initialTask() {
        InitialTaskEvent e = new InitialTaskEvent();
        if (e.isEnabled()) {
            e.taskId = ++id;
            e.commit();
        }
    }

    @Benchmark
    public void lockInit() {
        LockInitEvent e = new LockInitEvent();
        if (e.isEnabled()) {
            e.kind = "lock";
            e.waitId = ++id;
            e.implementation = "omp_lock";
            e.hint = 0;
            e.callSite = site;
            e.commit();
        }
    }

    @Benchmark
    public void lockDestroy() {
        LockDestroyEvent e = new LockDestroyEvent();
        if (e.isEnabled()) {
            e.waitId = ++id;
            e.callSite = site;
            e.commit();
        }
    }

    @Benchmark
    public void threadBegin() {
        ThreadBeginEvent e = new ThreadBeginEvent();
        if (e.isEnabled()) {
            e.threadType = "worker";
            e.ompThreadId = ++id;
            e.commit();
        }
    }

    @Benchmark
    public void threadEnd() {
        ThreadEndEvent e = new ThreadEndEvent();
        if (e.isEnabled()) {
            e.threadType = "worker";
            e.ompThreadId = ++id;
            e.commit();
        }
    }

    @Benchmark
    public void control() {
        ControlEvent e = new ControlEvent();
        if (e.isEnabled()) {
            e.commandName = "tool_specific";
            e.command = 64;
            e.modifier = ++id;
            e.commit();
        }
    }

    @Benchmark
    public void threadState() {
        ThreadStateEvent e = new ThreadStateEvent();
        if (e.isEnabled()) {
            e.thread = Thread.currentThread();
            e.ompThreadId = 1;
            e.state = "work_parallel";
            e.waitId = 0;
            e.parallelId = ++id;
            e.taskId = 7;
            e.commit();
        }
    }
}
