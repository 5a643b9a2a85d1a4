package io.github.ompt4j.adapters.directives;

import static io.github.ompt4j.adapters.directives.Library.*;
import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.*;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.directives.RegionHooks;
import java.util.List;

/** Weaves {@code Omp}: {@code controlTool} answers as {@code omp_control_tool} does when a tool is present. */
final class OmpWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.Omp";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(
                method("controlTool").exit(call(RegionHooks.class, "controlTool", returned(), arg(0), arg(1)).replaceReturn()));
    }
}
