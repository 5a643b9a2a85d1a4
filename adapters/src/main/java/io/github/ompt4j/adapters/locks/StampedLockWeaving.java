package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.locks.LockMethods.HOOKS;
import static io.github.ompt4j.adapters.locks.LockMethods.acquiring;
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
import io.github.ompt4j.hooks.locks.ConditionHooks;
import io.github.ompt4j.hooks.locks.LockHooks;
import java.util.List;

/**
 * Weaves {@code StampedLock}: its write and read modes are locks (it has no owner, so no nest lock).
 * {@code writeLock}, {@code readLock}, their interruptible and timed forms acquire (a timed one may give
 * up); a successful untimed {@code tryWriteLock()}/{@code tryReadLock()} is an acquisition without a wait;
 * {@code unlockWrite}, {@code unlockRead} (which {@code unlock(stamp)} calls), the views' unstamped unlocks
 * and {@code tryUnlockWrite()}/{@code tryUnlockRead()} release, if the stamp or mode they release is held.
 * A conversion from an optimistic read to the write or read mode acquires, one from either mode to an
 * optimistic read releases, one between the modes keeps the lock held. Blocking happens in
 * {@code acquireWrite}/{@code acquireRead}, which the fast paths call only when they fail (the same on JDK
 * 17, 21 and 25). Optimistic reads take nothing and are not reported.
 */
final class StampedLockWeaving implements TypeWeaving {
    private static final String TYPE = "java/util/concurrent/locks/StampedLock";

    @Override
    public String typeName() {
        return "java.util.concurrent.locks.StampedLock";
    }

    /** The timed {@code name(long, TimeUnit)}: a stamp of 0 means it gave up. */
    private static MethodWeaving timedStamp(String name) {
        return method(name).withParameters(2).enter(call(HOOKS, "acquireBegin", self(), self()).keep())
                .exitAlways(call(HOOKS, "acquireStampEnd", returned(), thrown(), entered(), self()));
    }

    private static MethodWeaving triedStamp(String name) {
        return method(name).withParameters(0).exit(call(HOOKS, "triedStamp", returned(), self()));
    }

    /** {@code name(stamp)} releases the {@link LockHooks#releasingStamp modes} it may. */
    private static MethodWeaving releasingStamp(String name, int modes) {
        return method(name).withParameters(1).enter(call(HOOKS, "releasingStamp", arg(0), constant(modes), self()));
    }

    /** The unstamped {@code name()} releases the mode that {@code lockedMethod()} says is held. */
    private static MethodWeaving releasingMode(String name, String lockedMethod) {
        return method(name).withParameters(0)
                .enter(call(HOOKS, "releasingMode", self().call(TYPE, lockedMethod, "Z"), self()));
    }

    private static MethodWeaving converting(String name) {
        return method(name).withParameters(1).exit(call(HOOKS, "converted", returned(), arg(0), self()));
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(acquiring("writeLock", self()), acquiring("readLock", self()),
                acquiring("writeLockInterruptibly", self()), acquiring("readLockInterruptibly", self()),
                method("acquireWrite").withParameters(3).enter(call(ConditionHooks.class, "blocked")),
                method("acquireRead").withParameters(3).enter(call(ConditionHooks.class, "blocked")),
                timedStamp("tryWriteLock"), timedStamp("tryReadLock"), triedStamp("tryWriteLock"), triedStamp("tryReadLock"),
                releasingStamp("unlockWrite", LockHooks.WRITE_STAMP), releasingStamp("unlockRead", LockHooks.READ_STAMP),
                releasingStamp("tryConvertToOptimisticRead", LockHooks.ANY_STAMP),
                releasingMode("unstampedUnlockWrite", "isWriteLocked"), releasingMode("tryUnlockWrite", "isWriteLocked"),
                releasingMode("unstampedUnlockRead", "isReadLocked"), releasingMode("tryUnlockRead", "isReadLocked"),
                converting("tryConvertToWriteLock"), converting("tryConvertToReadLock"));
    }
}
