package io.github.ompt4j.hooks.forkjoin;

import io.github.ompt4j.model.CallSites;

/**
 * Call sites cached by class: the first time a program's task class (or a lambda's class) reaches a construct
 * inside a region, the stack is walked once and the program's frame found is that class's call site from then
 * on. A fork costs about 100 ns, a walk about a microsecond; with the cache a construct costs one
 * {@code ClassValue} lookup after the first. A class used from several places reports the first of them.
 */
final class CallSiteByClass extends ClassValue<Long> {
    /**
     * Frames of the JDK, never a call site: the program's line that called into it is ({@code Arrays.parallelSort}
     * runs a pool's tasks from {@code java.util}, a stream from {@code java.util.stream}).
     */
    static final String[] RUNTIME = {"java.", "javax.", "jdk.", "sun.", "com.sun."};

    @Override
    protected Long computeValue(Class<?> type) {
        return CallSites.caller(RUNTIME);
    }

    long of(Class<?> type) {
        return get(type);
    }
}
