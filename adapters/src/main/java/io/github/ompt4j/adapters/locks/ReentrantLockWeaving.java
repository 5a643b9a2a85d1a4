package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.locks.LockMethods.SYNC;
import static io.github.ompt4j.adapters.locks.LockMethods.acquiring;
import static io.github.ompt4j.adapters.locks.LockMethods.acquiringTimed;
import static io.github.ompt4j.adapters.locks.LockMethods.releasing;
import static io.github.ompt4j.adapters.locks.LockMethods.trying;
import static io.github.ompt4j.adapters.weave.Value.self;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import java.util.List;

/**
 * Weaves {@code ReentrantLock}: a nest lock; {@code lock}, {@code lockInterruptibly} and the timed
 * {@code tryLock} acquire (the timed one may give up), a successful {@code tryLock()} is an acquisition
 * without a wait, {@code unlock} releases one of the holds {@code getHoldCount()} counts.
 */
final class ReentrantLockWeaving implements TypeWeaving {
    static final String TYPE = "java/util/concurrent/locks/ReentrantLock";

    @Override
    public String typeName() {
        return "java.util.concurrent.locks.ReentrantLock";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(acquiring("lock", SYNC), acquiring("lockInterruptibly", SYNC), acquiringTimed("tryLock", SYNC),
                trying("tryLock", SYNC), releasing("unlock", self().call(TYPE, "getHoldCount", "I"), SYNC));
    }
}
