package io.github.ompt4j.adapters.completable;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.entered;
import static io.github.ompt4j.adapters.weave.Value.self;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.completable.CompletableHooks;
import java.util.List;

/**
 * Weaves {@code CompletableFuture$Completion}: {@code run()} is a dependent async stage's execution on an
 * executor that is not a pool (a pool runs it through {@code doExec}).
 */
final class CompletionWeaving implements TypeWeaving {
    private static final Class<?> HOOKS = CompletableHooks.class;

    @Override
    public String typeName() {
        return "java.util.concurrent.CompletableFuture$Completion";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(method("run").withParameters(0).enter(call(HOOKS, "runBegin", self()).keep())
                .exitAlways(call(HOOKS, "runEnd", entered(), self())));
    }
}
