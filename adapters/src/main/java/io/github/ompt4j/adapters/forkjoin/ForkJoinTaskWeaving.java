package io.github.ompt4j.adapters.forkjoin;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.entered;
import static io.github.ompt4j.adapters.weave.Value.returned;
import static io.github.ompt4j.adapters.weave.Value.self;
import static io.github.ompt4j.adapters.weave.Value.thrown;

import io.github.ompt4j.adapters.weave.AddedField;
import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.forkjoin.JoinHooks;
import io.github.ompt4j.hooks.forkjoin.PoolHooks;
import io.github.ompt4j.hooks.forkjoin.TaskHooks;
import java.util.List;

/**
 * Weaves {@code ForkJoinTask}: task creation in {@code fork}, a switch to the task and its end around
 * {@code doExec} (every execution goes through it: a worker's, a helper's inside a join, an inline
 * {@code invoke}), the region of an inline {@code invoke} from outside any region, and the join
 * around {@code awaitDone} (a taskwait once it blocks or helps, see {@link JoinWaiterWeaving}; its parameters
 * differ on each JDK, so every overload is woven and the hook reports the outermost). The task's OMPT task lives in an added field (after an attach, in a
 * table beside the class). Where a task announced
 * will not run, it is withdrawn: a fork that throws, a cancellation that succeeds ({@code trySetCancelled}, which
 * every cancellation goes through, an override of {@code cancel} included), {@code tryUnfork} that takes it back,
 * {@code pollTask}, {@code pollNextLocalTask} and {@code pollSubmission} that take it out of the pool;
 * {@code reinitialize} makes it a new task.
 */
final class ForkJoinTaskWeaving implements TypeWeaving {
    private static final Class<?> HOOKS = TaskHooks.class;

    @Override
    public String typeName() {
        return "java.util.concurrent.ForkJoinTask";
    }

    @Override
    public List<AddedField> addedFields() {
        return List.of(AddedField.object(TaskHooks.TASK_FIELD));
    }

    /** After an attach, {@code ForkJoinTask} is loaded: its hooks keep the tasks in a table instead. */
    @Override
    public boolean addedFieldsOptional() {
        return true;
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(
                method("fork").withParameters(0).enter(call(HOOKS, "fork", self()).keep())
                        .exitAlways(call(PoolHooks.class, "submitEnd", entered(), thrown(), self())),
                method("doExec").withParameters(0).enter(call(HOOKS, "execBegin", self()).keep())
                        .exitAlways(call(HOOKS, "execEnd", entered(), self())),
                method("invoke").withParameters(0).enter(call(HOOKS, "invokeBegin", self()).keep())
                        .exitAlways(call(HOOKS, "invokeEnd", entered())),
                method("awaitDone").enter(call(JoinHooks.class, "awaitBegin", self()).keep())
                        .exitAlways(call(JoinHooks.class, "awaitEnd", entered())),
                method("trySetCancelled").withParameters(0).exit(call(HOOKS, "cancelled", self())),
                method("tryUnfork").withParameters(0).exit(call(HOOKS, "unforked", returned(), self())),
                method("reinitialize").withParameters(0).exit(call(HOOKS, "reinitialized", self())),
                polling("pollTask"), polling("pollNextLocalTask"), polling("pollSubmission"));
    }

    /** A static {@code name()} that takes a task out of the current worker's pool, unrun: it is withdrawn. */
    private static MethodWeaving polling(String name) {
        return method(name).withParameters(0).exit(call(PoolHooks.class, "polled", returned()));
    }
}
