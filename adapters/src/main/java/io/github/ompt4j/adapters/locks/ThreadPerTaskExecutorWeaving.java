package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.arg;
import static io.github.ompt4j.adapters.weave.Value.entered;
import static io.github.ompt4j.adapters.weave.Value.self;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.locks.ExecutorHooks;
import io.github.ompt4j.hooks.locks.ThreadPerTaskHooks;
import java.util.List;

/**
 * Weaves {@code java.util.concurrent.ThreadPerTaskExecutor} (JDK 21 and later, the same methods on 21 and 25), whose
 * tasks each run on a thread of their own ({@link ThreadPerTaskHooks}). {@code execute} and {@code submit} (each
 * {@code submit}: the one that takes a {@code Runnable} wraps it and calls the one that takes a {@code Callable}) get
 * the program's code, whose class names the task's call site. Its two {@code start} methods take one
 * argument each: {@code start(Runnable)} wraps the program's code and calls {@code start(Thread)}, which starts the
 * thread made for it; the hook announces a task for the thread only, unless the thread's future announced it as it
 * was made ({@link ThreadBoundFutureWeaving}). {@code taskComplete(Thread)} is where the thread
 * ends its task, or where the submitter gives up a thread it could not start. {@code awaitTermination}, which
 * {@code close()} calls, waits for the tasks: a taskwait.
 */
final class ThreadPerTaskExecutorWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.util.concurrent.ThreadPerTaskExecutor";
    }

    @Override
    public boolean optional() {
        return true;
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(handing("execute", 1), handing("submit", 1), handing("submit", 2),
                method("start").withParameters(1).enter(call(ThreadPerTaskHooks.class, "starting", arg(0))),
                method("taskComplete").withParameters(1).enter(call(ThreadPerTaskHooks.class, "completes", arg(0))),
                method("awaitTermination").withParameters(2)
                        .enter(call(ThreadPerTaskHooks.class, "awaitingTermination", self()).keep())
                        .exitAlways(call(ExecutorHooks.class, "left", entered())));
    }

    /** A method the program hands its code to: the code's class is kept while it runs, for the task's call site. */
    private static MethodWeaving handing(String name, int parameters) {
        return method(name).withParameters(parameters).enter(call(ThreadPerTaskHooks.class, "handing", arg(0)).keep())
                .exitAlways(call(ThreadPerTaskHooks.class, "handed", entered()));
    }
}
