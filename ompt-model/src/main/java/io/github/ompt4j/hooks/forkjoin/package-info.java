/**
 * Hooks for {@code java.util.concurrent}'s fork/join framework; see
 * {@link io.github.ompt4j.hooks.forkjoin.ForkJoinHooks} for the mapping to OMPT, and
 * {@link io.github.ompt4j.hooks.forkjoin.StreamHooks} for parallel streams.
 */
package io.github.ompt4j.hooks.forkjoin;
