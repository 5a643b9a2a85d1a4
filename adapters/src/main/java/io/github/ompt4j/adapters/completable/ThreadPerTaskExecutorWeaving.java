package io.github.ompt4j.adapters.completable;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.arg;
import static io.github.ompt4j.adapters.weave.Value.thrown;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.completable.CompletableHooks;
import java.util.List;

/**
 * Weaves {@code CompletableFuture$ThreadPerTaskExecutor.execute}: on JDK 17 and 21, with a common pool of
 * parallelism 1, the default executor of async stages starts a thread per stage. JDK 25 has no such class.
 */
final class ThreadPerTaskExecutorWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.util.concurrent.CompletableFuture$ThreadPerTaskExecutor";
    }

    @Override
    public boolean optional() {
        return true;
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(method("execute").withParameters(1).enter(call(CompletableHooks.class, "executing", arg(0)))
                .exitAlways(call(CompletableHooks.class, "executed", thrown(), arg(0))));
    }
}
