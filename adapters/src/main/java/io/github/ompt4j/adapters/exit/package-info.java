/**
 * The {@code exit} adapter: two calls woven into the JDK's shutdown sequence around the application's shutdown
 * hooks: before them, the agent stops its profiler and recording and writes what they fold into, while JFR and
 * every thread are still running; after them, the runtime delivers {@code runtime_shutdown}, the run's last event.
 */
package io.github.ompt4j.adapters.exit;
