package io.github.ompt4j.adapters.completable;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.constructor;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.entered;
import static io.github.ompt4j.adapters.weave.Value.field;
import static io.github.ompt4j.adapters.weave.Value.self;

import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.completable.CompletableHooks;
import java.util.List;

/**
 * Weaves {@code CompletableFuture$AsyncSupply} or {@code $AsyncRun} ({@code supplyAsync}, {@code runAsync},
 * {@code completeAsync}): the task is created when the stage is constructed, right before its executor gets it,
 * with the stage's lambda ({@code fn}) for the call site, unless the executor delays it (see
 * {@link CompletableFutureWeaving}); {@code run()} is its execution on an executor that is not a pool.
 */
final class AsyncStageWeaving {
    /** {@code AsyncSupply} and {@code AsyncRun}, woven alike. */
    static final List<TypeWeaving> BOTH = TypeWeaving.each(
            List.of("java.util.concurrent.CompletableFuture$AsyncSupply", "java.util.concurrent.CompletableFuture$AsyncRun"),
            List.of(constructor().exit(call(CompletableHooks.class, "stageConstructed", self(), field("fn"))),
                    method("run").withParameters(0).enter(call(CompletableHooks.class, "runBegin", self()).keep())
                            .exitAlways(call(CompletableHooks.class, "runEnd", entered(), self()))));

    private AsyncStageWeaving() {
    }
}
