/**
 * What {@code benchmarks/agent-overhead.sh} runs the programs under: {@code NoopTool}, a tool that registers
 * every event and does nothing, so that a run measures OMPT's own cost with every event on, apart from any
 * tool's work.
 */
package io.github.ompt4j.benchmarks.overhead;
