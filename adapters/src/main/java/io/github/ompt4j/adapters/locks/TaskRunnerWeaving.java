package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.locks.ThreadPerTaskHooks;
import java.util.List;

/**
 * Weaves {@code ThreadPerTaskExecutor$TaskRunner.run} (JDK 21 and later), which a thread that {@code execute} (and
 * {@code invokeAny}) started runs around the program's code: its task starts ({@link ThreadPerTaskHooks}).
 */
final class TaskRunnerWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.util.concurrent.ThreadPerTaskExecutor$TaskRunner";
    }

    @Override
    public boolean optional() {
        return true;
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(method("run").withParameters(0).enter(call(ThreadPerTaskHooks.class, "runs")));
    }
}
