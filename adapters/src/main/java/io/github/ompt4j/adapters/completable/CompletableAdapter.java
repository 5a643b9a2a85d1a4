package io.github.ompt4j.adapters.completable;

import io.github.ompt4j.adapters.Adapter;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.completable.CompletableHooks;
import java.util.List;

/**
 * The {@code completable} adapter: {@code CompletableFuture}'s async stages as explicit tasks; see
 * {@link CompletableHooks}. It needs the {@code forkjoin} adapter, whose field holds the tasks.
 */
public final class CompletableAdapter implements Adapter {
    /** Its name in {@code adapters=} (a constant, so the agent's table names it without loading this class). */
    public static final String NAME = "completable";
    private static final List<TypeWeaving> TYPES = TypeWeaving.concat(AsyncStageWeaving.BOTH,
            List.of(new CompletionWeaving(), new UniCompletionWeaving(), new ForkJoinTaskTagWeaving(),
                    new ThreadPerTaskExecutorWeaving(), new TaskSubmitterWeaving(), new CompletableFutureWeaving()));

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
        return List.of(CompletableHooks.class);
    }
}
