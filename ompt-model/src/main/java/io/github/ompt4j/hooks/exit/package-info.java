/**
 * The {@code exit} adapter's hook: the agent's work at exit, run before the JVM's shutdown hooks start.
 */
package io.github.ompt4j.hooks.exit;
