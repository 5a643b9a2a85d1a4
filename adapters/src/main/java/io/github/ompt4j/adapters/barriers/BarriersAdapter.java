package io.github.ompt4j.adapters.barriers;

import io.github.ompt4j.adapters.Adapter;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.barriers.BarrierHooks;
import java.util.List;

/** The {@code barriers} adapter: {@code CyclicBarrier}, {@code CountDownLatch}, {@code Phaser}; see {@link BarrierHooks}. */
public final class BarriersAdapter implements Adapter {
    /** Its name in {@code adapters=} (a constant, so the agent's table names it without loading this class). */
    public static final String NAME = "barriers";
    private static final List<TypeWeaving> TYPES = List.of(
            new BarrierWeaving("java.util.concurrent.CyclicBarrier", "dowait"),
            new BarrierWeaving("java.util.concurrent.CountDownLatch", "await"),
            new BarrierWeaving("java.util.concurrent.Phaser", "arriveAndAwaitAdvance"));

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
        return List.of(BarrierHooks.class);
    }
}
