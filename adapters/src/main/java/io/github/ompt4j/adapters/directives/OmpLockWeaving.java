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
 * Weaves {@code OmpLock}: init, acquire and acquired around {@code acquire}, released as {@code release}
 * starts if the thread holds the lock (before the next holder can take it, so that tools see one holder at
 * a time; a thread that does not hold it gets an exception instead), destroy, and a successful {@code test}
 * as an acquisition without a wait.
 */
final class OmpLockWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.OmpLock";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(
                MethodWeaving.constructor().withParameters(1).exit(call(MutexHooks.class, "lockInit", constant(0), LOCK_ID, LOCK_HINT)),
                method("acquire").enter(call(MutexHooks.class, "lockAcquire", constant(0), LOCK_HINT)
                                .keep())
                        .exitAlways(call(MutexHooks.class, "lockAcquired", thrown(), entered(), constant(0), LOCK_ID)),
                method("release").enter(call(MutexHooks.class, "lockRelease", LOCK_OWNED, constant(0), LOCK_ID)),
                method("destroy").exit(call(MutexHooks.class, "lockDestroy", LOCK_ID)),
                method("test").exit(call(MutexHooks.class, "lockTested", returned(), LOCK_ID)));
    }
}
