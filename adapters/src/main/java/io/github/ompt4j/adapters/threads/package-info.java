/**
 * The {@code threads} adapter: the end of the threads the runtime met, woven into {@code java.lang.Thread} and
 * {@code java.lang.VirtualThread}. Every adapter meets the program's threads, so the agent installs this one
 * whenever it weaves anything; it is not one of the frameworks {@code adapters=} chooses from.
 */
package io.github.ompt4j.adapters.threads;
