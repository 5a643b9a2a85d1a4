package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.arg;
import static io.github.ompt4j.adapters.weave.Value.entered;
import static io.github.ompt4j.adapters.weave.Value.field;
import static io.github.ompt4j.adapters.weave.Value.returned;
import static io.github.ompt4j.adapters.weave.Value.thrown;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.locks.ExecutorHooks;
import io.github.ompt4j.hooks.locks.ExecutorTasks;
import io.github.ompt4j.hooks.locks.PoolLockHooks;
import java.util.List;

/**
 * Weaves {@code ThreadPoolExecutor} (the same methods on JDK 17, 21 and 25; a {@code ScheduledThreadPoolExecutor} is
 * one, whose tasks come in its own way, {@link ScheduledThreadPoolExecutorWeaving}): its locks are the executor's
 * own, not the program's, so the thread is marked while it is in the methods that take them (as in a
 * {@code ForkJoinPool}'s, {@link PoolLockHooks}): {@code execute}, through which every task comes in,
 * {@code shutdown}, {@code shutdownNow}, {@code awaitTermination}, {@code remove}, {@code purge}, a worker's
 * {@code processWorkerExit}, {@code addWorker} and {@code interruptIdleWorkers} (a {@code prestartCoreThread}, the
 * setters of the pool's sizes and keep-alive), the getters that count workers and tasks, and {@code toString}, which
 * a program's monitoring calls. {@code reject}, inside {@code execute}, calls the program's rejection handler, which
 * may run the task (a {@code CallerRunsPolicy}): unmarked. {@code getTask}, where a worker takes its next task from
 * the queue, is marked too, and its wait for one is a wait for work, {@code idle} ({@link ExecutorHooks}), not the
 * explicit barrier a condition wait of the program's is. The same methods carry the executor's tasks
 * ({@link ExecutorTasks}): {@code execute} announces one; {@code getTask} completes the worker's last and starts the
 * one it returns (a new worker's first, {@link ThreadPoolWorkerWeaving}); {@code processWorkerExit} completes the one
 * a worker dies of; {@code reject}, {@code shutdownNow}'s list and {@code remove} withdraw theirs.
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
                        .exitAlways(call(ExecutorHooks.class, "took", returned(), entered())),
                method("execute").withParameters(1).enter(call(ExecutorTasks.class, "executing", arg(0)).keep())
                        .exitAlways(call(ExecutorTasks.class, "executed", entered(), thrown(), arg(0))),
                method("reject").withParameters(1).enter(call(ExecutorTasks.class, "rejecting", arg(0)).keep())
                        .exitAlways(call(PoolLockHooks.class, "programReturned", entered())),
                marked("shutdownNow", 0).exitAlways(call(ExecutorTasks.class, "shutDownNow", returned(), entered())),
                marked("remove", 1).exitAlways(call(ExecutorTasks.class, "removed", returned(), entered(), arg(0))),
                executorsOwn("shutdown", 0), executorsOwn("awaitTermination", 2), executorsOwn("purge", 0),
                executorsOwn("addWorker", 2), executorsOwn("interruptIdleWorkers", 1), executorsOwn("getPoolSize", 0),
                executorsOwn("getActiveCount", 0), executorsOwn("getLargestPoolSize", 0),
                executorsOwn("getTaskCount", 0), executorsOwn("getCompletedTaskCount", 0), executorsOwn("toString", 0),
                method("processWorkerExit").withParameters(2)
                        .enter(call(ExecutorTasks.class, "workerExits").keep())
                        .exitAlways(call(PoolLockHooks.class, "poolUnlocked", entered())));
    }

    /** A method of an executor's that takes the executor's own locks: the thread is marked while it runs. */
    static MethodWeaving executorsOwn(String name, int parameters) {
        return marked(name, parameters).exitAlways(call(PoolLockHooks.class, "poolUnlocked", entered()));
    }

    /** The enter hook of {@link #executorsOwn}, for a method whose exit hook has more to do than unmark. */
    private static MethodWeaving marked(String name, int parameters) {
        return method(name).withParameters(parameters).enter(call(PoolLockHooks.class, "poolLocking").keep());
    }
}
