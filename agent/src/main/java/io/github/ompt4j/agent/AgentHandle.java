package io.github.ompt4j.agent;

import io.github.ompt4j.agent.inspect.AgentControl;
import io.github.ompt4j.agent.inspect.AgentStatus;
import io.github.ompt4j.agent.inspect.OmptMBean;
import io.github.ompt4j.hooks.AdapterHealth;
import io.github.ompt4j.model.OmptDispatch;
import io.github.ompt4j.model.OmptThreads;
import io.github.ompt4j.model.ToolFailures;
import java.util.ArrayList;
import java.util.List;

/**
 * The running agent as its MXBean sees it ({@link OmptMBean}): what it was started with, its adapters' health,
 * its recording, which {@code attach <pid> stop} stops. The MXBean is published when the agent is attached or
 * runs with {@code inspect=on}, and by a later attach (which {@code inspect} makes) otherwise: a {@code -javaagent}
 * start without it pays nothing for the platform MBean server.
 */
final class AgentHandle implements AgentControl {
    private final AgentOptions options;
    private final boolean attached;
    /** {@code null} when the agent records nothing. */
    private final AgentRecording recording;

    AgentHandle(AgentOptions options, boolean attached, AgentRecording recording) {
        this.options = options;
        this.attached = attached;
        this.recording = recording;
    }

    /**
     * Registers the agent's MXBean; a failure costs one warning and nothing else. Called before the weaver is
     * installed where it can be, because the platform MBean server's start takes locks and starts threads, which
     * woven, would show in the program's trace as a thread of ours.
     */
    void publish() {
        try {
            OmptMBean.register(this);
        } catch (Exception | LinkageError e) {
            AgentLog.warn("the " + OmptMBean.NAME + " MXBean could not be registered, so inspect cannot read this"
                    + " JVM: " + e);
        }
    }

    @Override
    public AgentStatus status() {
        List<AgentStatus.Adapter> adapters = new ArrayList<>();
        for (String name : options.adapters) {
            AdapterHealth health = AdapterHealth.of(name);
            adapters.add(new AgentStatus.Adapter(name, health.enabled(), health.failures()));
        }
        String state = recording == null ? "none" : recording.finished() ? "stopped" : "recording";
        return new AgentStatus(options.toString(), attached, OmptDispatch.tracking(), adapters, ToolFailures.total(),
                OmptThreads.live().size(), state, recording == null ? null : recording.file().toString());
    }

    @Override
    public String stopRecording() {
        return recording == null ? "the agent records nothing here (no jfr=, out=, profile= or output option)"
                : recording.finish();
    }
}
