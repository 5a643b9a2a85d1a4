package io.github.ompt4j.agent;

/** The agent's own messages, on standard error, filtered by the {@code log=} option. */
final class AgentLog {
    private static volatile String level = "warn";

    private AgentLog() {
    }

    static void setLevel(AgentOptions options) {
        level = options.log;
    }

    static void warn(String message) {
        say("warn", message);
    }

    static void info(String message) {
        say("info", message);
    }

    static void debug(String message) {
        say("debug", message);
    }

    /** What the user asked for is done and where it is: said unless {@code log=off}. */
    static void result(String message) {
        if (!level.equals("off")) {
            System.err.println("ompt4j: " + message);
        }
    }

    private static void say(String at, String message) {
        if (AgentOptions.LOG_LEVELS.indexOf(level) >= AgentOptions.LOG_LEVELS.indexOf(at)) {
            System.err.println("ompt4j [" + at + "] " + message);
        }
    }
}
