package io.github.ompt4j.profile;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.List;

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
        if (!Files.isRegularFile(options.recording)) {
            err.println("ompt4j report: " + options.recording + ": no such file");
            return FAILED;
        }
        Progress progress = new Progress(err, options.recording);
        Analysis analysis;
        try {
            analysis = Analysis.of(options.recording, options.view, progress);
        } catch (IOException | RuntimeException e) {
            err.println("ompt4j report: " + options.recording + " is not a readable JFR recording: " + e);
            return FAILED;
        }
        try {
            Outputs.write(analysis, options, out, progress);
        } catch (IOException e) {
            err.println("ompt4j report: cannot write: " + e);
            return FAILED;
        }
        progress.done();
        return OK;
    }
}
