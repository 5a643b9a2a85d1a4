package io.github.ompt4j.adapters.directives;

import static io.github.ompt4j.adapters.directives.Library.*;
import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.*;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
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
                method("await").enter(call(HOOKS, "barrierBegin", arg(1)).keep())
                        .exitAlways(call(HOOKS, "syncRegionEnd", entered())),
                method("waitForOthers").enter(call(HOOKS, "barrierWaitBegin").keep())
                        .exitAlways(call(HOOKS, "syncWaitEnd", entered())));
    }
}
