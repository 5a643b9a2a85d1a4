package io.github.ompt4j.adapters.threads;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.threads.ThreadHooks;
import java.util.List;

/**
 * Weaves {@code java.lang.VirtualThread.run(Runnable)} (JDK 21 and later), which runs a virtual thread's task
 * on the virtual thread and returns when it terminates: {@code Thread.exit} is for platform threads only.
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
        return List.of(method("run").withParameters(1).exitAlways(call(ThreadHooks.class, "threadEnds")));
    }
}
