package io.github.ompt4j.adapters;

import io.github.ompt4j.adapters.weave.CallSiteMarking;
import io.github.ompt4j.adapters.weave.TypeWeaving;
import io.github.ompt4j.hooks.AdapterHealth;
import java.util.List;

/**
 * A group of type weavings that switch on and off together, named by the agent's {@code adapters=}
 * option. Each weaving covers one target type; the hooks they call live on the bootstrap path, in a
 * package of {@code io.github.ompt4j.hooks} of their own.
 */
public interface Adapter {
    /** The name used in {@code adapters=}. */
    String name();

    /** The types this adapter weaves. */
    List<TypeWeaving> types();

    /** The calls this adapter marks in the program's own classes, so its hooks know their call sites cheaply. */
    default List<CallSiteMarking> callSites() {
        return List.of();
    }

    /**
     * The hook classes its weavings call, initialized at start-up so that no class initializer runs
     * for the first time inside woven framework code.
     */
    List<Class<?>> hooks();

    /** The adapter's health, shared with its hooks: whether they still report, and how often they failed. */
    default AdapterHealth health() {
        return AdapterHealth.of(name());
    }
}
