package io.github.ompt4j.adapters.directives;

import static io.github.ompt4j.adapters.directives.Library.*;
import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.*;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import java.util.List;

/** Weaves {@code OmpNestLock}: init, the first acquisition around {@code acquireFirst}, the last release after {@code releaseLast}, destroy, the next and previous levels after {@code set} and {@code unset}, and {@code test}. */
final class OmpNestLockWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.OmpNestLock";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(
                MethodWeaving.constructor().withParameters(1).exit(call(HOOKS, "lockInit", constant(1), LOCK_ID, LOCK_HINT)),
                method("acquireFirst").enter(call(HOOKS, "lockAcquire", constant(1), LOCK_ID, LOCK_HINT, LOCK_HELD)
                                .keep())
                        .exitAlways(call(HOOKS, "lockAcquired", thrown(), entered(), constant(1), LOCK_ID)),
                method("releaseLast").exit(call(HOOKS, "lockReleased", constant(1), LOCK_ID)),
                method("destroy").exit(call(HOOKS, "lockDestroy", LOCK_ID)),
                method("set").exit(call(HOOKS, "nestLockSet", LOCK_ID, field("nesting"))),
                method("unset").exit(call(HOOKS, "nestLockUnset", LOCK_ID, field("nesting"))),
                method("test").exit(call(HOOKS, "nestLockTested", returned(), LOCK_ID)));
    }
}
