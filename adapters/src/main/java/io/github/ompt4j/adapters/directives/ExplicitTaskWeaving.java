package io.github.ompt4j.adapters.directives;

import static io.github.ompt4j.adapters.directives.Library.*;
import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.*;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.directives.TaskHooks;
import java.util.List;

/** Weaves {@code ExplicitTask}: task creation when the constructor returns (before the task can be queued, so no thread can run it earlier); the switch to it as {@code run} starts; its end as {@code complete} starts, before the counts that release its waiters drop, so that no waiter is reported done before the task; and a dependence pair when {@code addSuccessor} makes a task wait for this one while it has not completed; and its cancellation as {@code discarded} reports that a failed team dropped it. */
final class ExplicitTaskWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "io.github.ompt4j.omp.ExplicitTask";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(
                MethodWeaving.constructor().exit(call(TaskHooks.class, "taskCreate", field("undeferred"), field("untied"),
                        inheritedField("isFinal", "Z"), field("mergeable")).storeInInherited(TOOL_DATA, OBJECT)),
                method("run").enter(call(TaskHooks.class, "taskStart", TASK_DATA)),
                method("complete").enter(call(TaskHooks.class, "taskComplete", TASK_DATA)),
                method("discarded").enter(call(TaskHooks.class, "taskCancelled", TASK_DATA)),
                method("addSuccessor").enter(call(TaskHooks.class, "addSuccessor", self(), arg(0), TASK_DATA,
                        arg(0).get(EXPLICIT_TASK, TOOL_DATA, OBJECT), field("successors"), field("DONE"))));
    }
}
