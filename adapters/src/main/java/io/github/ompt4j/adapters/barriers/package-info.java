/**
 * The {@code barriers} adapter: {@code java.util.concurrent}'s barriers as explicit barriers (see
 * {@code io.github.ompt4j.hooks.barriers}). One weaving serves every barrier type: the method where a thread
 * arrives and waits, with an enter hook that reports the barrier (and its wait, unless the thread is the last to
 * arrive) and an exit hook on every way out. Adding a barrier type is one row in {@code BarriersAdapter.TYPES}.
 */
package io.github.ompt4j.adapters.barriers;
