package io.github.ompt4j.adapters.directives;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.field;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.directives.MutexHooks;
import java.util.List;

/**
 * Weaves {@code Mutex}, under every lock, critical and atomic construct: its slow path {@code spinFor}, which a
 * thread enters only when the compare-and-set of its fast path failed, is where the acquisition in progress
 * blocks, and where it learns the mutex's ID (its wait ID). Nothing reads the mutex before that compare-and-set,
 * not even its ID, which shares the lock word's cache line: the agent adds no access to the line the other
 * threads contend for ahead of the compare-and-set.
 */
final class MutexWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.Mutex";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(method("spinFor").enter(call(MutexHooks.class, "blocked", field("id"))));
    }
}
