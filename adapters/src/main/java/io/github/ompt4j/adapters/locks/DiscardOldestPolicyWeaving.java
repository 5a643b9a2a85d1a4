package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.arg;
import static io.github.ompt4j.adapters.weave.Value.entered;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.locks.ExecutorTasks;
import java.util.List;

/**
 * Weaves {@code ThreadPoolExecutor$DiscardOldestPolicy.rejectedExecution} (the same on JDK 17, 21 and 25): to make
 * room for the task it was given, it takes the oldest one out of the executor's queue, which then never runs; its task
 * is withdrawn ({@link ExecutorTasks#discardedOldest}).
 */
final class DiscardOldestPolicyWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.util.concurrent.ThreadPoolExecutor$DiscardOldestPolicy";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(method("rejectedExecution").withParameters(2)
                .enter(call(ExecutorTasks.class, "discardingOldest", arg(1)).keep())
                .exitAlways(call(ExecutorTasks.class, "discardedOldest", entered(), arg(1))));
    }
}
