package io.github.ompt4j.agent;

import java.util.List;
import java.util.function.Consumer;

/** The agent's own messages, on standard error, filtered by the {@code log=} option. */
final class AgentLog {
    /**
     * How much the agent says, from nothing to everything; each level also takes lines to say at it ({@code OFF}:
     * none), for code that is handed a log, as the weaver is, without a lambda (in premain each one costs a
     * class spun and linked).
     */
    enum Level implements Consumer<String> {
        OFF, WARN, INFO, DEBUG;

        static final List<Level> ALL = List.of(values());

        @Override
        public void accept(String message) {
            if (this != OFF) {
                say(this, message);
            }
        }
    }

    private static volatile Level level = Level.WARN;

    private AgentLog() {
    }

    static void setLevel(AgentOptions options) {
        level = options.log;
    }

    static void warn(String message) {
        say(Level.WARN, message);
    }

    static void info(String message) {
        say(Level.INFO, message);
    }

    static void debug(String message) {
        say(Level.DEBUG, message);
    }

    /** What the user asked for is done and where it is: said unless {@code log=off}. */
    static void result(String message) {
        if (level != Level.OFF) {
            System.err.println("ompt4j: " + message);
        }
    }

    /**
     * What the user asked for cannot be done at start-up (a bad option, {@code OMP_TOOL}, a tool that cannot be
     * loaded): said whatever {@code log=} says, and the JVM exits with status 1, as the spec says of {@code OMP_TOOL}.
     */
    static void fatal(String message) {
        System.err.println("ompt4j: fatal error: " + message);
        System.exit(1);
    }

    private static void say(Level at, String message) {
        if (level.compareTo(at) >= 0) {
            System.err.println("ompt4j [" + Option.cliName(at) + "] " + message);
        }
    }
}
