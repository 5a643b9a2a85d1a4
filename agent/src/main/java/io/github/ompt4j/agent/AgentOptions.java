package io.github.ompt4j.agent;

import io.github.ompt4j.profile.OutputFile;
import java.nio.file.Path;
import java.util.EnumMap;
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
    static final List<String> ADAPTERS = List.of("directives", "forkjoin", "streams", "completable", "locks", "barriers");
    static final List<String> LOG_LEVELS = List.of("off", "warn", "info", "debug");
    /** What {@code profile=} samples with async-profiler. */
    static final List<String> PROFILES = List.of("off", "cpu", "wall", "itimer");
    static final List<String> VIEWS = List.of("user", "expert", "machine");
    /** The recording's name inside an {@code out=} directory. */
    static final String OUT_RECORDING = "recording.jfr";
    static final long DEFAULT_INTERVAL_NANOS = 10_000_000;

    /** Every key, with what it takes: the help text, and what an option error says the key accepts. */
    static final Map<String, String> HELP = new LinkedHashMap<>();

    static {
        HELP.put("tool", "tools to initialize besides ServiceLoader providers: 'print' or class names, joined"
                + " by '+', each once; one that cannot be loaded stops start-up (default: none)");
        HELP.put("adapters", "what to weave: 'all' or adapters joined by '+', from " + ADAPTERS
                + "; completable needs forkjoin (default: all)");
        HELP.put("log", "agent messages on standard error: one of " + LOG_LEVELS + " (default: warn)");
        HELP.put("jfr", "record OpenMP events with JDK Flight Recorder into this file (replaced if it exists), or into"
                + " a new file in this directory; written at exit (default: no recording, or a temporary one that"
                + " the outputs below are made from)");
        HELP.put("tasks", "per-task events (ompt.Task, ompt.TaskCreate, ompt.TaskDependence) in the recording: on"
                + " or off (default: as the settings say: off in ompt, on in profile)");
        HELP.put("mutexes", "trace every mutex wait above 10 us (ompt.MutexAcquire, naming the holder) in the"
                + " recording: on or off; off, waits come from the 10 ms state samples, which name holders too, and"
                + " cost nothing per acquisition (default: off)");
        HELP.put("threshold", "the shortest wait, worksharing construct, loop chunk and task the recording keeps as a"
                + " span, with a unit (default: 1ms, as the settings say; 0 keeps every one: exact spans, and a"
                + " recording that grows with every join of a fork/join program); shorter ones come from the state samples");
        HELP.put("carriers", "report the virtual-thread scheduler's carrier threads (JDK 21+) as workers, idle"
                + " while no virtual thread is mounted: on or off; needs forkjoin (default: off)");
        HELP.put("profile", "sample stacks with async-profiler into the recording: one of " + PROFILES
                + " (default: off)");
        HELP.put("interval", "the sampling interval of profile=, with a unit: 10ms, 500us, 1s (default: 10ms)");
        HELP.put("view", "how the outputs fold the samples: one of " + VIEWS + " (default: user)");
        StringBuilder inOut = new StringBuilder(OUT_RECORDING);
        for (OutputFile o : OutputFile.values()) {
            HELP.put(o.agentOption(), "a file written at exit: " + o.help());
            inOut.append(", ").append(o.fileName());
        }
        HELP.put("out", "a directory for everything above: " + inOut + " (an option naming its own file wins)");
        HELP.put("inspect", "keep the runtime's model of threads, regions, tasks and waits for 'inspect' even with no"
                + " tool and no recording: on or off (default: off; inspect turns it on when it attaches the agent)");
        HELP.put("asyncprofiler", "the libasyncProfiler.so to load (default: the one inside the agent jar)");
    }

    final List<String> tools;
    final List<String> adapters;
    final String log;
    /** The {@code jfr=} file or directory, {@code null} for none given. */
    final String jfr;
    /** {@code profile=}: one of {@link #PROFILES}. */
    final String profile;
    final long intervalNanos;
    final String view;
    /** The exit-time outputs asked for, each with its file. */
    final Map<OutputFile, Path> outputs;
    /** {@code asyncprofiler=}, {@code null} for the library inside the jar. */
    final String asyncProfiler;
    /** {@code tasks=}: {@code on}, {@code off}, or {@code null} for what the settings say. */
    final String tasks;
    /** {@code mutexes=}: {@code on}, {@code off}, or {@code null} for what the settings say. */
    final String mutexes;
    /** {@code threshold=} in nanoseconds, -1 for what the settings say. */
    final long thresholdNanos;
    /** {@code carriers=on}. */
    final boolean carriers;
    /** {@code inspect=on}: the runtime tracks for live inspection even when nothing else asks it to. */
    final boolean inspect;

    private AgentOptions(Map<String, String> values) {
        this.tools = values.containsKey("tool") ? parts("tool", values.get("tool")) : List.of();
        String adapters = values.getOrDefault("adapters", "all");
        this.adapters = adapters.equals("all") ? ADAPTERS : choices("adapters", adapters, ADAPTERS);
        if (this.adapters.contains("completable") && !this.adapters.contains("forkjoin")) {
            throw new IllegalArgumentException("agent option adapters='" + adapters + "': completable needs forkjoin"
                    + " (an async stage is a ForkJoinTask, and its task lives in the field forkjoin adds)");
        }
        this.log = oneOf("log", values.getOrDefault("log", "warn").toLowerCase(Locale.ROOT), LOG_LEVELS);
        this.profile = oneOf("profile", values.getOrDefault("profile", "off").toLowerCase(Locale.ROOT), PROFILES);
        this.view = oneOf("view", values.getOrDefault("view", "user").toLowerCase(Locale.ROOT), VIEWS);
        this.intervalNanos = values.containsKey("interval") ? interval(values.get("interval")) : DEFAULT_INTERVAL_NANOS;
        this.asyncProfiler = values.get("asyncprofiler");
        this.tasks = onOff(values, "tasks");
        this.mutexes = onOff(values, "mutexes");
        this.thresholdNanos = values.containsKey("threshold") ? timespan("threshold", values.get("threshold"), true)
                : -1;
        this.carriers = values.containsKey("carriers")
                && oneOf("carriers", values.get("carriers").toLowerCase(Locale.ROOT), List.of("on", "off")).equals("on");
        this.inspect = "on".equals(onOff(values, "inspect"));
        if (carriers && !this.adapters.contains("forkjoin")) {
            throw new IllegalArgumentException("agent option carriers=on needs the forkjoin adapter (the carriers are"
                    + " a ForkJoinPool's workers)");
        }
        String out = values.get("out");
        Map<OutputFile, Path> outputs = new EnumMap<>(OutputFile.class);
        for (OutputFile o : OutputFile.values()) {
            if (values.containsKey(o.agentOption())) {
                outputs.put(o, Path.of(values.get(o.agentOption())));
            } else if (out != null) {
                outputs.put(o, Path.of(out, o.fileName()));
            }
        }
        this.outputs = outputs;
        this.jfr = values.containsKey("jfr") ? values.get("jfr") : out == null ? null : Path.of(out, OUT_RECORDING).toString();
        if (values.containsKey("interval") && profile.equals("off")) {
            throw new IllegalArgumentException("agent option interval= sets profile='s sampling interval: add"
                    + " profile=cpu, wall or itimer");
        }
        if (!profile.equals("off") && jfr == null && outputs.isEmpty()) {
            throw new IllegalArgumentException("agent option profile=" + profile + " samples, but nothing would keep"
                    + " the samples: add jfr=<file>, out=<directory>, or an output (" + outputOptions() + ")");
        }
    }

    /** {@code flame=, timeline=, ...}: the exit-time outputs' options. */
    private static String outputOptions() {
        StringBuilder s = new StringBuilder();
        for (OutputFile o : OutputFile.values()) {
            s.append(s.length() == 0 ? "" : ", ").append(o.agentOption()).append('=');
        }
        return s.toString();
    }

    /** Whether the agent records: {@code jfr=}, sampling, or an exit-time output that needs a recording. */
    boolean records() {
        return jfr != null || !profile.equals("off") || !outputs.isEmpty();
    }

    static AgentOptions parse(String args) {
        Map<String, String> values = new LinkedHashMap<>();
        if (args != null && !args.isBlank()) {
            for (String option : args.split(",")) {
                int eq = option.indexOf('=');
                if (eq <= 0) {
                    throw new IllegalArgumentException("agent option '" + option.trim()
                            + "' is not key=value; valid keys: " + HELP.keySet());
                }
                String key = option.substring(0, eq).trim();
                String value = option.substring(eq + 1).trim();
                if (!HELP.containsKey(key)) {
                    throw new IllegalArgumentException("unknown agent option '" + key + "'; valid keys: "
                            + HELP.keySet() + " (see java -jar ompt-agent.jar --help)");
                }
                if (value.isEmpty() && !key.equals("tool") && !key.equals("adapters")) {  // lists say "empty entry"
                    throw new IllegalArgumentException("agent option " + key + "= needs a value: " + HELP.get(key));
                }
                values.put(key, value);
            }
        }
        return new AgentOptions(values);
    }

    /** {@code 10ms}, {@code 500us}, {@code 2000000ns}, {@code 1s}: positive, with a unit. */
    static long interval(String value) {
        return timespan("interval", value, false);
    }

    /** A time with a unit, as {@link #interval}; {@code 0} (or {@code 0ms} ...) too when {@code zeroToo}. */
    private static long timespan(String key, String value, boolean zeroToo) {
        String v = value.toLowerCase(Locale.ROOT);
        int digits = 0;
        while (digits < v.length() && Character.isDigit(v.charAt(digits))) {
            digits++;
        }
        long unit;
        switch (v.substring(digits)) {
            case "ns":
                unit = 1;
                break;
            case "us":
                unit = 1_000;
                break;
            case "ms":
                unit = 1_000_000;
                break;
            case "s":
                unit = 1_000_000_000;
                break;
            default:
                unit = 0;
        }
        try {
            long n = digits == 0 || unit == 0 && !v.equals("0") ? -1 : Long.parseLong(v.substring(0, digits)) * unit;
            if (n > 0 || n == 0 && zeroToo) {
                return n;
            }
        } catch (NumberFormatException tooLong) {
            // falls through to the message
        }
        throw new IllegalArgumentException("agent option " + key + "='" + value + "' is not a " + (zeroToo ? ""
                : "positive ") + "time with a unit: " + (zeroToo ? "0, " : "") + "10ms, 500us, 1s");
    }

    /** The entries of a list value, each once, in order; an empty one (a stray or trailing '+') is an error. */
    private static List<String> parts(String key, String value) {
        Set<String> parts = new LinkedHashSet<>();
        for (String part : value.split("\\+", -1)) {
            if (part.isBlank()) {
                throw new IllegalArgumentException("agent option " + key + "='" + value + "' has an empty entry; "
                        + key + "= takes " + HELP.get(key));
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

    /** {@code on}, {@code off}, or {@code null} when the option {@code key} is not given. */
    private static String onOff(Map<String, String> values, String key) {
        return values.containsKey(key)
                ? oneOf(key, values.get(key).toLowerCase(Locale.ROOT), List.of("on", "off"))
                : null;
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
                .append("       java -jar ompt-agent.jar report <file.jfr> [--view user|expert|machine] ")
                .append(OutputFile.synopsis("F")).append("  (report --help for more)\n")
                .append("       java -jar ompt-agent.jar attach <pid> [key=value,key=value...] | attach <pid> status|stop\n")
                .append("       java -jar ompt-agent.jar inspect <pid> [--json] [--watch SECONDS] [--region ID] [--task ID]\n")
                .append("       java -jar ompt-agent.jar --help\n\noptions:\n");
        HELP.forEach((key, text) -> s.append(String.format("  %-13s %s%n", key, text)));
        s.append("\nenvironment:\n  OMP_TOOL   enabled (default, also when empty) or disabled; disabled makes the"
                + " agent a no-op\n");
        return s.toString();
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("tool=" + String.join("+", tools) + ",adapters="
                + String.join("+", adapters) + ",log=" + log);
        if (jfr != null) {
            s.append(",jfr=").append(jfr);
        }
        if (!profile.equals("off")) {
            s.append(",profile=").append(profile).append(",interval=").append(intervalNanos / 1000).append("us");
        }
        if (!outputs.isEmpty()) {
            s.append(",view=").append(view);
        }
        if (tasks != null) {
            s.append(",tasks=").append(tasks);
        }
        if (mutexes != null) {
            s.append(",mutexes=").append(mutexes);
        }
        if (thresholdNanos >= 0) {
            s.append(",threshold=").append(thresholdNanos).append("ns");
        }
        if (carriers) {
            s.append(",carriers=on");
        }
        if (inspect) {
            s.append(",inspect=on");
        }
        outputs.forEach((output, file) -> s.append(',').append(output.agentOption()).append('=').append(file));
        return s.toString();
    }
}
