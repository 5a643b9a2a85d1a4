package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.entered;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.locks.ExecutorHooks;
import java.util.List;

/**
 * Weaves {@code ExecutorCompletionService.take} and its timed {@code poll} (the same on JDK 17, 21 and 25; the
 * executors' {@code invokeAny} waits in one too): a wait for tasks to complete, a taskwait once the thread waits on
 * the completion queue's condition, whose locks are the service's ({@link ExecutorHooks}).
 */
final class ExecutorCompletionServiceWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.util.concurrent.ExecutorCompletionService";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(awaiting("take", 0), awaiting("poll", 2));
    }

    private static MethodWeaving awaiting(String name, int parameters) {
        return method(name).withParameters(parameters).enter(call(ExecutorHooks.class, "awaitingCompletion").keep())
                .exitAlways(call(ExecutorHooks.class, "left", entered()));
    }
}
