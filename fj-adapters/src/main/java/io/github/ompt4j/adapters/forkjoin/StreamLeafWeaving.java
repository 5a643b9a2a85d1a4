package io.github.ompt4j.adapters.forkjoin;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.entered;
import static io.github.ompt4j.adapters.weave.Value.self;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.forkjoin.ForkJoinHooks;
import java.util.List;

/**
 * Weaves the {@code doLeaf} of one of {@code java.util.stream}'s task types: the leaf that a stream task
 * computes inline after its last split is a task of its own (see {@link ForkJoinHooks}). Every such type
 * declares its own {@code doLeaf} (the shared split loop is in their superclass, {@code AbstractTask});
 * their bridge methods are woven too, and the hook reports the outermost call.
 */
final class StreamLeafWeaving implements TypeWeaving {
    /** The stream task types with a {@code doLeaf}, the same on JDK 17 to 25. */
    static final List<TypeWeaving> ALL = List.of(
            new StreamLeafWeaving("java.util.stream.ReduceOps$ReduceTask"),
            new StreamLeafWeaving("java.util.stream.Nodes$CollectorTask"),
            new StreamLeafWeaving("java.util.stream.FindOps$FindTask"),
            new StreamLeafWeaving("java.util.stream.MatchOps$MatchTask"),
            new StreamLeafWeaving("java.util.stream.SliceOps$SliceTask"),
            new StreamLeafWeaving("java.util.stream.WhileOps$TakeWhileTask"),
            new StreamLeafWeaving("java.util.stream.WhileOps$DropWhileTask"));
    private static final Class<?> HOOKS = ForkJoinHooks.class;

    private final String typeName;

    private StreamLeafWeaving(String typeName) {
        this.typeName = typeName;
    }

    @Override
    public String typeName() {
        return typeName;
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(method("doLeaf").withParameters(0).enter(call(HOOKS, "leafBegin", self()).keep())
                .exitAlways(call(HOOKS, "leafEnd", entered(), self())));
    }
}
