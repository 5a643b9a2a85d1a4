package io.github.ompt4j.adapters.barriers;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.entered;
import static io.github.ompt4j.adapters.weave.Value.self;

import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.hooks.barriers.BarrierHooks;
import java.util.List;

/**
 * Weaves one barrier type of {@code java.util.concurrent}: an explicit barrier around its waiting method
 * ({@code CyclicBarrier.dowait}, every {@code CountDownLatch.await}, {@code Phaser.arriveAndAwaitAdvance}).
 */
final class BarrierWeaving implements TypeWeaving {
    private final String typeName;
    private final String waitingMethod;

    BarrierWeaving(String typeName, String waitingMethod) {
        this.typeName = typeName;
        this.waitingMethod = waitingMethod;
    }

    @Override
    public String typeName() {
        return typeName;
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(method(waitingMethod).enter(call(BarrierHooks.class, "barrierBegin", self()).keep())
                .exitAlways(call(BarrierHooks.class, "barrierEnd", entered())));
    }
}
