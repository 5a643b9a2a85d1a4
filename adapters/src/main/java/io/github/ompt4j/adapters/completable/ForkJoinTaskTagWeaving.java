package io.github.ompt4j.adapters.completable;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.returned;
import static io.github.ompt4j.adapters.weave.Value.self;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.completable.CompletableHooks;
import java.util.List;

/**
 * Weaves {@code ForkJoinTask.compareAndSetForkJoinTaskTag} for this adapter (the {@code forkjoin} adapter weaves the
 * type for its own hooks): a dependent stage's {@code claim} makes it, and only the thread whose compare-and-set
 * succeeds hands the stage over, so the stage's task is created there, between that claim and the executor.
 */
final class ForkJoinTaskTagWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.util.concurrent.ForkJoinTask";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(method("compareAndSetForkJoinTaskTag").withParameters(2)
                .exit(call(CompletableHooks.class, "tagged", returned(), self())));
    }
}
