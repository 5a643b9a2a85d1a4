package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.locks.LockMethods.acquiring;
import static io.github.ompt4j.adapters.locks.LockMethods.acquiringTimed;
import static io.github.ompt4j.adapters.locks.LockMethods.releasing;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import java.util.List;

/** Weaves {@code Semaphore}: taking one permit is a lock acquisition, returning it a release. */
final class SemaphoreWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.util.concurrent.Semaphore";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(acquiring("acquire"), acquiring("acquireUninterruptibly"), acquiringTimed("tryAcquire"),
                releasing("release"));
    }
}
