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
 * the agent needs (a temporary recording, async-profiler's settings, and with no cache the model jar).
 *
 * <p><b>What every start would make again</b> is kept in {@code AgentCache}, a directory of the user's own with one
 * directory per build of the agent: the classes the weaver wove ({@code WovenClassCache}, which the weaver reads
 * before it weaves), the model jar and async-profiler's library. With all of it there, a start loads neither the
 * weaver's reader and writer nor its checks: 60 ms of the 250 the agent added to a one-line program (JDK 17).
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
