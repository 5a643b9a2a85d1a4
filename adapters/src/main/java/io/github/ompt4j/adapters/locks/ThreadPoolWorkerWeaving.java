package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.field;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.locks.ExecutorTasks;
import java.util.List;

/**
 * Weaves {@code ThreadPoolExecutor$Worker.run} (the same on JDK 17, 21 and 25): a worker that {@code execute} starts
 * for a task runs that task first ({@code firstTask}), without {@code getTask}; its task starts as the worker does.
 */
final class ThreadPoolWorkerWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.util.concurrent.ThreadPoolExecutor$Worker";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(method("run").withParameters(0)
                .enter(call(ExecutorTasks.class, "workerStarts", field("firstTask"))));
    }
}
