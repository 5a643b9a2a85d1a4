/**
 * The {@code completable} adapter: {@code CompletableFuture}'s async stages as explicit tasks, created where
 * they are handed to their executor and run wherever the executor runs them; see
 * {@link io.github.ompt4j.hooks.completable.CompletableHooks}.
 */
package io.github.ompt4j.adapters.completable;
