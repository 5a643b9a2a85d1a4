/**
 * The Java agent: {@code premain}/{@code agentmain}, option parsing, putting {@code ompt-model} on the
 * bootstrap class path, and weaving.
 *
 * <p>{@link io.github.ompt4j.agent.OmptAgent} does almost nothing itself: it parses the options (a bad
 * one stops start-up with a message), injects the model jar, and hands over to
 * {@code AgentStartup}, catching everything so that the application never dies because of the agent.
 * {@code AgentStartup} registers tools as {@code OMP_TOOL} says and makes the premain thread the initial
 * thread; {@code Installer} checks the weaver with a self-test, registers it, and weaves by
 * retransformation the JDK classes that were loaded before premain.
 *
 * <p>{@code AgentRecording} owns what the agent records ({@code jfr=}, {@code out=}, {@code profile=}): our JFR
 * recording, or async-profiler's {@code jfrsync} one ({@code Sampler}), started before the initial thread
 * begins, and at exit, before the JVM's shutdown hooks run (the {@code exit} adapter, which also delivers
 * {@code runtime_shutdown} once those hooks have returned), stopped and folded into the outputs asked for by the
 * {@code report} command. {@code PrivateTempFile} makes the owner-only files
 * the agent needs (the model jar, a temporary recording, async-profiler's settings).
 *
 * <p><b>One table each.</b> Adding an option is a row in {@code AgentOptions} (an {@code Option}: key, help,
 * value when not given, reader to a typed value); the help, the valid keys and the error messages follow. An
 * exit-time output is a row in {@link io.github.ompt4j.profile.OutputFile}, which the options derive from. An
 * adapter is a row in {@code Adapters} (its name is the adapter's {@code NAME}). A JFR event type is a row in
 * {@code io.github.ompt4j.jfr.JfrBinding}; if an option switches it ({@code tasks=}, {@code mutexes=},
 * {@code threshold=}), {@code AgentRecording} names it by its class's {@code NAME}. The agent, not the model,
 * names its options in messages and decides what is fatal ({@code AgentLog.fatal}, the only exit at start-up).
 */
package io.github.ompt4j.agent;
