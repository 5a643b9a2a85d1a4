package io.github.ompt4j.adapters.exit;

import static io.github.ompt4j.adapters.weave.Hook.call;
import static io.github.ompt4j.adapters.weave.MethodWeaving.method;

import io.github.ompt4j.adapters.weave.MethodWeaving;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.exit.ExitHooks;
import java.util.List;

/**
 * Weaves {@code java.lang.ApplicationShutdownHooks.runHooks()}, which {@code Shutdown} calls once on the
 * thread that shuts the JVM down and which starts every application shutdown hook and waits for them: on entry,
 * {@link ExitHooks#beforeShutdownHooks()}, on return {@link ExitHooks#afterShutdownHooks()}. The same private
 * static method on JDK 17 to 25.
 */
final class ShutdownHooksWeaving implements TypeWeaving {
    @Override
    public String typeName() {
        return "java.lang.ApplicationShutdownHooks";
    }

    @Override
    public List<MethodWeaving> methods() {
        return List.of(method("runHooks").withParameters(0)
                .enter(call(ExitHooks.class, "beforeShutdownHooks"))
                .exitAlways(call(ExitHooks.class, "afterShutdownHooks")));
    }
}
