package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.entered;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.locks.ExecutorHooks;
import java.util.List;

/**
 * Weaves {@code FutureTask.awaitDone}, where {@code get} waits for an executor's task that has not completed (the
 * same on JDK 17, 21 and 25): a taskwait ({@link ExecutorHooks}), as a {@code CompletableFuture}'s {@code get} is.
 */
final class FutureTaskWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.util.concurrent.FutureTask";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(method("awaitDone").withParameters(2).enter(call(ExecutorHooks.class, "futureWaits").keep())
                .exitAlways(call(ExecutorHooks.class, "futureWaited", entered())));
    }
}
