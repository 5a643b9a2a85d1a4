package io.github.ompt4j.hooks.forkjoin;

import io.github.ompt4j.model.CallSites;

/**
 * Call sites cached by class: the first time a task class (or a lambda's class) reaches a construct, the
 * stack is walked once and the user frame found is that class's call site from then on. A fork costs
 * about 100 ns, a walk about a microsecond; with the cache a construct costs one {@code ClassValue}
 * lookup after the first. A class used from several places reports the first of them.
 */
final class CallSiteByClass extends ClassValue<Long> {
    /** Frames of the frameworks themselves, never a call site. */
    static final String[] RUNTIME = {"java.util.concurrent.", "java.util.stream.", "java.lang.ClassValue", "java.lang.Thread",
        "java.lang.VirtualThread", "jdk.internal."};

    @Override
    protected Long computeValue(Class<?> type) {
        return CallSites.caller(RUNTIME);
    }

    long of(Class<?> type) {
        return get(type);
    }
}
