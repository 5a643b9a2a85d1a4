package io.github.ompt4j.agent.inspect;

/** What the MXBean asks of the agent that registered it: its status, and stopping its recording. */
public interface AgentControl {
    /** What the agent in this JVM is doing. */
    AgentStatus status();

    /** Stop the recording and write its outputs, leaving the application running; what was done, in words. */
    String stopRecording();
}
