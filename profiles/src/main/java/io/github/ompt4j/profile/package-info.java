/**
 * User-model profiles: the samples of a recording folded into OpenMP's user model, as Sun's Analyzer shows
 * it, and written as a flame graph, collapsed stacks, a text report and a timeline, or exported as pprof,
 * OpenTelemetry profiles (OTLP) and a Chrome trace.
 *
 * <p>{@link io.github.ompt4j.profile.ProfileCommand} is the {@code report} command (the agent's
 * {@code java -jar ompt-agent.jar report}); {@link io.github.ompt4j.profile.JfrToProfile} folds a recording into
 * the data model of {@link io.github.ompt4j.profile.model} for exporters. The work is a pipeline of
 * sub-packages: {@code jfr} reads the recording, {@code state} derives every thread's state over time,
 * {@code fold} folds the samples in a view, {@code metrics} computes the report's numbers, {@code output}
 * writes the files. The module depends on the JDK and async-profiler's converter only, so that the agent jar
 * runs it as a plain command, without the model on the bootstrap path.
 *
 * <p>{@link io.github.ompt4j.profile.OutputFile} is the table of outputs: adding one is a row there (its flag,
 * the agent's option, its name under {@code out=}, what it holds, its writer); the report's options and usage,
 * the agent's options and help, and {@code Outputs} follow. The agent writes its exit-time outputs through the
 * typed {@link io.github.ompt4j.profile.ProfileCommand#write}, not through the command's arguments.
 */
package io.github.ompt4j.profile;
