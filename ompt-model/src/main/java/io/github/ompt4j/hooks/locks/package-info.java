/**
 * Hooks for {@code java.util.concurrent}'s locks ({@link io.github.ompt4j.hooks.locks.LockHooks}) and
 * barriers ({@link io.github.ompt4j.hooks.locks.BarrierHooks}).
 */
package io.github.ompt4j.hooks.locks;
