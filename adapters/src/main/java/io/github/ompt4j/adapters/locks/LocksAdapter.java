package io.github.ompt4j.adapters.locks;

import io.github.ompt4j.adapters.Adapter;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.locks.ConditionHooks;
import io.github.ompt4j.hooks.locks.ExecutorHooks;
import io.github.ompt4j.hooks.locks.ExecutorTasks;
import io.github.ompt4j.hooks.locks.LockHooks;
import io.github.ompt4j.hooks.locks.Locks;
import io.github.ompt4j.hooks.locks.PoolLockHooks;
import io.github.ompt4j.hooks.locks.ThreadPerTaskHooks;
import java.util.List;

/**
 * The {@code locks} adapter: {@code java.util.concurrent}'s locks as OMPT mutexes; the logic is in {@link LockHooks},
 * {@link ConditionHooks}, {@link PoolLockHooks}, {@link ExecutorHooks} and, for an executor's tasks, {@link ExecutorTasks}
 * ({@code ThreadPoolExecutor}) and {@link ThreadPerTaskHooks} (a virtual-thread-per-task executor's).
 */
public final class LocksAdapter implements Adapter {
    /** Its name in {@code adapters=} (a constant, so the agent's table names it without loading this class). */
    public static final String NAME = "locks";
    private static final List<TypeWeaving> TYPES = List.of(new ReentrantLockWeaving(), new WriteLockWeaving(),
            new ReadLockWeaving(), new SemaphoreWeaving(), new StampedLockWeaving(), QueuedSynchronizerWeaving.INT_STATE,
            QueuedSynchronizerWeaving.LONG_STATE, ConditionWeaving.INT_STATE, ConditionWeaving.LONG_STATE,
            new PoolLocksWeaving(), new ThreadPoolExecutorWeaving(), new ThreadPoolWorkerWeaving(),
            new DiscardOldestPolicyWeaving(), new ScheduledThreadPoolExecutorWeaving(),
            new FutureTaskWeaving(), new ExecutorCompletionServiceWeaving(), new QueueingFutureWeaving(),
            new ThreadPerTaskExecutorWeaving(), new ThreadBoundFutureWeaving(), new TaskRunnerWeaving());

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<TypeWeaving> types() {
        return TYPES;
    }

    @Override
    public List<Class<?>> hooks() {
        return List.of(Locks.class, LockHooks.class, ConditionHooks.class, PoolLockHooks.class, ExecutorHooks.class,
                ThreadPerTaskHooks.class);
    }
}
