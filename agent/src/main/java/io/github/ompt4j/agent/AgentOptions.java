package io.github.ompt4j.agent;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The agent's options: {@code -javaagent:ompt-agent.jar=key=value,key=value}. Every option has a
 * default; an unknown key or a bad value is an {@link IllegalArgumentException} whose message names it
 * and the valid choices. Lists inside a value are separated by {@code +}, because {@code ,} separates
 * options; an empty entry (a value of {@code tool=}, a stray or trailing {@code +}) is a bad value, and an
 * entry named twice counts once.
 */
final class AgentOptions {
    /** The adapters this agent has, in the order they install. */
    static final List<String> ADAPTERS = List.of("directives", "forkjoin", "streams", "locks", "barriers");
    static final List<String> LOG_LEVELS = List.of("off", "warn", "info", "debug");

    private static final Map<String, String> HELP = new LinkedHashMap<>();

    static {
        HELP.put("tool", "tools to initialize besides ServiceLoader providers: 'print' or class names, joined"
                + " by '+', each once; one that cannot be loaded stops start-up (default: none)");
        HELP.put("adapters", "what to weave: 'all' or adapters joined by '+', from " + ADAPTERS + " (default: all)");
        HELP.put("log", "agent messages on standard error: one of " + LOG_LEVELS + " (default: warn)");
        HELP.put("jfr", "record OpenMP events with JDK Flight Recorder into this file (replaced if it exists), or into"
                + " a new file in this directory; written at exit (default: no recording)");
    }

    final List<String> tools;
    final List<String> adapters;
    final String log;
    /** The {@code jfr=} file or directory, {@code null} for no recording. */
    final String jfr;

    private AgentOptions(List<String> tools, List<String> adapters, String log, String jfr) {
        this.tools = tools;
        this.adapters = adapters;
        this.log = log;
        this.jfr = jfr;
    }

    static AgentOptions parse(String args) {
        List<String> tools = List.of();
        List<String> adapters = ADAPTERS;
        String log = "warn";
        String jfr = null;
        if (args != null && !args.isBlank()) {
            for (String option : args.split(",")) {
                int eq = option.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("agent option '" + option.trim()
                            + "' is not key=value; valid keys: " + HELP.keySet());
                }
                String key = option.substring(0, eq).trim();
                String value = option.substring(eq + 1).trim();
                switch (key) {
                    case "tool":
                        tools = parts(key, value);
                        break;
                    case "adapters":
                        adapters = value.equals("all") ? ADAPTERS : choices(key, value, ADAPTERS);
                        break;
                    case "log":
                        log = oneOf(key, value.toLowerCase(Locale.ROOT), LOG_LEVELS);
                        break;
                    case "jfr":
                        if (value.isEmpty()) {
                            throw new IllegalArgumentException("agent option jfr= needs a file or a directory");
                        }
                        jfr = value;
                        break;
                    default:
                        throw new IllegalArgumentException("unknown agent option '" + key + "'; valid keys: "
                                + HELP.keySet() + " (see java -jar ompt-agent.jar --help)");
                }
            }
        }
        return new AgentOptions(tools, adapters, log, jfr);
    }

    /** The entries of a list value, each once, in order; an empty one (a stray or trailing '+') is an error. */
    private static List<String> parts(String key, String value) {
        Set<String> parts = new LinkedHashSet<>();
        for (String part : value.split("\\+", -1)) {
            if (part.isBlank()) {
                throw new IllegalArgumentException("agent option " + key + "='" + value + "' has an empty entry");
            }
            parts.add(part.trim());
        }
        return List.copyOf(parts);
    }

    private static List<String> choices(String key, String value, List<String> valid) {
        List<String> chosen = parts(key, value);
        for (String c : chosen) {
            if (!valid.contains(c)) {
                throw invalid(key, value, valid);
            }
        }
        return chosen;
    }

    private static String oneOf(String key, String value, List<String> valid) {
        if (!valid.contains(value)) {
            throw invalid(key, value, valid);
        }
        return value;
    }

    private static IllegalArgumentException invalid(String key, String value, List<String> valid) {
        return new IllegalArgumentException("agent option " + key + "='" + value + "' is not valid; choose from "
                + valid);
    }

    boolean logs(String level) {
        return LOG_LEVELS.indexOf(log) >= LOG_LEVELS.indexOf(level);
    }

    /** The text of {@code --help}: every option with its default. */
    static String help() {
        StringBuilder s = new StringBuilder();
        s.append("ompt4j agent: OpenMP's tools interface (OMPT) for the JVM\n\n")
                .append("usage: java -javaagent:ompt-agent.jar[=key=value,key=value...] ...\n")
                .append("       java -jar ompt-agent.jar report <file.jfr> [--view user|expert|machine] [--html F]"
                        + " [--collapsed F] [--text F] [--timeline F]  (report --help for more)\n")
                .append("       java -jar ompt-agent.jar --help\n\noptions:\n");
        HELP.forEach((key, text) -> s.append(String.format("  %-10s %s%n", key, text)));
        s.append("\nenvironment:\n  OMP_TOOL   enabled (default, also when empty) or disabled; disabled makes the"
                + " agent a no-op\n");
        return s.toString();
    }

    @Override
    public String toString() {
        return "tool=" + String.join("+", tools) + ",adapters=" + String.join("+", adapters) + ",log=" + log
                + (jfr == null ? "" : ",jfr=" + jfr);
    }
}
