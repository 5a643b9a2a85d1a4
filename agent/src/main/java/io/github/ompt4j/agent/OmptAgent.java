package io.github.ompt4j.agent;

import io.github.ompt4j.agent.inspect.AttachCommand;
import io.github.ompt4j.agent.inspect.InspectCommand;
import io.github.ompt4j.profile.IoFailure;
import io.github.ompt4j.profile.ProfileCommand;
import java.io.IOException;
import java.lang.instrument.Instrumentation;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The agent's entry points. {@code premain} does as little as it can and catches everything: a bad
 * option stops start-up with a message (the user asked for something we cannot do), but no failure of
 * ours ever kills the application; it then runs uninstrumented, with one warning.
 *
 * <p>Attached to a running JVM ({@code agentmain}), the agent must not stop the application either: a bad
 * option is reported and the agent does not start, and a second start in one JVM (attached twice, or
 * attached where {@code -javaagent} already runs) is refused with a warning.
 *
 * <p>This class must not touch {@code ompt-model} classes before {@link BootstrapInjector} has put them
 * on the bootstrap class path, or the system class loader would load a second copy; so all work is
 * handed to {@link AgentStartup}, which is loaded only after injection.
 */
public final class OmptAgent {
    private static boolean started;

    private OmptAgent() {
    }

    public static void premain(String args, Instrumentation inst) {
        start(args, inst, false);
    }

    public static void agentmain(String args, Instrumentation inst) {
        start(args, inst, true);
    }

    /**
     * {@code java -jar ompt-agent.jar --help}, and {@code java -jar ompt-agent.jar report <file.jfr> ...}: a
     * recording folded into OpenMP's user model (see {@link ProfileCommand}); {@code attach <pid> ...} and
     * {@code inspect <pid> ...}: a running JVM (see {@link AttachCommand}, {@link InspectCommand}); the exit
     * status is the command's.
     */
    public static void main(String[] args) {
        if (args.length == 1 && (args[0].equals("--help") || args[0].equals("-h"))) {
            System.out.print(AgentOptions.help());
            return;
        }
        if (args.length >= 1 && args[0].equals("report")) {
            System.exit(ProfileCommand.run(Arrays.asList(args).subList(1, args.length), System.out, System.err));
        }
        if (args.length >= 1 && args[0].equals("inspect")) {
            System.exit(InspectCommand.run(Arrays.asList(args).subList(1, args.length), System.out, System.err));
        }
        if (args.length >= 2 && args[0].equals("attach")) {
            System.exit(attach(args[1], Arrays.asList(args).subList(2, args.length)));
        }
        System.err.print(AgentOptions.help());
        System.exit(2);
    }

    /** {@code attach <pid> status|stop}, or {@code attach <pid> [options]} with the options checked here first. */
    private static int attach(String pid, List<String> rest) {
        if (rest.size() == 1 && (rest.get(0).equals("status") || rest.get(0).equals("stop"))) {
            return AttachCommand.control(pid, rest.get(0), System.out, System.err);
        }
        String options = String.join(",", rest);
        try {
            AgentOptions.parse(options);
        } catch (IllegalArgumentException e) {
            System.err.println("ompt4j: " + e.getMessage());
            return 2;
        }
        return AttachCommand.load(pid, options, System.out, System.err);
    }

    private static synchronized void start(String args, Instrumentation inst, boolean attached) {
        if (started) {
            System.err.println("ompt4j [warn] the agent already runs in this JVM; this " + (attached ? "attach" : "start")
                    + " is ignored");
            if (attached) {
                AgentStartup.attachedAgain();
            }
            return;
        }
        AgentOptions options;
        try {
            options = AgentOptions.parse(args);
        } catch (IllegalArgumentException e) {
            if (attached) {
                System.err.println("ompt4j: the agent was not attached: " + e.getMessage());
                return;
            }
            AgentLog.fatal(e.getMessage());
            return;
        }
        started = true;
        AgentLog.setLevel(options);
        try {
            Path cache = AgentCache.directory(options.cache);
            BootstrapInjector.inject(inst, cache);
            AgentStartup.start(options, inst, attached, cache);
        } catch (Throwable e) {
            AgentLog.warn("the agent could not start and the application runs without it: " + why(e));
        }
    }

    /**
     * An option the agent could not act on ({@code jfr=} in a directory it cannot create) says so in its message,
     * and a file's trouble in its system's words; anything else is a fault of the agent, named by its class.
     */
    private static String why(Throwable e) {
        if (e instanceof IOException) {
            return IoFailure.reason((IOException) e);
        }
        if (e instanceof IllegalArgumentException) {
            return e.getMessage() + (e.getCause() instanceof IOException ? ": " + IoFailure.reason((IOException) e.getCause()) : "");
        }
        return e.toString();
    }
}
