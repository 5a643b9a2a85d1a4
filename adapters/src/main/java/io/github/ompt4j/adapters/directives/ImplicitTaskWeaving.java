package io.github.ompt4j.adapters.directives;

import static io.github.ompt4j.adapters.directives.Library.*;
import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.*;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.directives.RegionHooks;
import java.util.List;

/** Weaves {@code ImplicitTask}: implicit task begin and end around {@code run}, which includes the closing barrier. */
final class ImplicitTaskWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.ImplicitTask";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(
                method("run").enter(call(RegionHooks.class, "implicitTaskBegin", inheritedField("team", "L" + TEAM + ";").get(TEAM, TOOL_DATA, OBJECT),
                        field("tid")).keep()).exitAlways(call(RegionHooks.class, "implicitTaskEnd", entered())));
    }
}
