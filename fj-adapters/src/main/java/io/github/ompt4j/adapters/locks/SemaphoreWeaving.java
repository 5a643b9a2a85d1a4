package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.locks.LockMethods.HOOKS;
import static io.github.ompt4j.adapters.locks.LockMethods.acquiring;
import static io.github.ompt4j.adapters.locks.LockMethods.acquiringTimed;
import static io.github.ompt4j.adapters.locks.LockMethods.trying;
import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.arg;
import static io.github.ompt4j.adapters.weave.Value.constant;
import static io.github.ompt4j.adapters.weave.Value.entered;
import static io.github.ompt4j.adapters.weave.Value.returned;
import static io.github.ompt4j.adapters.weave.Value.self;
import static io.github.ompt4j.adapters.weave.Value.thrown;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import java.util.List;

/**
 * Weaves {@code Semaphore}: taking permits is a lock acquisition, returning them a release, one per call
 * whatever the number of permits: {@code acquire}, {@code acquireUninterruptibly} and the timed
 * {@code tryAcquire} with or without a count acquire (the timed ones may give up), a successful untimed
 * {@code tryAcquire} and a {@code drainPermits} that took some are acquisitions without a wait,
 * {@code release} releases.
 */
final class SemaphoreWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.util.concurrent.Semaphore";
    }

    /** {@code name(int permits)}, with {@code more} parameters after the count (a timeout), acquires. */
    private static MethodWeaving acquiringPermits(String name, int more) {
        return method(name).withParameters(1 + more).enter(call(HOOKS, "acquirePermitsBegin", arg(0), self()).keep())
                .exitAlways(more == 0 ? call(HOOKS, "acquireEnd", thrown(), entered(), self())
                        : call(HOOKS, "acquireTimedEnd", returned(), thrown(), entered(), self()));
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(acquiring("acquire", self()), acquiring("acquireUninterruptibly", self()),
                acquiringPermits("acquire", 0), acquiringPermits("acquireUninterruptibly", 0),
                acquiringTimed("tryAcquire", self()), acquiringPermits("tryAcquire", 2), trying("tryAcquire", self()),
                method("tryAcquire").withParameters(1).exit(call(HOOKS, "triedPermits", returned(), arg(0), self())),
                method("drainPermits").exit(call(HOOKS, "drained", returned(), self())),
                method("release").withParameters(0).enter(call(HOOKS, "releasing", constant(1), self(), self())),
                method("release").withParameters(1).enter(call(HOOKS, "releasing", arg(0), self(), self())));
    }
}
