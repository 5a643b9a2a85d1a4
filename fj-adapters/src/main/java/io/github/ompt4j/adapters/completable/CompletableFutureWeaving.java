package io.github.ompt4j.adapters.completable;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.entered;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.forkjoin.CompletableHooks;
import java.util.List;

/**
 * Weaves {@code CompletableFuture}'s waits: {@code get()} and {@code join()} call {@code waitingGet} only when
 * the future has no result yet, {@code get(timeout, unit)} calls {@code timedGet}; each is a taskwait.
 */
final class CompletableFutureWeaving implements TypeWeaving {
    private static final Class<?> HOOKS = CompletableHooks.class;

    @Override
    public String typeName() {
        return "java.util.concurrent.CompletableFuture";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(
                method("waitingGet").withParameters(1).enter(call(HOOKS, "waitBegin").keep())
                        .exitAlways(call(HOOKS, "waitEnd", entered())),
                method("timedGet").withParameters(1).enter(call(HOOKS, "waitBegin").keep())
                        .exitAlways(call(HOOKS, "waitEnd", entered())));
    }
}
