package io.github.ompt4j.adapters.directives;

import static io.github.ompt4j.adapters.directives.Library.*;
import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.*;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.directives.SyncRegionHooks;
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
                method("taskwait").enter(call(SyncRegionHooks.class, "taskwaitBegin").keep())
                        .exitAlways(call(SyncRegionHooks.class, "taskwaitEnd", entered())),
                method("taskgroup").enter(call(SyncRegionHooks.class, "taskgroupBegin").keep())
                        .exitAlways(call(SyncRegionHooks.class, "syncRegionEnd", entered())),
                method("taskgroupEnd").enter(call(SyncRegionHooks.class, "taskgroupWaitBegin").keep())
                        .exitAlways(call(SyncRegionHooks.class, "syncWaitEnd", entered())));
    }
}
