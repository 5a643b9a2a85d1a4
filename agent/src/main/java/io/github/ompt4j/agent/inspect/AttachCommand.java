package io.github.ompt4j.agent.inspect;

import java.io.IOException;
import java.io.PrintStream;
import javax.management.JMException;
import javax.management.openmbean.CompositeData;

/**
 * {@code attach <pid> [options]} loads the agent into a running JVM with the options {@code -javaagent} takes and
 * says what it installed; {@code attach <pid> status} says what the agent there is doing; {@code attach <pid>
 * stop} stops its recording and writes the outputs, leaving the application running. Exit status: 0 done;
 * 1 the JVM could not be reached or the agent did not start (or is not there, for status and stop).
 */
public final class AttachCommand {
    private AttachCommand() {
    }

    /** {@code options} were checked by the caller: the agent's option parser lives beside premain. */
    public static int load(String pid, String options, PrintStream out, PrintStream err) {
        try (TargetJvm target = TargetJvm.attach(pid)) {
            if (target.hasAgent()) {
                err.println("ompt4j: the agent already runs in JVM " + pid + "; nothing was loaded");
                out.print(status(target));
                return InspectCommand.UNREACHABLE;
            }
            if (!target.loadAgent(options)) {
                err.println("ompt4j: the agent did not start in JVM " + pid + " (its standard error says why)");
                return InspectCommand.UNREACHABLE;
            }
            out.print(status(target));
            return InspectCommand.OK;
        } catch (TargetJvm.Unreachable e) {
            err.println("ompt4j: " + e.getMessage());
            return InspectCommand.UNREACHABLE;
        } catch (IOException | JMException e) {
            err.println("ompt4j: JVM " + pid + " did not answer: " + e);
            return InspectCommand.UNREACHABLE;
        }
    }

    /** {@code status} or {@code stop} of the agent in {@code pid}. */
    public static int control(String pid, String command, PrintStream out, PrintStream err) {
        try (TargetJvm target = TargetJvm.attach(pid)) {
            if (!target.hasAgent()) {
                err.println("ompt4j: the agent does not run in JVM " + pid + " (java -jar ompt-agent.jar attach " + pid
                        + " loads it)");
                return InspectCommand.UNREACHABLE;
            }
            if (command.equals("stop")) {
                out.println(target.mbeans.invoke(OmptObjectName.get(), "stopRecording", new Object[0], new String[0]));
            } else {
                out.print(status(target));
            }
            return InspectCommand.OK;
        } catch (TargetJvm.Unreachable e) {
            err.println("ompt4j: " + e.getMessage());
            return InspectCommand.UNREACHABLE;
        } catch (IOException | JMException e) {
            err.println("ompt4j: JVM " + pid + " did not answer: " + e);
            return InspectCommand.UNREACHABLE;
        }
    }

    private static String status(TargetJvm target) throws IOException, JMException {
        CompositeData s = (CompositeData) target.mbeans.getAttribute(OmptObjectName.get(), "Status");
        StringBuilder out = new StringBuilder();
        out.append("the agent in JVM ").append(target.pid()).append(" was ")
                .append((Boolean) s.get("attached") ? "attached" : "started with -javaagent").append(", options ")
                .append(s.get("options")).append('\n');
        out.append("runtime ").append((Boolean) s.get("tracking") ? "tracking" : "not tracking (no tool, no recording,"
                + " inspect=off)").append(", ").append(s.get("threadsKnown")).append(" threads known, tool callbacks"
                + " failed ").append(s.get("toolFailures")).append(" time(s)\n");
        for (CompositeData a : (CompositeData[]) s.get("adapters")) {
            out.append("adapter ").append(a.get("name")).append(": ").append((Boolean) a.get("enabled") ? "woven"
                    : "disabled after " + a.get("failures") + " failure(s)").append('\n');
        }
        String state = (String) s.get("recordingState");
        out.append("recording: ").append(state.equals("none") ? "none" : state + " into " + s.get("recording"))
                .append('\n');
        return out.toString();
    }
}
