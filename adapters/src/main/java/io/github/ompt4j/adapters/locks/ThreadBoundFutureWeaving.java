package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.constructor;
import static io.github.ompt4j.adapters.weave.Value.field;
import static io.github.ompt4j.adapters.weave.Value.self;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.locks.ThreadPerTaskHooks;
import java.util.List;

/**
 * Weaves the constructor of {@code ThreadPerTaskExecutor$ThreadBoundFuture} (JDK 21 and later), the future
 * {@code submit} returns, a {@code FutureTask} that makes its thread as it is made (its {@code thread} field): the
 * task is announced there, and kept in the future's field too ({@link ThreadPerTaskHooks}). Its thread runs it through
 * {@code FutureTask.run} (JDK 21 inherits it; 25 overrides it and calls it), where {@link FutureTaskWeaving} starts
 * the task.
 */
final class ThreadBoundFutureWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.util.concurrent.ThreadPerTaskExecutor$ThreadBoundFuture";
    }

    @Override
    public boolean optional() {
        return true;
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(constructor().exit(call(ThreadPerTaskHooks.class, "futureMade", self(), field("thread"))));
    }
}
