package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.locks.LockMethods.SYNC;
import static io.github.ompt4j.adapters.locks.LockMethods.acquiring;
import static io.github.ompt4j.adapters.locks.LockMethods.acquiringTimed;
import static io.github.ompt4j.adapters.locks.LockMethods.releasing;
import static io.github.ompt4j.adapters.locks.LockMethods.trying;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import java.util.List;

/**
 * Weaves a {@code ReentrantReadWriteLock}'s read lock: a lock (OMPT has no shared kind) with the write
 * lock's wait ID; {@code unlock} releases one of the thread's read holds, which the lock's synchronizer
 * counts.
 */
final class ReadLockWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.util.concurrent.locks.ReentrantReadWriteLock$ReadLock";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(acquiring("lock", SYNC), acquiring("lockInterruptibly", SYNC), acquiringTimed("tryLock", SYNC),
                trying("tryLock", SYNC), releasing("unlock",
                        SYNC.call("java/util/concurrent/locks/ReentrantReadWriteLock$Sync", "getReadHoldCount", "I"), SYNC));
    }
}
