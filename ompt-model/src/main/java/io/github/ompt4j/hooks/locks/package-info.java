/**
 * The {@code locks} adapter's hooks: {@code java.util.concurrent}'s locks as OMPT mutexes
 * ({@link io.github.ompt4j.hooks.locks.LockHooks}: acquisitions and releases of every lock type), where an
 * acquisition blocks and conditions wait ({@link io.github.ompt4j.hooks.locks.ConditionHooks}), the locks a
 * {@code ForkJoinPool} or a {@code ThreadPoolExecutor} takes for itself, which are not the program's
 * ({@link io.github.ompt4j.hooks.locks.PoolLockHooks}), and the executors' waits, a worker's for its next task
 * (idle) and a thread's for tasks to complete (a taskwait; {@link io.github.ompt4j.hooks.locks.ExecutorHooks}), and
 * the executor's tasks, explicit tasks of their submitters ({@link io.github.ompt4j.hooks.locks.ExecutorTasks}). What
 * they share, the health, the thread and a lock's wait ID, is in {@link io.github.ompt4j.hooks.locks.Locks}, whose
 * thread and wait IDs the barriers' hooks use too.
 */
package io.github.ompt4j.hooks.locks;
