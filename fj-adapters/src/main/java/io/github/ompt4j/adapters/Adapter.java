package io.github.ompt4j.adapters;

import net.bytebuddy.agent.builder.AgentBuilder;

/**
 * A group of instrumentations that switch on and off together, named by the agent's
 * {@code adapters=} option. Each instrumentation class weaves one target type.
 */
public interface Adapter {
    /** The name used in {@code adapters=}. */
    String name();

    /** Whether {@code typeName} is one of the types this adapter weaves (for attributing errors). */
    boolean weaves(String typeName);

    /** Add this adapter's transformations to {@code builder}. */
    AgentBuilder install(AgentBuilder builder);

    /** The adapter's health: whether its advice still runs, and how often it failed. */
    AdapterHealth health();
}
