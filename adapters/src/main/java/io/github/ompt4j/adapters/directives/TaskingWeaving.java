package io.github.ompt4j.adapters.directives;

import static io.github.ompt4j.adapters.directives.Library.*;
import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.*;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import java.util.List;

/** Weaves {@code Tasking}: the taskwait region and its wait around {@code taskwait}, the taskgroup region around {@code taskgroup}, and its wait around {@code taskgroupEnd}. */
final class TaskingWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.Tasking";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(
                method("taskwait").enter(call(HOOKS, "taskwaitBegin").keep())
                        .exitAlways(call(HOOKS, "taskwaitEnd", entered())),
                method("taskgroup").enter(call(HOOKS, "taskgroupBegin").keep())
                        .exitAlways(call(HOOKS, "syncRegionEnd", entered())),
                method("taskgroupEnd").enter(call(HOOKS, "taskgroupWaitBegin").keep())
                        .exitAlways(call(HOOKS, "syncWaitEnd", entered())));
    }
}
