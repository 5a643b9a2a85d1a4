package io.github.ompt4j.adapters.completable;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.entered;
import static io.github.ompt4j.adapters.weave.Value.field;
import static io.github.ompt4j.adapters.weave.Value.self;
import static io.github.ompt4j.adapters.weave.Value.thrown;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.completable.CompletableHooks;
import java.util.List;

/**
 * Weaves {@code CompletableFuture$UniCompletion.claim()}, where the thread that completed a stage's source
 * claims the dependent stage and, when the stage has an executor ({@code *Async}) and its claim wins (see
 * {@link ForkJoinTaskTagWeaving}), hands it over: the dependent stage's task is created there, its parent being
 * the task that thread runs, and withdrawn if the executor refuses it.
 */
final class UniCompletionWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.util.concurrent.CompletableFuture$UniCompletion";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(method("claim").withParameters(0)
                .enter(call(CompletableHooks.class, "claiming", self(), field("executor")).keep())
                .exitAlways(call(CompletableHooks.class, "claimed", entered(), thrown(), self())));
    }
}
