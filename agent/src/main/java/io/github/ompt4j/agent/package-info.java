/**
 * The Java agent: {@code premain}/{@code agentmain}, option parsing, putting {@code ompt-model} on the
 * bootstrap class path, async-profiler control and the command line ({@code report}, {@code attach},
 * {@code inspect}). {@code premain} does almost nothing and catches everything, so that the
 * application never dies because of the agent. This module is filled by the agent issue; until then
 * it holds only this note.
 */
package io.github.ompt4j.agent;
