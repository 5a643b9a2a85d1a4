package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.locks.ThreadPoolExecutorWeaving.executorsOwn;
import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.arg;
import static io.github.ompt4j.adapters.weave.Value.entered;
import static io.github.ompt4j.adapters.weave.Value.thrown;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.locks.ExecutorTasks;
import java.util.List;

/**
 * Weaves {@code ScheduledThreadPoolExecutor}, whose tasks do not come in through {@code execute} but into its
 * delay queue and its main lock directly, as {@code schedule} (and {@code execute} and {@code submit}, which
 * schedule) and a periodic task's next run put them ({@code delayedExecute}, {@code reExecutePeriodic}, the same on
 * JDK 17, 21 and 25): the executor's own locks, as in {@link ThreadPoolExecutorWeaving}, which weaves the rest.
 * {@code delayedExecute} announces a task that runs once, as {@code execute} does ({@link ExecutorTasks}).
 */
final class ScheduledThreadPoolExecutorWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.util.concurrent.ScheduledThreadPoolExecutor";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(method("delayedExecute").withParameters(1)
                        .enter(call(ExecutorTasks.class, "scheduling", arg(0)).keep())
                        .exitAlways(call(ExecutorTasks.class, "executed", entered(), thrown(), arg(0))),
                executorsOwn("reExecutePeriodic", 1));
    }
}
