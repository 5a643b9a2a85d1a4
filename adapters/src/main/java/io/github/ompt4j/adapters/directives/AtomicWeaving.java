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
 * Weaves {@code Atomic}: acquire and acquired around {@code enter}, released as {@code exit} starts (before
 * the next holder can take the mutex, so that tools see one holder at a time); the mutex is the class's
 * {@code MUTEX}.
 */
final class AtomicWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.Atomic";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(
                method("enter").enter(call(MutexHooks.class, "atomicAcquire").keep())
                        .exitAlways(call(MutexHooks.class, "atomicAcquired", thrown(), entered(), ATOMIC_ID)),
                method("exit").enter(call(MutexHooks.class, "atomicReleased", ATOMIC_ID)));
    }
}
