package io.github.ompt4j.adapters.threads;

import io.github.ompt4j.adapters.Adapter;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.threads.ThreadHooks;
import java.util.List;

/** The {@code threads} adapter: see the package description and {@link ThreadHooks}. */
public final class ThreadsAdapter implements Adapter {
    private static final List<TypeWeaving> TYPES = List.of(new ThreadExitWeaving(), new VirtualThreadRunWeaving());

    @Override
    public String name() {
        return "threads";
    }

    @Override
    public List<TypeWeaving> types() {
        return TYPES;
    }

    @Override
    public List<Class<?>> hooks() {
        return List.of(ThreadHooks.class);
    }
}
