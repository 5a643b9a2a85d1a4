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

/** Weaves a {@code ReentrantReadWriteLock}'s write lock: a nest lock, like {@code ReentrantLock}. */
final class WriteLockWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.util.concurrent.locks.ReentrantReadWriteLock$WriteLock";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(acquiring("lock", SYNC), acquiring("lockInterruptibly", SYNC), acquiringTimed("tryLock", SYNC),
                trying("tryLock", SYNC), releasing("unlock",
                        self().call("java/util/concurrent/locks/ReentrantReadWriteLock$WriteLock", "getHoldCount", "I"), SYNC));
    }
}
