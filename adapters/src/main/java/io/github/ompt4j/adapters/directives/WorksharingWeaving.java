package io.github.ompt4j.adapters.directives;

import static io.github.ompt4j.adapters.directives.Library.*;
import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.*;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.directives.WorksharingHooks;
import java.util.List;

/** Weaves {@code Worksharing}: single begin (executor or other) as {@code singleEnter} returns, single end as {@code singleExit} starts, or as {@code singleFailed} does when the construct failed. */
final class WorksharingWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.Worksharing";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(
                method("singleEnter").exit(call(WorksharingHooks.class, "singleBegin", returned())),
                method("singleExit").enter(call(WorksharingHooks.class, "singleEnd", arg(1))),
                method("singleFailed").enter(call(WorksharingHooks.class, "singleEnd", arg(1))));
    }
}
