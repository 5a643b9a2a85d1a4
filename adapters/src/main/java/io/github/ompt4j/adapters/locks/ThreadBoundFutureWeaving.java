package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.constructor;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.field;
import static io.github.ompt4j.adapters.weave.Value.self;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.locks.ThreadPerTaskHooks;
import java.util.List;

/**
 * Weaves {@code ThreadPerTaskExecutor$ThreadBoundFuture} (JDK 21 and later), the future {@code submit} returns, which
 * makes its thread as it is made (its {@code thread} field) and is what that thread runs: a {@code FutureTask} on
 * JDK 25, a {@code CompletableFuture} on 21 ({@link ThreadPerTaskHooks}).
 */
final class ThreadBoundFutureWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.util.concurrent.ThreadPerTaskExecutor$ThreadBoundFuture";
    }

    @Override
    public boolean optional() {
        return true;
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(constructor().exit(call(ThreadPerTaskHooks.class, "futureMade", self(), field("thread"))),
                method("run").withParameters(0).enter(call(ThreadPerTaskHooks.class, "runs")));
    }
}
