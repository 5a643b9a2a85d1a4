package io.github.ompt4j.adapters.directives;

import static io.github.ompt4j.adapters.directives.Library.*;
import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.*;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.directives.TaskHooks;
import java.util.List;

/** Weaves {@code Dependences}: a task's dependences as {@code register(task, in, out)} starts. */
final class DependencesWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.Dependences";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(
                method("register").enter(call(TaskHooks.class, "taskDependences", arg(0).get(EXPLICIT_TASK, TOOL_DATA, OBJECT),
                        arg(1), arg(2))));
    }
}
