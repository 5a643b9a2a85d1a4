/**
 * The {@code barriers} adapter's hook: {@code java.util.concurrent}'s barriers as explicit barriers
 * ({@link io.github.ompt4j.hooks.barriers.BarrierHooks}), with the thread and wait IDs of the locks' hooks. Adding
 * a barrier type is a row in the adapter's {@code BarriersAdapter}, which names its waiting method.
 */
package io.github.ompt4j.hooks.barriers;
