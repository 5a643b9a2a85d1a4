package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.entered;
import static io.github.ompt4j.adapters.weave.Value.returned;
import static io.github.ompt4j.adapters.weave.Value.self;
import static io.github.ompt4j.adapters.weave.Value.thrown;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.hooks.locks.LockHooks;

/** The weavings every lock type shares: an acquiring method, a releasing one. */
final class LockMethods {
    static final Class<?> HOOKS = LockHooks.class;

    private LockMethods() {
    }

    /** {@code name()} acquires: reported as it starts, acquired (or given up) as it returns or throws. */
    static MethodWeaving acquiring(String name) {
        return method(name).withParameters(0).enter(call(HOOKS, "acquireBegin", self()).keep())
                .exitAlways(call(HOOKS, "acquireEnd", thrown(), entered(), self()));
    }

    /**
     * The timed {@code name(long, TimeUnit)} acquires: reported as it starts, acquired as it returns
     * {@code true}, given up as it returns {@code false} (timed out) or throws (interrupted).
     */
    static MethodWeaving acquiringTimed(String name) {
        return method(name).withParameters(2).enter(call(HOOKS, "acquireBegin", self()).keep())
                .exitAlways(call(HOOKS, "acquireTimedEnd", returned(), thrown(), entered(), self()));
    }

    /** {@code name()} releases: reported as it returns. */
    static MethodWeaving releasing(String name) {
        return releasing(name, 0);
    }

    /** {@code name} with {@code parameters} parameters (a stamp) releases: reported as it returns. */
    static MethodWeaving releasing(String name, int parameters) {
        return method(name).withParameters(parameters).exit(call(HOOKS, "released", self()));
    }
}
