package io.github.ompt4j.hooks.streams;

import io.github.ompt4j.hooks.AdapterHealth;
import io.github.ompt4j.hooks.forkjoin.ForkJoin;
import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptParallel;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import io.github.ompt4j.model.OmptThreads;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.stream.BaseStream;

/**
 * The hooks of parallel streams. A terminal operation of a parallel pipeline
 * ({@code AbstractPipeline.evaluate}, {@code evaluateToArrayNode}, which also run the parallel stateful
 * stages such as {@code sorted} before it) is a region of the pool the stream runs in (the common pool,
 * or the pool of the worker that evaluates it), whose member 0 is the calling thread: it runs the root
 * task itself, and the tasks it forks are the region's. A stream evaluated inside a task is a nested
 * region. The call site is found by a stack walk (pipeline classes say nothing of the caller), only when
 * a tool takes call sites.
 *
 * <p>JDK 24+ gatherers ({@code Stream.gather}) evaluate through their own path
 * ({@code GathererOp.collect}), which is not woven: their tasks run outside any region and are not
 * reported.
 */
public final class StreamHooks {
    static final AdapterHealth HEALTH = AdapterHealth.of("streams");

    private StreamHooks() {
    }

    /** A pipeline's terminal evaluation starts: the region begun, or null for a sequential stream. */
    public static Object evaluateBegin(Object pipeline) {
        if (HEALTH.active() && ((BaseStream<?, ?>) pipeline).isParallel()) {
            OmptThread t = OmptThreads.current();
            if (t == null) {
                t = OmptRuntime.threadBegin(OmptThreadType.INITIAL);
            } else if (t.inTool()) {
                return null;
            }
            Thread me = Thread.currentThread();
            int parallelism = me instanceof ForkJoinWorkerThread ? ((ForkJoinWorkerThread) me).getPool().getParallelism()
                    : ForkJoinPool.getCommonPoolParallelism();
            return ForkJoin.joinedRegionBegin(t, parallelism, ForkJoin.submitter(OmptEvent.PARALLEL_BEGIN));
        }
        return null;
    }

    public static void evaluateEnd(Object region) {
        if (region != null && HEALTH.enabled()) {
            ForkJoin.joinedRegionEnd((OmptParallel) region);
        }
    }
}
