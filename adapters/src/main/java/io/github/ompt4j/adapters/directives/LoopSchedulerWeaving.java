package io.github.ompt4j.adapters.directives;

import static io.github.ompt4j.adapters.directives.Library.*;
import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.*;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.directives.WorksharingHooks;
import java.util.List;

/**
 * Weaves {@code LoopScheduler}: worksharing begin after {@code begin}, a dispatch after each {@code nextChunk}
 * that took a chunk and as each chunk a loop computes inline ({@code dispatched}) starts, worksharing end as
 * {@code end} starts.
 */
final class LoopSchedulerWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.LoopScheduler";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(
                method("begin").exit(call(WorksharingHooks.class, "loopBegin", field("work"), SCHEDULE_CODE, field("count"))),
                method("nextChunk").exit(call(WorksharingHooks.class, "dispatch", returned(), field("work"), SCHEDULE_CODE,
                        field("chunkStart"), field("chunkEnd"))),
                method("dispatched").enter(call(WorksharingHooks.class, "dispatchedInline", field("work"), SCHEDULE_CODE, arg(0), arg(1))),
                method("end").enter(call(WorksharingHooks.class, "loopEnd", field("work"), SCHEDULE_CODE, field("count"))));
    }
}
