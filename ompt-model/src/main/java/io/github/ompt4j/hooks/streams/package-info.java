/**
 * The {@code streams} adapter's hook: a parallel stream's terminal operation is a region whose member 0 is the
 * caller ({@link io.github.ompt4j.hooks.streams.StreamHooks}). The tasks it forks are the {@code forkjoin}
 * adapter's, whose public operations ({@link io.github.ompt4j.hooks.forkjoin.ForkJoin}) this hook builds on.
 */
package io.github.ompt4j.hooks.streams;
