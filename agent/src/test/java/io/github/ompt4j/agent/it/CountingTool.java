package io.github.ompt4j.agent.it;

import io.github.ompt4j.model.OmptApi;
import io.github.ompt4j.model.OmptCallback;
import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptLookup;
import io.github.ompt4j.model.OmptTool;
import java.util.concurrent.atomic.LongAdder;

/** A tool that counts regions and tasks and prints the counts at shutdown: for runs too big to print. */
public final class CountingTool implements OmptTool {
    private final LongAdder parallelBegin = new LongAdder();
    private final LongAdder parallelEnd = new LongAdder();
    private final LongAdder taskBegin = new LongAdder();
    private final LongAdder taskEnd = new LongAdder();

    @Override
    public void initialize(OmptLookup lookup, String runtimeVersion, int omptVersion) {
        OmptApi.SetCallback set = (OmptApi.SetCallback) lookup.lookup("ompt_set_callback");
        set.setCallback(OmptEvent.PARALLEL_BEGIN, (OmptCallback.ParallelBegin) (p, f, id, n, c, i) -> parallelBegin.increment());
        set.setCallback(OmptEvent.PARALLEL_END, (OmptCallback.ParallelEnd) (id, t, i, c) -> parallelEnd.increment());
        set.setCallback(OmptEvent.TASK_BEGIN, (OmptCallback.TaskBegin) (p, f, id, flags, c) -> taskBegin.increment());
        set.setCallback(OmptEvent.TASK_END, (OmptCallback.Task) id -> taskEnd.increment());
        set.setCallback(OmptEvent.RUNTIME_SHUTDOWN, (OmptCallback.Shutdown) () -> System.out.println(
                "counts parallel_begin=" + parallelBegin.sum() + " parallel_end=" + parallelEnd.sum() + " task_begin="
                        + taskBegin.sum() + " task_end=" + taskEnd.sum()));
    }
}
