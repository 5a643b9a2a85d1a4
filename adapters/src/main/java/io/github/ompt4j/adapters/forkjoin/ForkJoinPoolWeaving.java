package io.github.ompt4j.adapters.forkjoin;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.arg;
import static io.github.ompt4j.adapters.weave.Value.entered;
import static io.github.ompt4j.adapters.weave.Value.returned;
import static io.github.ompt4j.adapters.weave.Value.self;
import static io.github.ompt4j.adapters.weave.Value.thrown;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.forkjoin.PoolHooks;
import java.util.List;

/**
 * Weaves {@code ForkJoinPool}: worker begin and end around {@code runWorker}, idle around
 * {@code awaitWork}, and submissions at the method every public submission goes through: the private
 * {@code externalSubmit(task)} on JDK 17, {@code poolSubmit(signal, task)} on 21 and later (whose public
 * {@code externalSubmit} bypasses it, so both are woven where they exist); a submission that throws was
 * rejected. Tasks taken out of the pool unrun ({@code pollSubmission}, {@code drainTasksTo}) are withdrawn.
 */
final class ForkJoinPoolWeaving implements TypeWeaving {
    private static final Class<?> HOOKS = PoolHooks.class;

    @Override
    public String typeName() {
        return "java.util.concurrent.ForkJoinPool";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(
                method("runWorker").withParameters(1).enter(call(HOOKS, "workerBegin").keep())
                        .exitAlways(call(HOOKS, "workerEnd", entered())),
                method("awaitWork").enter(call(HOOKS, "idleBegin").keep())
                        .exitAlways(call(HOOKS, "idleEnd", entered())),
                method("externalSubmit").withParameters(1).optional().enter(call(HOOKS, "submit", self(), arg(0)).keep())
                        .exitAlways(call(HOOKS, "submitEnd", entered(), thrown(), arg(0))),
                method("poolSubmit").withParameters(2).optional().enter(call(HOOKS, "submit", self(), arg(1)).keep())
                        .exitAlways(call(HOOKS, "submitEnd", entered(), thrown(), arg(1))),
                method("pollSubmission").withParameters(0).exit(call(HOOKS, "polled", returned())),
                method("drainTasksTo").withParameters(1).exit(call(HOOKS, "drained", returned(), arg(0))));
    }
}
