package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.entered;
import static io.github.ompt4j.adapters.weave.Value.self;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.locks.PoolLockHooks;
import java.util.List;

/**
 * Weaves the methods of {@code ForkJoinPool} in which a program's thread takes the pool's own lock (its
 * registration lock and the condition it terminates on, on JDK 17 and 21): {@code awaitTermination},
 * {@code tryTerminate} (which {@code shutdown} and {@code shutdownNow} call) and {@code submissionQueue}
 * (a first submission from a thread). The locks taken inside are the runtime's and not reported; the
 * criterion is where the thread is, which costs a counter, not what the lock is, which no lock says.
 * The worker's own registration happens before its thread begins and after it ends. On JDK 25 the pool
 * takes no lock of {@code java.util.concurrent.locks} and the weaving changes nothing.
 */
final class PoolLocksWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.util.concurrent.ForkJoinPool";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(method("awaitTermination").withParameters(2)
                        .enter(call(PoolLockHooks.class, "poolAwaitingTermination", self()).keep())
                        .exitAlways(call(PoolLockHooks.class, "poolUnlocked", entered())),
                method("tryTerminate").withParameters(2).optional().enter(call(PoolLockHooks.class, "poolLocking").keep())
                        .exitAlways(call(PoolLockHooks.class, "poolUnlocked", entered())),
                method("submissionQueue").optional().enter(call(PoolLockHooks.class, "poolLocking").keep())
                        .exitAlways(call(PoolLockHooks.class, "poolUnlocked", entered())));
    }
}
