package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.locks.ThreadPoolExecutorWeaving.executorsOwn;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import java.util.List;

/**
 * Weaves {@code ExecutorCompletionService$QueueingFuture.done}, where the thread that completed a task queues it
 * for the service's {@code take} (the same on JDK 17, 21 and 25): the completion queue's lock is the service's own,
 * as the executors' are ({@link ThreadPoolExecutorWeaving}).
 */
final class QueueingFutureWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.util.concurrent.ExecutorCompletionService$QueueingFuture";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(executorsOwn("done", 0));
    }
}
