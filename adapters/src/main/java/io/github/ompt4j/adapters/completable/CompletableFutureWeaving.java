package io.github.ompt4j.adapters.completable;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.arg;
import static io.github.ompt4j.adapters.weave.Value.entered;
import static io.github.ompt4j.adapters.weave.Value.thrown;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.completable.CompletableHooks;
import java.util.List;

/**
 * Weaves {@code CompletableFuture}'s waits: {@code get()} and {@code join()} call {@code waitingGet} only when
 * the future has no result yet, {@code get(timeout, unit)} calls {@code timedGet}; each is a taskwait. And the
 * methods that construct a stage and hand it to an executor ({@code asyncSupplyStage}, {@code asyncRunStage},
 * {@code completeAsync}): a hand-over around the stage's construction, which tells it whether the executor delays
 * it, and whose end withdraws the stage if the executor refused it (threw).
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
                        .exitAlways(call(HOOKS, "waitEnd", entered())),
                handingOver("asyncSupplyStage", 0), handingOver("asyncRunStage", 0), handingOver("completeAsync", 1));
    }

    /** {@code name(..., executor, ...)}, with two parameters, the executor at {@code executor}, hands a stage over. */
    private static MethodWeaving handingOver(String name, int executor) {
        return method(name).withParameters(2).enter(call(HOOKS, "handingOver", arg(executor)).keep())
                .exitAlways(call(HOOKS, "handedOver", entered(), thrown()));
    }
}
