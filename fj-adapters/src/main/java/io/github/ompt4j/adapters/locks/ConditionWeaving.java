package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.locks.LockMethods.HOOKS;
import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.field;
import static io.github.ompt4j.adapters.weave.Value.self;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.adapters.weave.Value;
import java.util.List;

/**
 * Weaves {@code AbstractQueuedSynchronizer}'s conditions: {@code enableWait}, which every {@code await}
 * form calls to release the lock, begins the condition wait, told the synchronizer's exclusive hold and
 * state; the queueing {@code acquire} that takes the lock again after the wait ends it, and completes the
 * re-acquisition as it returns (see {@link QueuedSynchronizerWeaving}). The {@code await} methods
 * themselves are not woven: on JDK 17, HotSpot's oop-map computation for an interpreted frame of a woven
 * {@code awaitUninterruptibly} (boot classes are not verified) stops the JVM at the next garbage
 * collection ("Illegal class file encountered"), whatever the weaving adds. The same on JDK 17, 21 and 25.
 */
final class ConditionWeaving implements TypeWeaving {
    private static final String SYNC = "java/util/concurrent/locks/AbstractQueuedSynchronizer";
    private static final Value OWNER = field("this$0");

    @Override
    public String typeName() {
        return "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(method("enableWait").withParameters(1).enter(call(HOOKS, "conditionWaitBegin", OWNER,
                OWNER.call(SYNC, "isHeldExclusively", "Z"), OWNER.call(SYNC, "getState", "I"), self())));
    }
}
