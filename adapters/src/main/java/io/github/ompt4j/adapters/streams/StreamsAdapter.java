package io.github.ompt4j.adapters.streams;

import io.github.ompt4j.adapters.Adapter;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.streams.StreamHooks;
import java.util.List;

/**
 * The {@code streams} adapter: parallel-stream terminal operations as regions; their tasks are the
 * {@code forkjoin} adapter's. The logic is in {@link StreamHooks}.
 */
public final class StreamsAdapter implements Adapter {
    /** Its name in {@code adapters=} (a constant, so the agent's table names it without loading this class). */
    public static final String NAME = "streams";
    private static final List<TypeWeaving> TYPES = List.of(new AbstractPipelineWeaving());

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<TypeWeaving> types() {
        return TYPES;
    }

    @Override
    public List<Class<?>> hooks() {
        return List.of(StreamHooks.class);
    }
}
