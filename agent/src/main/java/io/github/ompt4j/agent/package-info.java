/**
 * The Java agent: {@code premain}/{@code agentmain}, option parsing, putting {@code ompt-model} on the
 * bootstrap class path, and weaving.
 *
 * <p>{@link io.github.ompt4j.agent.OmptAgent} does almost nothing itself: it parses the options (a bad
 * one stops start-up with a message), injects the model jar, and hands over to
 * {@code AgentStartup}, catching everything so that the application never dies because of the agent.
 * {@code AgentStartup} registers tools as {@code OMP_TOOL} says and makes the premain thread the initial
 * thread; {@code Installer} registers a {@code LazyTransformer} that builds Byte Buddy's transformer only
 * when the first woven class loads, so that start-up stays cheap, and checks it with a self-test.
 */
package io.github.ompt4j.agent;
