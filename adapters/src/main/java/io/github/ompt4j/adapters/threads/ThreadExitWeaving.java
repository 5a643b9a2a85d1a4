package io.github.ompt4j.adapters.threads;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.threads.ThreadHooks;
import java.util.List;

/**
 * Weaves {@code java.lang.Thread.exit()}, which the JVM calls on a platform thread as it terminates (its
 * {@code run} returned or threw, or it detaches), the same private method on JDK 17 to 25. The class is loaded
 * before premain, so it is woven by retransformation.
 */
final class ThreadExitWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.lang.Thread";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(method("exit").withParameters(0).enter(call(ThreadHooks.class, "threadEnds")));
    }
}
