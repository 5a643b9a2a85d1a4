package io.github.ompt4j.adapters.directives;

import static io.github.ompt4j.adapters.directives.Library.*;
import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.*;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.directives.SyncRegionHooks;
import java.util.List;

/** Weaves {@code Reducer}: the reduction region around each {@code combine} (one per value type) and around {@code combineRegion}. */
final class ReducerWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.Reducer";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(
                method("combine").enter(call(SyncRegionHooks.class, "reductionBegin").keep())
                        .exitAlways(call(SyncRegionHooks.class, "syncRegionEnd", entered())),
                method("combineRegion").enter(call(SyncRegionHooks.class, "reductionBegin").keep())
                        .exitAlways(call(SyncRegionHooks.class, "syncRegionEnd", entered())));
    }
}
