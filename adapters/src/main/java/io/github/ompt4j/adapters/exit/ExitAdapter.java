package io.github.ompt4j.adapters.exit;

import io.github.ompt4j.adapters.Adapter;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.exit.ExitHooks;
import java.util.List;

/**
 * The {@code exit} adapter: the agent's own work at exit ({@link ExitHooks}): the recording's end before the
 * application's shutdown hooks, {@code runtime_shutdown} after them. The agent always installs it; it is not one
 * of the frameworks {@code adapters=} chooses from.
 */
public final class ExitAdapter implements Adapter {
    private static final List<TypeWeaving> TYPES = List.of(new ShutdownHooksWeaving());

    @Override
    public String name() {
        return "exit";
    }

    @Override
    public List<TypeWeaving> types() {
        return TYPES;
    }

    @Override
    public List<Class<?>> hooks() {
        return List.of(ExitHooks.class);
    }
}
