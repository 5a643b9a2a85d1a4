package io.github.ompt4j.adapters.directives;

import static io.github.ompt4j.adapters.directives.Library.*;
import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.*;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
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
                method("enter").enter(call(HOOKS, "orderedAcquire").keep())
                        .exitAlways(call(HOOKS, "orderedAcquired", thrown(), entered())),
                method("exit").enter(call(HOOKS, "orderedReleased")));
    }
}
