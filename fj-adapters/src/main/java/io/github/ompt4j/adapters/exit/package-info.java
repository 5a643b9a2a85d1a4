/**
 * The {@code exit} adapter: one call woven into the JDK's shutdown sequence, so that the agent stops its
 * profiler and recording, and writes what they fold into, while JFR and every thread are still running.
 */
package io.github.ompt4j.adapters.exit;
