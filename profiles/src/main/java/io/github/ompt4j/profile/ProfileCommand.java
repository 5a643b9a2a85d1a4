package io.github.ompt4j.profile;

import io.github.ompt4j.profile.model.View;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The {@code report} command: fold a recording into OpenMP's user model and write what the options ask for.
 * The agent's {@code java -jar ompt-agent.jar report ...} and its exit-time outputs call {@link #run}.
 */
public final class ProfileCommand {
    /** Exit status: done. */
    public static final int OK = 0;
    /** Exit status: the recording could not be read or an output could not be written. */
    public static final int FAILED = 1;
    /** Exit status: bad arguments; the message and the usage went to the error stream. */
    public static final int USAGE = 2;

    private ProfileCommand() {
    }

    /**
     * Run {@code report} with the arguments that follow it.
     *
     * @param args {@code <file.jfr> [--view user|expert|machine] [--html F] [--collapsed F] [--text F]
     *             [--timeline F] [--pprof F] [--otlp F] [--chrome-trace F] [--threads] [--title T]}, or
     *             {@code --help}
     * @param out  where the text report goes when no output file is named
     * @param err  usage errors, failures, and progress for large recordings
     * @return {@link #OK}, {@link #FAILED} or {@link #USAGE}
     */
    public static int run(List<String> args, PrintStream out, PrintStream err) {
        if (args.contains("--help") || args.contains("-h")) {
            out.print(ReportOptions.USAGE);
            return OK;
        }
        ReportOptions options;
        try {
            options = ReportOptions.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("ompt4j report: " + e.getMessage());
            err.print(ReportOptions.USAGE);
            return USAGE;
        }
        String notARecording = notAFile(options.recording);
        if (notARecording != null) {
            err.println("ompt4j report: " + options.recording + notARecording);
            return FAILED;
        }
        Progress progress = new Progress(err, options.recording);
        Analysis analysis;
        try {
            analysis = Analysis.of(options.recording, options.view, progress);
        } catch (IOException e) {
            err.println("ompt4j report: " + options.recording + " is not a readable JFR recording: " + IoFailure.reason(e));
            return FAILED;
        } catch (RuntimeException e) {
            // The JDK's parser meets a file that is not what its header promised.
            err.println("ompt4j report: " + options.recording + " is not a readable JFR recording: it is damaged ("
                    + (e.getMessage() == null ? "the parser gave no reason" : e.getMessage()) + ")");
            return FAILED;
        }
        if (!analysis.run.hasOmptEvents() && options.view != View.MACHINE) {
            err.println("ompt4j report: " + options.recording + " holds no ompt.* events (it was recorded without the"
                    + " agent), so its profile is the machine view only, the stacks as sampled: --view machine");
            return FAILED;
        }
        boolean written = Outputs.write(analysis, options, out, err, progress);
        progress.done();
        return written ? OK : FAILED;
    }

    /** What keeps {@code path} from being a recording to read, said after its name; null if it is a file. */
    private static String notAFile(Path path) {
        if (Files.isDirectory(path)) {
            try (Stream<Path> files = Files.list(path)) {
                List<String> recordings = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".jfr"))
                        .sorted().collect(Collectors.toList());
                return " is a directory, not a recording" + (recordings.isEmpty() ? ""
                        : "; it holds " + String.join(", ", recordings));
            } catch (IOException e) {
                return " is a directory, not a recording";
            }
        }
        if (!Files.exists(path)) {
            return ": no such file";
        }
        if (!Files.isRegularFile(path)) {
            return " is not a regular file";
        }
        return Files.isReadable(path) ? null : ": permission denied";
    }
}
