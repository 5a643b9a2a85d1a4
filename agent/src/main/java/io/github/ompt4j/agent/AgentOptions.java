package io.github.ompt4j.agent;

import io.github.ompt4j.agent.Option.Switch;
import io.github.ompt4j.profile.OutputFile;
import io.github.ompt4j.profile.model.View;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The agent's options: {@code -javaagent:ompt-agent.jar=key=value,key=value}. Each is a row here (an
 * {@link Option}: key, help, value when not given, the kind of text it takes), and the exit-time outputs are
 * the rows of {@link OutputFile}: adding an option is a row, and the help, the valid keys and the parsing follow.
 * An unknown key or a bad value is an {@link IllegalArgumentException} whose message names it and the valid
 * choices. Lists inside a value are separated by {@code +}, because {@code ,} separates options; an empty entry
 * (a value of {@code tool=}, a stray or trailing {@code +}) is a bad value, and an entry named twice counts once.
 * The constructor holds only the rules between options.
 */
final class AgentOptions {
    /** What {@code profile=} samples with async-profiler. */
    enum Profile {
        OFF, CPU, WALL, ITIMER
    }

    /** The recording's name inside an {@code out=} directory. */
    static final String OUT_RECORDING = "recording.jfr";
    static final long DEFAULT_INTERVAL_NANOS = 10_000_000;

    static final Option<List<String>> TOOL = Option.list("tool", "tools to initialize besides ServiceLoader"
            + " providers: 'print' or class names, joined by '+', each once; one that cannot be loaded stops start-up"
            + " (default: none)", List.of());
    static final Option<List<String>> ADAPTERS = Option.subset("adapters", "what to weave: 'all' or adapters joined"
            + " by '+', from " + Adapters.NAMES + "; completable needs forkjoin (default: all)", Adapters.NAMES);
    static final Option<AgentLog.Level> LOG = Option.oneOf("log", "agent messages on standard error: one of "
            + Option.names(AgentLog.Level.ALL) + " (default: warn)", AgentLog.Level.WARN, AgentLog.Level.ALL);
    static final Option<String> JFR = Option.text("jfr", "record OpenMP events with JDK Flight Recorder into this file"
            + " (replaced if it exists), or into a new file in this directory; written at exit (default: no recording,"
            + " or a temporary one that the outputs below are made from)");
    static final Option<Switch> TASKS = Option.oneOf("tasks", "per-task events (ompt.Task, ompt.TaskCreate,"
            + " ompt.TaskDependence) in the recording: on or off (default: as the settings say: off in ompt, on in"
            + " profile)", Switch.AS_SETTINGS, Switch.GIVEN);
    static final Option<Switch> MUTEXES = Option.oneOf("mutexes", "trace every mutex wait above 10 us"
            + " (ompt.MutexAcquire, naming the holder) in the recording: on or off; off, waits come from the 10 ms"
            + " state samples, which name holders too, and cost nothing per acquisition (default: off)",
            Switch.AS_SETTINGS, Switch.GIVEN);
    static final Option<Long> THRESHOLD = Option.timespan("threshold", "the shortest wait, worksharing construct, loop"
            + " chunk and task the recording keeps as a span, with a unit (default: 1ms, as the settings say; 0 keeps"
            + " every one: exact spans, and a recording that grows with every join of a fork/join program); shorter"
            + " ones come from the state samples", -1L, true);
    static final Option<Boolean> CARRIERS = Option.onOff("carriers", "report the virtual-thread scheduler's carrier"
            + " threads (JDK 21+) as workers, idle while no virtual thread is mounted: on or off; needs forkjoin"
            + " (default: off)");
    static final Option<Profile> PROFILE = Option.oneOf("profile", "sample stacks with async-profiler into the"
            + " recording: one of " + Option.names(List.of(Profile.values())) + " (default: off)", Profile.OFF,
            List.of(Profile.values()));
    static final Option<Long> INTERVAL = Option.timespan("interval", "the sampling interval of profile=, with a"
            + " unit: 10ms, 500us, 1s (default: 10ms)", DEFAULT_INTERVAL_NANOS, false);
    static final Option<View> VIEW = Option.oneOf("view", "how the outputs fold the samples: one of "
            + Option.names(List.of(View.values())) + " (default: user)", View.USER, List.of(View.values()));
    /** The exit-time outputs, one option each. */
    static final Map<OutputFile, Option<String>> OUTPUTS = outputOptions();
    static final Option<String> OUT = Option.text("out", "a directory for everything above: " + OUT_RECORDING
            + outFiles() + " (an option naming its own file wins)");
    static final Option<Boolean> INSPECT = Option.onOff("inspect", "keep the runtime's model of threads, regions,"
            + " tasks and waits for 'inspect' even with no tool and no recording: on or off (default: off; inspect"
            + " turns it on when it attaches the agent)");
    static final Option<String> ASYNC_PROFILER = Option.text("asyncprofiler", "the libasyncProfiler.so to load"
            + " (default: the one inside the agent jar)");

