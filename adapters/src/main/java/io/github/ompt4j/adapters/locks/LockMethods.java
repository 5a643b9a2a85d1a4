package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.entered;
import static io.github.ompt4j.adapters.weave.Value.field;
import static io.github.ompt4j.adapters.weave.Value.returned;
import static io.github.ompt4j.adapters.weave.Value.self;
import static io.github.ompt4j.adapters.weave.Value.thrown;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.Value;
import io.github.ompt4j.hooks.locks.LockHooks;

/**
 * The weavings lock types share: acquiring, trying and releasing methods. {@code sync} is the value that
 * names the lock (its wait ID): its synchronizer, or the lock itself.
 */
final class LockMethods {
    static final Class<?> HOOKS = LockHooks.class;
    /** A lock's {@code AbstractQueuedSynchronizer}, in the field {@code ReentrantLock} and both views of a read-write lock declare. */
    static final Value SYNC = field("sync");

    private LockMethods() {
    }

    /** {@code name()} acquires: reported as it starts, acquired (or given up) as it returns or throws. */
    static MethodWeaving acquiring(String name, Value sync) {
        return method(name).withParameters(0).enter(call(HOOKS, "acquireBegin", self(), sync).keep())
                .exitAlways(call(HOOKS, "acquireEnd", thrown(), entered(), self()));
    }

    /**
     * The timed {@code name(long, TimeUnit)} acquires: reported as it starts, acquired as it returns
     * {@code true}, given up as it returns {@code false} (timed out) or throws (interrupted).
     */
    static MethodWeaving acquiringTimed(String name, Value sync) {
        return method(name).withParameters(2).enter(call(HOOKS, "acquireBegin", self(), sync).keep())
                .exitAlways(call(HOOKS, "acquireTimedEnd", returned(), thrown(), entered(), self()));
    }

    /** The untimed {@code name()} tries: an acquisition without a wait if it returns {@code true}. */
    static MethodWeaving trying(String name, Value sync) {
        return method(name).withParameters(0).exit(call(HOOKS, "tried", returned(), self(), sync));
    }

    /** {@code name()} releases one of the thread's {@code holds}: reported as it starts. */
    static MethodWeaving releasing(String name, Value holds, Value sync) {
        return method(name).withParameters(0).enter(call(HOOKS, "releasing", holds, self(), sync));
    }
}
