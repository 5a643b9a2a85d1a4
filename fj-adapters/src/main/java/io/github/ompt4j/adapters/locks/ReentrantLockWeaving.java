package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.locks.LockMethods.HOOKS;
import static io.github.ompt4j.adapters.locks.LockMethods.acquiring;
import static io.github.ompt4j.adapters.locks.LockMethods.acquiringTimed;
import static io.github.ompt4j.adapters.locks.LockMethods.releasing;
import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.returned;
import static io.github.ompt4j.adapters.weave.Value.self;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import java.util.List;

/**
 * Weaves {@code ReentrantLock}: a nest lock; {@code lock}, {@code lockInterruptibly} and the timed
 * {@code tryLock} acquire (the timed one may give up), a successful {@code tryLock()} is an acquisition
 * without a wait, {@code unlock} releases.
 */
final class ReentrantLockWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.util.concurrent.locks.ReentrantLock";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(acquiring("lock"), acquiring("lockInterruptibly"), acquiringTimed("tryLock"), releasing("unlock"),
                method("tryLock").withParameters(0).exit(call(HOOKS, "tried", returned(), self())));
    }
}
