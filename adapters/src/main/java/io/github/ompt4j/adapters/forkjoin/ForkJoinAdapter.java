package io.github.ompt4j.adapters.forkjoin;

import io.github.ompt4j.adapters.Adapter;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.forkjoin.ForkJoin;
import io.github.ompt4j.hooks.forkjoin.JoinHooks;
import io.github.ompt4j.hooks.forkjoin.PoolHooks;
import io.github.ompt4j.hooks.forkjoin.StreamTaskHooks;
import io.github.ompt4j.hooks.forkjoin.TaskHooks;
import java.util.List;

/**
 * The {@code forkjoin} adapter: {@code ForkJoinPool}, {@code ForkJoinTask} and its waiters, and the leaves of the parallel
 * streams' tasks; the logic is in {@link PoolHooks}, {@link TaskHooks},
 * {@link JoinHooks} and {@link StreamTaskHooks}.
 */
public final class ForkJoinAdapter implements Adapter {
    /** Its name in {@code adapters=} (a constant, so the agent's table names it without loading this class). */
    public static final String NAME = "forkjoin";
    private static final List<TypeWeaving> TYPES = TypeWeaving.concat(
            List.of(new ForkJoinTaskWeaving(), new JoinWaiterWeaving(), new ForkJoinPoolWeaving()), StreamLeafWeaving.ALL);

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
        return List.of(ForkJoin.class, PoolHooks.class, TaskHooks.class, JoinHooks.class, StreamTaskHooks.class);
    }
}
