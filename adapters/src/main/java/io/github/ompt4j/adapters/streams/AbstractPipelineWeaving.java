package io.github.ompt4j.adapters.streams;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.entered;
import static io.github.ompt4j.adapters.weave.Value.self;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.streams.StreamHooks;
import java.util.List;

/**
 * Weaves {@code java.util.stream.AbstractPipeline}: a parallel pipeline's region around its terminal
 * evaluation, {@code evaluate(terminalOp)}, and around {@code evaluateToArrayNode} ({@code toArray}).
 * The class is loaded before premain, so it is woven by retransformation.
 */
final class AbstractPipelineWeaving implements TypeWeaving {
    private static final Class<?> HOOKS = StreamHooks.class;

    @Override
    public String typeName() {
        return "java.util.stream.AbstractPipeline";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(
                method("evaluate").withParameters(1).enter(call(HOOKS, "evaluateBegin", self()).keep())
                        .exitAlways(call(HOOKS, "evaluateEnd", entered())),
                method("evaluateToArrayNode").withParameters(1).enter(call(HOOKS, "evaluateBegin", self()).keep())
                        .exitAlways(call(HOOKS, "evaluateEnd", entered())));
    }
}
