package io.github.ompt4j.adapters.forkjoin;

import io.github.ompt4j.adapters.Adapter;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.forkjoin.ForkJoinHooks;
import java.util.List;

/** The {@code forkjoin} adapter: {@code ForkJoinPool} and {@code ForkJoinTask}; the logic is in {@link ForkJoinHooks}. */
public final class ForkJoinAdapter implements Adapter {
    private static final List<TypeWeaving> TYPES = List.of(new ForkJoinTaskWeaving(), new ForkJoinPoolWeaving());

    @Override
    public String name() {
        return "forkjoin";
    }

    @Override
    public List<TypeWeaving> types() {
        return TYPES;
    }

    @Override
    public List<Class<?>> hooks() {
        return List.of(ForkJoinHooks.class);
    }
}
