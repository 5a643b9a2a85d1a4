package io.github.ompt4j.adapters.forkjoin;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.entered;
import static io.github.ompt4j.adapters.weave.Value.self;

import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.forkjoin.StreamTaskHooks;
import java.util.List;

/**
 * Weaves the {@code doLeaf} of {@code java.util.stream}'s task types: the leaf that a stream task computes
 * inline after its last split is a task of its own (see {@link StreamTaskHooks}). Every such type declares its
 * own {@code doLeaf} (the shared split loop is in their superclass, {@code AbstractTask}); their bridge
 * methods are woven too, and the hook reports the outermost call.
 */
final class StreamLeafWeaving {
    /** The stream task types with a {@code doLeaf}, the same on JDK 17 to 25. */
    static final List<TypeWeaving> ALL = TypeWeaving.each(
            List.of("java.util.stream.ReduceOps$ReduceTask", "java.util.stream.Nodes$CollectorTask",
                    "java.util.stream.FindOps$FindTask", "java.util.stream.MatchOps$MatchTask",
                    "java.util.stream.SliceOps$SliceTask", "java.util.stream.WhileOps$TakeWhileTask",
                    "java.util.stream.WhileOps$DropWhileTask"),
            List.of(method("doLeaf").withParameters(0).enter(call(StreamTaskHooks.class, "leafBegin", self()).keep())
                    .exitAlways(call(StreamTaskHooks.class, "leafEnd", entered(), self()))));

    private StreamLeafWeaving() {
    }
}
