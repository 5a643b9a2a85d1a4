/**
 * The {@code threads} adapter's hook: a thread the runtime met ends with its Java thread.
 */
package io.github.ompt4j.hooks.threads;