    static final Option<String> CACHE = Option.text("cache", "a directory of the user's own where the agent keeps what"
            + " it wove, so that a JVM started again weaves nothing it wove before, or 'off' (default: ompt4j in"
            + " $XDG_CACHE_HOME, or in ~/.cache)");

    /** Every option, in the order the help lists them. */
    static final List<Option<?>> ALL = concat(List.of(TOOL, ADAPTERS, LOG, JFR, TASKS, MUTEXES, THRESHOLD, CARRIERS,
            PROFILE, INTERVAL, VIEW), OUTPUTS.values(), List.of(OUT, INSPECT, ASYNC_PROFILER, CACHE));
    /** Every key, with what it takes: the help text, and what an option error says the key accepts. */
    static final Map<String, String> HELP = help(ALL);

    final List<String> tools;
    final List<String> adapters;
    final AgentLog.Level log;
    /** The {@code jfr=} file or directory, {@code null} for none given. */
    final String jfr;
    final Profile profile;
    final long intervalNanos;
    final View view;
    /** The exit-time outputs asked for, each with its file. */
    final Map<OutputFile, Path> outputs;
    /** {@code asyncprofiler=}, {@code null} for the library inside the jar. */
    final String asyncProfiler;
    final Switch tasks;
    final Switch mutexes;
    /** {@code threshold=} in nanoseconds, -1 for what the settings say. */
    final long thresholdNanos;
    final boolean carriers;
    /** {@code inspect=on}: the runtime tracks for live inspection even when nothing else asks it to. */
    final boolean inspect;
    /** {@code cache=}: {@code null} for the default directory, {@code off} for none. */
    final String cache;

    private AgentOptions(Map<String, String> values) {
        this.tools = TOOL.in(values);
        this.adapters = ADAPTERS.in(values);
        if (adapters.contains("completable") && !adapters.contains("forkjoin")) {
            throw new IllegalArgumentException("agent option adapters='" + values.get(ADAPTERS.key) + "': completable"
                    + " needs forkjoin (an async stage is a ForkJoinTask, and its task lives in the field forkjoin adds)");
        }
        this.log = LOG.in(values);
        this.profile = PROFILE.in(values);
        this.view = VIEW.in(values);
        this.intervalNanos = INTERVAL.in(values);
        this.asyncProfiler = ASYNC_PROFILER.in(values);
        this.tasks = TASKS.in(values);
        this.mutexes = MUTEXES.in(values);
        this.thresholdNanos = THRESHOLD.in(values);
        this.carriers = CARRIERS.in(values);
        this.inspect = INSPECT.in(values);
        this.cache = CACHE.in(values);
        if (carriers && !adapters.contains("forkjoin")) {
            throw new IllegalArgumentException("agent option carriers=on needs the forkjoin adapter (the carriers are"
                    + " a ForkJoinPool's workers)");
        }
        String out = OUT.in(values);
        this.outputs = new LinkedHashMap<>(); // in the table's order; an EnumMap would reflect on the enum at start-up
        for (Map.Entry<OutputFile, Option<String>> output : OUTPUTS.entrySet()) {
            String file = output.getValue().in(values);
            if (file != null || out != null) {
                Path path = file != null ? Path.of(file) : Path.of(out, output.getKey().fileName());
                outputs.put(output.getKey(), path);
            }
        }
        String jfr = JFR.in(values);
        this.jfr = jfr != null || out == null ? jfr : Path.of(out, OUT_RECORDING).toString();
        if (values.containsKey(INTERVAL.key) && profile == Profile.OFF) {
            throw new IllegalArgumentException("agent option interval= sets profile='s sampling interval: add"
                    + " profile=cpu, wall or itimer");
        }
        if (profile != Profile.OFF && this.jfr == null && outputs.isEmpty()) {
            throw new IllegalArgumentException("agent option profile=" + Option.cliName(profile) + " samples, but"
                    + " nothing would keep the samples: add jfr=<file>, out=<directory>, or an output ("
                    + String.join("=, ", keys(OUTPUTS.values())) + "=)");
        }
    }

