package io.github.ompt4j.adapters.directives;

import static io.github.ompt4j.adapters.directives.Library.*;
import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.*;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.directives.MutexHooks;
import java.util.List;

/**
 * Weaves {@code Ordered}: acquire and acquired around {@code enter}, released as {@code exit} starts
 * (before the next iteration's turn comes, so that tools see one holder at a time).
 */
final class OrderedWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.Ordered";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(
                method("enter").enter(call(MutexHooks.class, "orderedAcquire").keep())
                        .exitAlways(call(MutexHooks.class, "orderedAcquired", thrown(), entered())),
                method("exit").enter(call(MutexHooks.class, "orderedReleased")));
    }
}
