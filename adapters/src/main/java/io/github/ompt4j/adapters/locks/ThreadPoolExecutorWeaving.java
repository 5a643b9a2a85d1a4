package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.entered;
import static io.github.ompt4j.adapters.weave.Value.field;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.locks.ExecutorHooks;
import io.github.ompt4j.hooks.locks.PoolLockHooks;
import java.util.List;

/**
 * Weaves {@code ThreadPoolExecutor} (the same methods on JDK 17, 21 and 25; a {@code ScheduledThreadPoolExecutor} is
 * one, whose tasks come in its own way, {@link ScheduledThreadPoolExecutorWeaving}): its locks are the executor's
 * own, not the program's, so the thread is marked while it is in the methods that take them (as in a
 * {@code ForkJoinPool}'s, {@link PoolLockHooks}): {@code execute}, through which every task comes in,
 * {@code shutdown}, {@code shutdownNow}, {@code awaitTermination}, and a worker's {@code processWorkerExit};
 * {@code reject}, inside {@code execute}, calls the program's rejection handler, which may run the task (a
 * {@code CallerRunsPolicy}): unmarked. {@code getTask}, where a worker takes its next task from the queue, is marked
 * too, and its wait for one is a wait for work, {@code idle} ({@link ExecutorHooks}), not the explicit barrier a
 * condition wait of the program's is.
 */
final class ThreadPoolExecutorWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.util.concurrent.ThreadPoolExecutor";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(method("getTask").withParameters(0)
                        .enter(call(ExecutorHooks.class, "takingTask", field("workQueue")).keep())
                        .exitAlways(call(ExecutorHooks.class, "left", entered())),
                executorsOwn("execute", 1), executorsOwn("shutdown", 0), executorsOwn("shutdownNow", 0),
                executorsOwn("awaitTermination", 2), executorsOwn("processWorkerExit", 2),
                method("reject").withParameters(1).enter(call(PoolLockHooks.class, "callingProgram").keep())
                        .exitAlways(call(PoolLockHooks.class, "programReturned", entered())));
    }

    /** A method of an executor's that takes the executor's own locks: the thread is marked while it runs. */
    static MethodWeaving executorsOwn(String name, int parameters) {
        return method(name).withParameters(parameters).enter(call(PoolLockHooks.class, "poolLocking").keep())
                .exitAlways(call(PoolLockHooks.class, "poolUnlocked", entered()));
    }
}
