/**
 * The {@code locks} adapter: {@code java.util.concurrent}'s locks as OMPT mutexes (see
 * {@code io.github.ompt4j.hooks.locks}). These classes are
 * loaded before {@code premain} in most programs and are woven by retransformation: code only. The
 * method names woven are the same on JDK 17, 21 and 25. A timed {@code tryLock}/{@code tryAcquire}
 * acquires like {@code lock}, and gives up (an acquisition that ends without {@code acquired_*}) when it
 * times out or is interrupted. Releases are woven at their start, told whether the thread holds what it
 * releases (a hold count, a stamp's validity), so that a release is reported before the next holder can
 * acquire. The conditions of {@code AbstractQueuedSynchronizer} and {@code AbstractQueuedLongSynchronizer} (a
 * {@code ReentrantReadWriteLock}'s from JDK 25 on) release and take their lock again; the
 * {@code locks} adapter also weaves the methods of {@code ForkJoinPool} that take the pool's own lock, which
 * the {@code forkjoin} adapter weaves for its regions too, those of {@code ThreadPoolExecutor} and
 * {@code ScheduledThreadPoolExecutor} that take the executor's, where its worker waits for work, and the executors'
 * waits for tasks: {@code FutureTask.awaitDone} and an {@code ExecutorCompletionService}'s {@code take} and
 * {@code poll}, whose queue's lock is the service's. The same executor methods carry its tasks: created in
 * {@code execute}, run between a worker's {@code getTask} calls, withdrawn where they will not run. A
 * thread-per-task executor's (JDK 21+, a virtual-thread-per-task executor) are created as it starts each task's
 * thread and run on it; it is loaded on demand, woven as it loads, and absent on JDK 17 (optional types).
 */
package io.github.ompt4j.adapters.locks;
