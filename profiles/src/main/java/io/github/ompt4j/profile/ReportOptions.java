package io.github.ompt4j.profile;

import io.github.ompt4j.profile.model.View;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The arguments of {@code report}: {@code <file.jfr> [--view user|expert|machine]}, a file for each
 * {@link OutputFile} wanted, {@code [--threads] [--title T]}. With no output named, the text report goes to
 * standard output. Parsing fails with an {@link IllegalArgumentException} whose message names the option and
 * what it accepts.
 */
final class ReportOptions {
    static final String USAGE = "usage: java -jar ompt-agent.jar report <file.jfr> [--view user|expert|machine] "
            + OutputFile.synopsis(null) + " [--threads] [--title text]\n"
            + "  <file.jfr>   a recording, or the JFR repository folder of a JVM that was killed (<time>_<pid> in\n"
            + "               the temporary directory, or -XX:FlightRecorderOptions:repository=): its chunks as one\n"
            + "  --view       how to fold the samples: user (OpenMP's user model, the default), expert (the user\n"
            + "               model with the runtime calls the program made), machine (the stacks as recorded)\n"
            + outputLines()
            + "  --threads    split the flame graph and collapsed stacks by thread\n"
            + "  --title      the flame graph's title\n"
            + "With no output named, the text report goes to standard output.\n";

    /** Every option, as an unknown one's message lists them. */
    static final String OPTIONS = Stream.concat(Stream.of("--view"),
            Stream.concat(Arrays.stream(OutputFile.values()).map(OutputFile::flag), Stream.of("--threads", "--title")))
            .collect(Collectors.joining(", "));

    final Path recording;
    final View view;
    /** The files named, by kind. */
    private final Map<OutputFile, Path> files;
    final boolean threads;
    final String title;

    private ReportOptions(Path recording, View view, Map<OutputFile, Path> files, boolean threads, String title) {
        this.recording = recording;
        this.view = view;
        this.files = files;
        this.threads = threads;
        this.title = title == null ? "OpenMP " + view.cliName() + " view: " + recording.getFileName() : title;
    }

    /** The options that write {@code files} from {@code recording} in {@code view}, with the default title. */
    static ReportOptions of(Path recording, View view, Map<OutputFile, Path> files) {
        Map<OutputFile, Path> copy = new EnumMap<>(OutputFile.class);
        copy.putAll(files);
        return new ReportOptions(recording, view, copy, false, null);
    }

    private static String outputLines() {
        StringBuilder s = new StringBuilder();
        for (OutputFile f : OutputFile.values()) {
            s.append(String.format("  %-12s %s", f.flag(), f.help())).append('\n');
        }
        return s.toString();
    }

    String timelineTitle() {
        return "OpenMP timeline: " + recording.getFileName();
    }

    /** The file named for {@code output}, null if none. */
    Path file(OutputFile output) {
        return files.get(output);
    }

    /** True when no output file is named: the text report then goes to standard output. */
    boolean textToStandardOutput() {
        return files.isEmpty();
    }

    static ReportOptions parse(List<String> args) {
        Path recording = null;
        View view = View.USER;
        Map<OutputFile, Path> files = new EnumMap<>(OutputFile.class);
        boolean threads = false;
        String title = null;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            OutputFile output = OutputFile.byFlag(arg);
            if (output != null) {
                files.put(output, Path.of(value(args, ++i, arg)));
                continue;
            }
            switch (arg) {
                case "--view":
                    String name = value(args, ++i, arg);
                    try {
                        view = View.parse(name);
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException("--view " + e.getMessage().substring("view ".length()), e);
                    }
                    break;
                case "--threads":
                    threads = true;
                    break;
                case "--title":
                    title = value(args, ++i, arg);
                    break;
                default:
                    if (arg.startsWith("-")) {
                        throw new IllegalArgumentException("unknown option '" + arg + "'; valid options: " + OPTIONS);
                    }
                    if (recording != null) {
                        throw new IllegalArgumentException("one recording at a time: '" + recording + "' and '" + arg + "'");
                    }
                    recording = Path.of(arg);
                    break;
            }
        }
        if (recording == null) {
            throw new IllegalArgumentException("no recording named: give the .jfr file to report on");
        }
        return new ReportOptions(recording, view, files, threads, title);
    }

    private static String value(List<String> args, int i, String option) {
        if (i >= args.size() || args.get(i).isEmpty() || args.get(i).startsWith("--")) {
            throw new IllegalArgumentException(option + " needs a value: " + (option.equals("--view")
                    ? "user, expert or machine" : option.equals("--title") ? "the flame graph's title" : "a file"));
        }
        return args.get(i);
    }
}
