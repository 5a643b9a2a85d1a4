package io.github.ompt4j.agent.inspect;

import com.sun.tools.attach.AgentInitializationException;
import com.sun.tools.attach.AgentLoadException;
import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * A running JVM of this user, reached through the Attach API (which, as the JDK documents it, admits only the
 * user who runs the JVM), and its platform MBean server through the JDK's local management agent
 * ({@link VirtualMachine#startLocalManagementAgent}: a connector on the loopback interface that only local
 * processes of that user can find; nothing listens on the network). The agent's MXBean ({@code OmptMBean}) is
 * read there; where it is missing, the agent can be loaded first.
 */
final class TargetJvm implements AutoCloseable {
    /** How long the agent may take to start and publish its MXBean (weaving the loaded classes included). */
    private static final long AGENT_START_MILLIS = 60_000;
    private final String pid;
    private final VirtualMachine vm;
    private final JMXConnector connector;
    final MBeanServerConnection mbeans;

    /** A failure to reach the JVM, said in words: the command prints it and fails, never with a stack trace. */
    static final class Unreachable extends Exception {
        private static final long serialVersionUID = 1L;

        Unreachable(String message) {
            super(message);
        }
    }

    private TargetJvm(String pid, VirtualMachine vm, JMXConnector connector) throws IOException {
        this.pid = pid;
        this.vm = vm;
        this.connector = connector;
        this.mbeans = connector.getMBeanServerConnection();
    }

    static TargetJvm attach(String pid) throws Unreachable {
        VirtualMachine vm;
        try {
            vm = VirtualMachine.attach(pid);
        } catch (AttachNotSupportedException | IOException e) {
            throw new Unreachable("cannot attach to JVM " + pid + ": " + e.getMessage() + " (is it a running JVM of"
                    + " this user? started with -XX:+DisableAttachMechanism?)");
        }
        try {
            JMXConnector connector = JMXConnectorFactory.connect(new JMXServiceURL(vm.startLocalManagementAgent()));
            return new TargetJvm(pid, vm, connector);
        } catch (IOException | RuntimeException e) {
            detach(vm);
            throw new Unreachable("attached to JVM " + pid + " but could not read its MBeans through the local"
                    + " management agent: " + e);
        }
    }

    /** Whether the agent's MXBean is there: the agent runs in the JVM. */
    boolean hasAgent() throws Unreachable {
        try {
            return mbeans.isRegistered(OmptObjectName.get());
        } catch (IOException e) {
            throw new Unreachable("lost the connection to JVM " + pid + ": " + e.getMessage());
        }
    }

    /**
     * Load the agent with {@code options} and wait for its MXBean; false if it did not start (a bad option, or
     * {@code OMP_TOOL=disabled}: the JVM's standard error says which).
     */
    boolean loadAgent(String options) throws Unreachable {
        try {
            vm.loadAgent(agentJar().toString(), options);
        } catch (AgentLoadException | AgentInitializationException | IOException e) {
            throw new Unreachable("could not load the agent into JVM " + pid + ": " + e.getMessage());
        }
        long deadline = System.currentTimeMillis() + AGENT_START_MILLIS;
        while (!hasAgent()) {
            if (System.currentTimeMillis() > deadline) {
                return false;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    String pid() {
        return pid;
    }

    private static Path agentJar() throws Unreachable {
        try {
            return Path.of(TargetJvm.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException | RuntimeException e) {
            throw new Unreachable("cannot find ompt-agent.jar to load: " + e);
        }
    }

    @Override
    public void close() {
        try {
            connector.close();
        } catch (IOException ignored) {
            // the target may have ended; nothing is left to release on our side
        }
        detach(vm);
    }

    private static void detach(VirtualMachine vm) {
        try {
            vm.detach();
        } catch (IOException ignored) {
            // as above
        }
    }
}
