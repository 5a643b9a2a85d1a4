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
 * Weaves {@code OmpNestLock}: init, the first acquisition around {@code acquireFirst}, the next level after
 * {@code set}, the previous level and the last release as {@code unset} and {@code releaseLast} start,
 * destroy, and {@code test}. Releases are reported while the thread still holds the lock: once it is free,
 * the next holder may report its acquisition, and {@code nesting} is the next holder's count.
 */
final class OmpNestLockWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.OmpNestLock";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(
                MethodWeaving.constructor().withParameters(1).exit(call(MutexHooks.class, "lockInit", constant(1), LOCK_ID, LOCK_HINT)),
                method("acquireFirst").enter(call(MutexHooks.class, "lockAcquire", constant(1), LOCK_HINT)
                                .keep())
                        .exitAlways(call(MutexHooks.class, "lockAcquired", thrown(), entered(), constant(1), LOCK_ID)),
                method("releaseLast").enter(call(MutexHooks.class, "lockRelease", LOCK_OWNED, constant(1), LOCK_ID)),
                method("destroy").exit(call(MutexHooks.class, "lockDestroy", LOCK_ID)),
                method("set").exit(call(MutexHooks.class, "nestLockSet", LOCK_ID, field("nesting"))),
                method("unset").enter(call(MutexHooks.class, "nestLockUnset", LOCK_OWNED, LOCK_ID, field("nesting"))),
                method("test").exit(call(MutexHooks.class, "nestLockTested", returned(), LOCK_ID)));
    }
}
