package io.github.ompt4j.adapters.directives;

import static io.github.ompt4j.adapters.directives.Library.*;
import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.*;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.directives.RegionHooks;
import java.util.List;

/** Weaves {@code Team}: parallel begin as {@code begin} starts (on the master, before any worker is released, so that workers find the region in the team's tool slot), parallel end after {@code join}. */
final class TeamWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.Team";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(
                method("begin").enter(call(RegionHooks.class, "parallelBegin", arg(1), arg(2)).storeIn(TOOL_DATA)),
                method("join").exitAlways(call(RegionHooks.class, "parallelEnd", field(TOOL_DATA)).storeIn(TOOL_DATA)));
    }
}
