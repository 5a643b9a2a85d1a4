package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.locks.ConditionHooks;
import java.util.List;

/**
 * Weaves the queueing {@code acquire(node, arg, shared, interruptible, timed, time)} of
 * {@code AbstractQueuedSynchronizer} and of {@code AbstractQueuedLongSynchronizer} (a {@code ReentrantReadWriteLock}'s
 * from JDK 25 on), the same on JDK 17, 21 and 25 and entered only when an acquisition's fast path failed,
 * or when a condition wait takes its lock again: there the thread's state becomes {@code wait_lock}, and
 * its return ends a condition wait the thread is in (a thread in none returns at once from the hook). Only a
 * return: a condition's re-acquisition is neither interruptible nor timed, so it returns or the VM fails.
 */
final class QueuedSynchronizerWeaving implements TypeWeaving {
    /** {@code AbstractQueuedSynchronizer}'s. */
    static final QueuedSynchronizerWeaving INT_STATE = new QueuedSynchronizerWeaving(
            "java.util.concurrent.locks.AbstractQueuedSynchronizer");
    /** {@code AbstractQueuedLongSynchronizer}'s. */
    static final QueuedSynchronizerWeaving LONG_STATE = new QueuedSynchronizerWeaving(
            "java.util.concurrent.locks.AbstractQueuedLongSynchronizer");

    private final String typeName;

    private QueuedSynchronizerWeaving(String typeName) {
        this.typeName = typeName;
    }

    @Override
    public String typeName() {
        return typeName;
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(method("acquire").withParameters(6).enter(call(ConditionHooks.class, "blocked"))
                .exit(call(ConditionHooks.class, "conditionWaitEnd")));
    }
}
