package io.github.ompt4j.agent.inspect;

import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import javax.management.JMException;
import javax.management.openmbean.CompositeData;

/**
 * {@code inspect <pid> [--json] [--watch SECONDS] [--region ID] [--task ID]}: the OpenMP model of a running JVM,
 * read from the agent's MXBean ({@code OmptMBean}). A JVM without the agent gets it first, with no tool and
 * {@code inspect=on} (said on standard error: the model knows only what happens from then on); an agent started
 * without {@code inspect=on} publishes its MXBean at that attach; nothing else in the target changes. Exit status: 0 answered; 1 the JVM could not be read; 2 bad usage; 3 a handle that is not
 * live ({@code stale_handle}, {@code unavailable}, {@code bad_input}: said in the answer, never as a stack trace).
 */
public final class InspectCommand {
    static final int OK = 0;
    static final int UNREACHABLE = 1;
    static final int USAGE = 2;
    static final int NOT_LIVE = 3;
    static final String USAGE_TEXT = "usage: java -jar ompt-agent.jar inspect <pid> [--json] [--watch SECONDS]"
            + " [--region ID] [--task ID]\n";

    private InspectCommand() {
    }

    public static int run(List<String> args, PrintStream out, PrintStream err) {
        Query q;
        try {
            q = Query.parse(args);
        } catch (IllegalArgumentException e) {
            err.print(e.getMessage() + "\n" + USAGE_TEXT);
            return USAGE;
        }
        try (TargetJvm target = TargetJvm.attach(q.pid)) {
            if (!target.hasAgent()) {
                if (!target.loadAgent("inspect=on")) {
                    err.println("ompt4j: the agent did not start in JVM " + q.pid + " (its standard error says why)");
                    return UNREACHABLE;
                }
                CompositeData status = (CompositeData) target.mbeans.getAttribute(OmptObjectName.get(), "Status");
                err.println((Boolean) status.get("attached")
                        ? "ompt4j: the agent was not in JVM " + q.pid + "; attached it with no tool (inspect=on): the"
                                + " model knows only what happens from now on"
                        : "ompt4j: the agent in JVM " + q.pid + " started without inspect=on; its MXBean is published now");
            }
            while (true) {
                int status = answer(target, q, out);
                if (q.watchSeconds == 0 || status != OK) {
                    return status;
                }
                Thread.sleep(q.watchSeconds * 1000L);
            }
        } catch (TargetJvm.Unreachable e) {
            err.println("ompt4j: " + e.getMessage());
            return UNREACHABLE;
        } catch (IOException | JMException e) {
            err.println("ompt4j: JVM " + q.pid + " did not answer: " + e);
            return UNREACHABLE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OK;
        }
    }

    private static int answer(TargetJvm target, Query q, PrintStream out) throws IOException, JMException {
        if (q.region == 0 && q.task == 0) {
            CompositeData s = (CompositeData) target.mbeans.getAttribute(OmptObjectName.get(), "Snapshot");
            out.print(q.json ? Json.of(s) + "\n" : TextAnswer.snapshot(q.pid, s));
            out.flush();
            return OK;
        }
        String operation = q.region != 0 ? "region" : "task";
        CompositeData a = (CompositeData) target.mbeans.invoke(OmptObjectName.get(), operation,
                new Object[] {q.region != 0 ? q.region : q.task}, new String[] {long.class.getName()});
        out.print(q.json ? Json.of(a) + "\n" : TextAnswer.answer(a));
        out.flush();
        return "ok".equals(a.get("status")) ? OK : NOT_LIVE;
    }

    /** The command line: a pid, then options. */
    private record Query(String pid, boolean json, int watchSeconds, long region, long task) {
        static Query parse(List<String> args) {
            if (args.isEmpty() || !args.get(0).matches("[0-9]+")) {
                throw new IllegalArgumentException("inspect needs the pid of a running JVM first");
            }
            boolean json = false;
            int watch = 0;
            long region = 0;
            long task = 0;
            for (int i = 1; i < args.size(); i++) {
                String a = args.get(i);
                if (a.equals("--json")) {
                    json = true;
                } else if (a.equals("--watch")) {
                    watch = (int) number(args, ++i, a);
                } else if (a.equals("--region")) {
                    region = number(args, ++i, a);
                } else if (a.equals("--task")) {
                    task = number(args, ++i, a);
                } else {
                    throw new IllegalArgumentException("unknown inspect option '" + a + "'");
                }
            }
            if (region != 0 && task != 0) {
                throw new IllegalArgumentException("name a region or a task, not both");
            }
            return new Query(args.get(0), json, watch, region, task);
        }

        private static long number(List<String> args, int i, String option) {
            try {
                long n = Long.parseLong(args.get(i));
                if (n > 0 && (!option.equals("--watch") || n <= Integer.MAX_VALUE / 1000)) {
                    return n;
                }
            } catch (IndexOutOfBoundsException | NumberFormatException bad) {
                // said below
            }
            throw new IllegalArgumentException(option + " needs a positive number");
        }
    }
}