    /** Whether the agent records: {@code jfr=}, sampling, or an exit-time output that needs a recording. */
    boolean records() {
        return jfr != null || profile != Profile.OFF || !outputs.isEmpty();
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
                if (!HELP.containsKey(key)) {
                    throw new IllegalArgumentException("unknown agent option '" + key + "'; valid keys: "
                            + HELP.keySet() + " (see java -jar ompt-agent.jar --help)");
                }
                values.put(key, option.substring(eq + 1).trim());
            }
        }
        return new AgentOptions(values);
    }

    /** {@code 10ms}, {@code 500us}, {@code 2000000ns}, {@code 1s}: positive, with a unit. */
    static long interval(String value) {
        return INTERVAL.in(Map.of(INTERVAL.key, value));
    }

    private static Map<OutputFile, Option<String>> outputOptions() {
        Map<OutputFile, Option<String>> options = new LinkedHashMap<>();
        for (OutputFile o : OutputFile.values()) {
            options.put(o, Option.text(o.agentOption(), "at exit, this file gets " + o.help()));
        }
        return options;
    }

    private static String outFiles() {
        StringBuilder s = new StringBuilder();
        for (OutputFile o : OutputFile.values()) {
            s.append(", ").append(o.fileName());
        }
        return s.toString();
    }

    @SafeVarargs
    private static List<Option<?>> concat(Iterable<? extends Option<?>>... parts) {
        List<Option<?>> all = new ArrayList<>();
        for (Iterable<? extends Option<?>> part : parts) {
            for (Option<?> o : part) {
                all.add(o);
            }
        }
        return List.copyOf(all);
    }

    private static List<String> keys(Iterable<? extends Option<?>> options) {
        List<String> keys = new ArrayList<>();
        for (Option<?> o : options) {
            keys.add(o.key);
        }
        return keys;
    }

    private static Map<String, String> help(List<Option<?>> options) {
        Map<String, String> help = new LinkedHashMap<>();
        for (Option<?> o : options) {
            help.put(o.key, o.help);
        }
        return help;
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
        for (Option<?> o : ALL) {
            s.append(String.format("  %-13s %s%n", o.key, o.help));
        }
        s.append("\nenvironment:\n  OMP_TOOL   enabled (default, also when empty) or disabled; disabled makes the"
                + " agent a no-op\n");
        return s.toString();
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("tool=" + String.join("+", tools) + ",adapters="
                + String.join("+", adapters) + ",log=" + Option.cliName(log));
        if (jfr != null) {
            s.append(",jfr=").append(jfr);
        }
        if (profile != Profile.OFF) {
            s.append(",profile=").append(Option.cliName(profile)).append(",interval=").append(intervalNanos / 1000)
                    .append("us");
        }
        if (!outputs.isEmpty()) {
            s.append(",view=").append(view.cliName());
        }
        if (tasks != Switch.AS_SETTINGS) {
            s.append(",tasks=").append(Option.cliName(tasks));
        }
        if (mutexes != Switch.AS_SETTINGS) {
            s.append(",mutexes=").append(Option.cliName(mutexes));
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
        if (cache != null) {
            s.append(",cache=").append(cache);
        }
        for (Map.Entry<OutputFile, Path> output : outputs.entrySet()) {
            s.append(',').append(output.getKey().agentOption()).append('=').append(output.getValue());
        }
        return s.toString();
    }
}
