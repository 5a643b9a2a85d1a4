package io.github.ompt4j.adapters.locks;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.constructor;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.arg;
import static io.github.ompt4j.adapters.weave.Value.entered;
import static io.github.ompt4j.adapters.weave.Value.returned;
import static io.github.ompt4j.adapters.weave.Value.self;

import io.github.ompt4j.adapters.weave.AddedField;
import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.forkjoin.TaskHooks;
import io.github.ompt4j.hooks.locks.ExecutorHooks;
import io.github.ompt4j.hooks.locks.ExecutorTasks;
import io.github.ompt4j.hooks.locks.ThreadPerTaskHooks;
import java.util.List;

/**
 * Weaves {@code FutureTask} (the same on JDK 17, 21 and 25): {@code awaitDone}, where {@code get} waits for an
 * executor's task that has not completed, is a taskwait ({@link ExecutorHooks}), as a {@code CompletableFuture}'s
 * {@code get} is; {@code cancel}, before a worker took the future, withdraws its task ({@link ExecutorTasks}), which
 * is kept in a field added to the type from {@code execute} to its start; the constructors keep there, until then,
 * the class of the program's code the future runs, which names the task's call site. {@code run}, on a
 * thread-per-task executor's future, is where its thread begins the task ({@link ThreadPerTaskHooks}).
 */
final class FutureTaskWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.util.concurrent.FutureTask";
    }

    /** Where a future's task is kept between {@code execute} and its start ({@link ExecutorTasks}). */
    @Override
    public List<AddedField> addedFields() {
        return List.of(AddedField.object(TaskHooks.TASK_FIELD));
    }

    /** After an attach, {@code FutureTask} is loaded: its tasks are kept in a table instead. */
    @Override
    public boolean addedFieldsOptional() {
        return true;
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(method("awaitDone").withParameters(2).enter(call(ExecutorHooks.class, "futureWaits", self()).keep())
                        .exitAlways(call(ExecutorHooks.class, "futureWaited", entered())),
                method("cancel").withParameters(1).exit(call(ExecutorTasks.class, "cancelled", returned(), self())),
                method("run").withParameters(0).enter(call(ThreadPerTaskHooks.class, "futureRuns", self())),
                constructor().exit(call(ExecutorTasks.class, "futureMade", self(), arg(0))));
    }
}
