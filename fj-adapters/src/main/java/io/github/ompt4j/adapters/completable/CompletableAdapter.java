package io.github.ompt4j.adapters.completable;

import io.github.ompt4j.adapters.Adapter;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.forkjoin.CompletableHooks;
import java.util.List;

/**
 * The {@code completable} adapter: {@code CompletableFuture}'s async stages as explicit tasks; see
 * {@link CompletableHooks}. It needs the {@code forkjoin} adapter, whose field holds the tasks.
 */
public final class CompletableAdapter implements Adapter {
    private static final List<TypeWeaving> TYPES = List.of(
            new AsyncStageWeaving("java.util.concurrent.CompletableFuture$AsyncSupply"),
            new AsyncStageWeaving("java.util.concurrent.CompletableFuture$AsyncRun"),
            new CompletionWeaving(), new UniCompletionWeaving(), new ThreadPerTaskExecutorWeaving(),
            new CompletableFutureWeaving());

    @Override
    public String name() {
        return "completable";
    }

    @Override
    public List<TypeWeaving> types() {
        return TYPES;
    }

    @Override
    public List<Class<?>> hooks() {
        return List.of(CompletableHooks.class);
    }
}
