package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.locks.LockMethods.HOOKS;
import static io.github.ompt4j.adapters.locks.LockMethods.acquiring;
import static io.github.ompt4j.adapters.locks.LockMethods.releasing;
import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.entered;
import static io.github.ompt4j.adapters.weave.Value.returned;
import static io.github.ompt4j.adapters.weave.Value.self;
import static io.github.ompt4j.adapters.weave.Value.thrown;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import java.util.List;

/**
 * Weaves {@code StampedLock}: its write and read modes are locks (it has no owner, so no nest lock).
 * {@code writeLock}, {@code readLock}, their interruptible and timed forms acquire (a timed one may give
 * up); a successful untimed
 * {@code tryWriteLock()}/{@code tryReadLock()} is an acquisition without a wait; {@code unlockWrite},
 * {@code unlockRead} (which {@code unlock(stamp)} calls), the views' unstamped unlocks and a successful
 * {@code tryUnlockWrite()}/{@code tryUnlockRead()} release. Blocking happens in
 * {@code acquireWrite}/{@code acquireRead}, which the fast paths call only when they fail (the same on JDK
 * 17, 21 and 25). Optimistic reads take nothing and are not reported; nor are conversions.
 */
final class StampedLockWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.util.concurrent.locks.StampedLock";
    }

    /** The timed {@code name(long, TimeUnit)}: a stamp of 0 means it gave up. */
    private static MethodWeaving timedStamp(String name) {
        return method(name).withParameters(2).enter(call(HOOKS, "acquireBegin", self()).keep())
                .exitAlways(call(HOOKS, "acquireStampEnd", returned(), thrown(), entered(), self()));
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(acquiring("writeLock"), acquiring("readLock"), acquiring("writeLockInterruptibly"),
                acquiring("readLockInterruptibly"),
                method("acquireWrite").withParameters(3).enter(call(HOOKS, "blocked")),
                method("acquireRead").withParameters(3).enter(call(HOOKS, "blocked")),
                timedStamp("tryWriteLock"), timedStamp("tryReadLock"),
                method("tryWriteLock").withParameters(0).exit(call(HOOKS, "triedStamp", returned(), self())),
                method("tryReadLock").withParameters(0).exit(call(HOOKS, "triedStamp", returned(), self())),
                releasing("unlockWrite", 1), releasing("unlockRead", 1), releasing("unstampedUnlockWrite", 0),
                releasing("unstampedUnlockRead", 0),
                method("tryUnlockWrite").withParameters(0).exit(call(HOOKS, "releasedIf", returned(), self())),
                method("tryUnlockRead").withParameters(0).exit(call(HOOKS, "releasedIf", returned(), self())));
    }
}
