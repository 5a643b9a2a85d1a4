package io.github.ompt4j.adapters.directives;

import static io.github.ompt4j.adapters.directives.Library.*;
import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.*;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.directives.WorksharingHooks;
import java.util.List;

/** Weaves {@code Masked}: master begin and end around {@code run}. */
final class MaskedWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.Masked";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(
                method("run").enter(call(WorksharingHooks.class, "masterBegin").keep()).exitAlways(call(WorksharingHooks.class, "masterEnd", entered())));
    }
}
