package io.github.ompt4j.adapters.directives;

import static io.github.ompt4j.adapters.directives.Library.*;
import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.*;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.directives.RegionHooks;
import java.util.List;

/** Weaves {@code Worker}: thread begin and end around {@code run}, idle begin and end around {@code idle}. */
final class WorkerWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.Worker";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(
                method("run").withParameters(0).enter(call(RegionHooks.class, "workerBegin").keep())
                        .exitAlways(call(RegionHooks.class, "workerEnd", entered())),
                method("idle").enter(call(RegionHooks.class, "idleBegin").keep()).exitAlways(call(RegionHooks.class, "idleEnd", entered())));
    }
}
