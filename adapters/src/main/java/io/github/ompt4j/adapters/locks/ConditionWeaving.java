package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.field;
import static io.github.ompt4j.adapters.weave.Value.self;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.adapters.weave.Value;
import io.github.ompt4j.hooks.locks.ConditionHooks;
import java.util.List;

/**
 * Weaves the conditions of {@code AbstractQueuedSynchronizer} and of {@code AbstractQueuedLongSynchronizer} (a
 * {@code ReentrantReadWriteLock}'s synchronizer is the long one from JDK 25 on, the other before; a
 * {@code ReentrantLock}'s the other): {@code enableWait}, which every {@code await}
 * form calls to release the lock, begins the condition wait, told the synchronizer's exclusive hold and
 * state; the queueing {@code acquire} that takes the lock again after the wait ends it, and completes the
 * re-acquisition as it returns (see {@link QueuedSynchronizerWeaving}). The {@code await} methods
 * themselves are not woven: on JDK 17, HotSpot's oop-map computation for an interpreted frame of a woven
 * {@code awaitUninterruptibly} (boot classes are not verified) stops the JVM at the next garbage
 * collection ("Illegal class file encountered"), whatever the weaving adds. The same on JDK 17, 21 and 25.
 */
final class ConditionWeaving implements TypeWeaving {
    /** The conditions of the synchronizer with an {@code int} state. */
    static final ConditionWeaving INT_STATE = new ConditionWeaving("java/util/concurrent/locks/AbstractQueuedSynchronizer",
            "I", "conditionWaitBegin");
    /** The conditions of the synchronizer with a {@code long} state. */
    static final ConditionWeaving LONG_STATE = new ConditionWeaving(
            "java/util/concurrent/locks/AbstractQueuedLongSynchronizer", "J", "longConditionWaitBegin");
    private static final Value OWNER = field("this$0");

    private final String synchronizer;
    private final String state;
    private final String hook;

    private ConditionWeaving(String synchronizer, String state, String hook) {
        this.synchronizer = synchronizer;
        this.state = state;
        this.hook = hook;
    }

    @Override
    public String typeName() {
        return synchronizer.replace('/', '.') + "$ConditionObject";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(method("enableWait").withParameters(1).enter(call(ConditionHooks.class, hook, OWNER,
                OWNER.call(synchronizer, "isHeldExclusively", "Z"), OWNER.call(synchronizer, "getState", state), self())));
    }
}
