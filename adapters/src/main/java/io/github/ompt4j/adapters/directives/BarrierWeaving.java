package io.github.ompt4j.adapters.directives;

import static io.github.ompt4j.adapters.directives.Library.*;
import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.*;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.directives.SyncRegionHooks;
import java.util.List;

/** Weaves {@code Barrier}: the sync region around {@code await}, the wait around {@code waitForOthers}. */
final class BarrierWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.Barrier";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(
                method("await").enter(call(SyncRegionHooks.class, "barrierBegin", arg(1)).keep())
                        .exitAlways(call(SyncRegionHooks.class, "syncRegionEnd", entered())),
                method("waitForOthers").enter(call(SyncRegionHooks.class, "barrierWaitBegin").keep())
                        .exitAlways(call(SyncRegionHooks.class, "syncWaitEnd", entered())));
    }
}
