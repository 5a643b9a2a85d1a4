package io.github.ompt4j.adapters.threads;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;
import static io.github.ompt4j.adapters.weave.Value.entered;
import static io.github.ompt4j.adapters.weave.Value.field;
import static io.github.ompt4j.adapters.weave.Value.self;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.threads.ThreadHooks;
import java.util.List;

/**
 * Weaves {@code java.lang.VirtualThread} (JDK 21 and later, the same methods on 21 and 25): {@code run(Runnable)} runs
 * a virtual thread's task on the virtual thread and returns when it terminates ({@code Thread.exit} is for platform
 * threads only), mounted on its {@code carrierThread}; {@code runContinuation}, on a carrier, mounts the virtual
 * thread, runs it until it yields or ends, and unmounts it: the stretches a tool may ask for
 * ({@link io.github.ompt4j.model.VirtualThreadMounts}), which the virtual thread reports as {@code yieldContinuation},
 * where a park unmounts it, returns mounted again.
 */
final class VirtualThreadRunWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.lang.VirtualThread";
    }

    @Override
    public boolean optional() {
        return true;
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(method("run").withParameters(1)
                        .exitAlways(call(ThreadHooks.class, "virtualThreadEnds", field("carrierThread"))),
                method("runContinuation").withParameters(0).enter(call(ThreadHooks.class, "mounting", self()).keep())
                        .exitAlways(call(ThreadHooks.class, "unmounted", self(), entered())),
                method("yieldContinuation").withParameters(0).exitAlways(call(ThreadHooks.class, "remounted")));
    }
}
