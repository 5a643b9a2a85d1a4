/**
 * JMH benchmarks of the JFR side: committing each event type as {@code JfrTool} does
 * ({@code EventCommitBenchmark}), and whole constructs reported through the tool with the default settings
 * ({@code ToolCallbackBenchmark}), with no recording and with one running. Their figures are in the README's
 * recording numbers; run them with {@code -prof gc}, since an instant event is an object per commit.
 */
package io.github.ompt4j.benchmarks.jfr;
