package io.github.ompt4j.benchmarks.model;

import io.github.ompt4j.model.Ompt;
import io.github.ompt4j.model.OmptApi;
import io.github.ompt4j.model.OmptCallback;
import io.github.ompt4j.model.OmptDispatch;
import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptLookup;
import io.github.ompt4j.model.OmptSyncRegionKind;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import io.github.ompt4j.model.OmptThreads;
import io.github.ompt4j.model.OmptTool;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
 * Delivering {@code barrier_begin} (a sync-region event, the commonest shape) with no tool and with one
 * tool whose callback does next to nothing. Each parameter value runs in its own
 * fork, because the callback table is global.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class DispatchBenchmark {
    @Param({"none", "noop"})
    public String tool;

    private OmptThread thread;

    @Setup(Level.Trial)
    public void setUp() {
        if (tool.equals("noop")) {
            Ompt.start(List.of(new NoopTool()));
        }
        thread = OmptThreads.currentOrAttach(OmptThreadType.OTHER);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        OmptThreads.detach();
    }

    @Benchmark
    public void barrierBegin() {
        OmptDispatch.syncRegion(thread, OmptEvent.BARRIER_BEGIN, OmptSyncRegionKind.BARRIER_EXPLICIT, 17, 42, 0);
    }

    /** Registers {@code barrier_begin} with a callback that only folds its IDs into a plain field. */
    static final class NoopTool implements OmptTool {
        /** A plain (not volatile) field: the JIT cannot drop the store, and it costs no fence. */
        static long sink;

        @Override
        public void initialize(OmptLookup lookup, String runtimeVersion, int omptVersion) {
            OmptApi.SetCallback set = (OmptApi.SetCallback) lookup.lookup("ompt_set_callback");
            set.setCallback(OmptEvent.BARRIER_BEGIN, (OmptCallback.SyncRegion) (kind, parallel, task, codeptr) -> {
                sink += parallel ^ task;
            });
        }
    }
}
