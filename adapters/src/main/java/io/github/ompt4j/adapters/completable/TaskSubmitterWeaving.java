package io.github.ompt4j.adapters.completable;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.entered;
import static io.github.ompt4j.adapters.weave.Value.field;
import static io.github.ompt4j.adapters.weave.Value.thrown;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.completable.CompletableHooks;
import java.util.List;

/**
 * Weaves {@code CompletableFuture$TaskSubmitter.run}, which a {@code delayedExecutor} schedules: once the delay has
 * elapsed it hands the stage ({@code action}) to the executor behind, and only then is the stage's task created
 * (withdrawn if that executor refuses it).
 */
final class TaskSubmitterWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.util.concurrent.CompletableFuture$TaskSubmitter";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(method("run").withParameters(0)
                .enter(call(CompletableHooks.class, "submitting", field("action")).keep())
                .exitAlways(call(CompletableHooks.class, "submitted", entered(), thrown())));
    }
}
