package io.github.ompt4j.agent.inspect;

import java.util.List;

/**
 * What the agent in a JVM is doing: how it started ({@code attached}, with {@code options}), whether the runtime
 * tracks (keeps the model that {@code inspect} reads: a tool, a recording or {@code inspect=on} asked for it),
 * each adapter's health, how often tools' callbacks threw, how many threads the runtime knows, and its recording
 * ({@code recordingState}: {@code none}, {@code recording}, {@code stopped}; {@code recording}: the file, or
 * {@code null}).
 */
public record AgentStatus(String options, boolean attached, boolean tracking, List<Adapter> adapters,
        long toolFailures, int threadsKnown, String recordingState, String recording) {

    /** An adapter the agent installed: {@code enabled} until its first failure, and how many it had. */
    public record Adapter(String name, boolean enabled, long failures) {
    }
}
