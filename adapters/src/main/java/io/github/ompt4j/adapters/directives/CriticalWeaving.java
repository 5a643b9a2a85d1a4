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
 * Weaves {@code Critical}: acquire and acquired around
 * {@code enter(mutex)}, released as {@code exit(mutex)} starts (before the next holder can take the mutex,
 * so that tools see one holder at a time).
 */
final class CriticalWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.Critical";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(
                method("enter").enter(call(MutexHooks.class, "criticalAcquire").keep())
                        .exitAlways(call(MutexHooks.class, "criticalAcquired", thrown(), entered(), arg(0).get(MUTEX, "id", "J"))),
                method("exit").enter(call(MutexHooks.class, "criticalReleased", arg(0).get(MUTEX, "id", "J"))));
    }
}
