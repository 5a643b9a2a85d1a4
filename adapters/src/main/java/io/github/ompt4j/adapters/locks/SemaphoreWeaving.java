package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.locks.LockMethods.HOOKS;
import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.arg;
import static io.github.ompt4j.adapters.weave.Value.constant;
import static io.github.ompt4j.adapters.weave.Value.entered;
import static io.github.ompt4j.adapters.weave.Value.returned;
import static io.github.ompt4j.adapters.weave.Value.self;
import static io.github.ompt4j.adapters.weave.Value.thrown;

import io.github.ompt4j.adapters.weave.AddedField;
import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.adapters.weave.Value;
import io.github.ompt4j.hooks.locks.LockHooks;
import java.util.List;

/**
 * Weaves {@code Semaphore}: taking permits is a lock acquisition, returning them a release, one per call
 * whatever the number of permits: {@code acquire}, {@code acquireUninterruptibly} and the timed
 * {@code tryAcquire} with or without a count acquire (the timed ones may give up), a successful untimed
 * {@code tryAcquire} and a {@code drainPermits} that took some are acquisitions without a wait,
 * {@code release} releases one of those acquisitions, if one is outstanding: the semaphore gains a count of them
 * ({@link LockHooks#ACQUISITIONS_FIELD}). Loaded before the agent came (an attach), it has none, and its permits are
 * not reported.
 */
final class SemaphoreWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.util.concurrent.Semaphore";
    }

    @Override
    public List<AddedField> addedFields() {
        return List.of(AddedField.count(LockHooks.ACQUISITIONS_FIELD));
    }

    @Override
    public boolean addedFieldsOptional() {
        return true;
    }

    /**
     * {@code name} with {@code parameters} parameters acquires {@code permits} (its count argument, or a constant
     * for a form without one); {@code timed}: it returns whether it took them, and may give up.
     */
    private static MethodWeaving acquiringPermits(String name, int parameters, Value permits, boolean timed) {
        return method(name).withParameters(parameters)
                .enter(call(HOOKS, "acquirePermitsBegin", permits, self()).keep())
                .exitAlways(timed ? call(HOOKS, "acquireTimedEnd", returned(), thrown(), entered(), self())
                        : call(HOOKS, "acquireEnd", thrown(), entered(), self()));
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(acquiringPermits("acquire", 0, constant(1), false),
                acquiringPermits("acquireUninterruptibly", 0, constant(1), false),
                acquiringPermits("acquire", 1, arg(0), false), acquiringPermits("acquireUninterruptibly", 1, arg(0), false),
                acquiringPermits("tryAcquire", 2, constant(1), true), acquiringPermits("tryAcquire", 3, arg(0), true),
                method("tryAcquire").withParameters(0).exit(call(HOOKS, "triedPermits", returned(), constant(1), self())),
                method("tryAcquire").withParameters(1).exit(call(HOOKS, "triedPermits", returned(), arg(0), self())),
                method("drainPermits").exit(call(HOOKS, "drained", returned(), self())),
                method("release").withParameters(0).enter(call(HOOKS, "releasingPermits", constant(1), self())),
                method("release").withParameters(1).enter(call(HOOKS, "releasingPermits", arg(0), self())));
    }
}
