package io.github.ompt4j.adapters.forkjoin;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.constructor;
import static io.github.ompt4j.adapters.weave.Value.arg;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.forkjoin.JoinHooks;
import java.util.List;

/**
 * Weaves {@code ForkJoinTask.Aux}, the node of a task's list of waiters and of its exception: a join that
 * makes one without an exception is about to block, the moment its deferred taskwait begins (see
 * {@link JoinHooks#awaitBegin}). JDK 17 helps and blocks in one {@code awaitDone}, so this node is the
 * only sign of the block there; JDK 17 to 25 make it the same way.
 */
final class JoinWaiterWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.util.concurrent.ForkJoinTask$Aux";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(constructor().withParameters(2).exit(call(JoinHooks.class, "waiterQueued", arg(1))));
    }
}
