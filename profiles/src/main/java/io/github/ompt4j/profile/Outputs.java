package io.github.ompt4j.profile;

import io.github.ompt4j.profile.model.Timeline;
import io.github.ompt4j.profile.output.ChromeTraceOutput;
import io.github.ompt4j.profile.output.FlameGraphOutput;
import io.github.ompt4j.profile.output.OtlpOutput;
import io.github.ompt4j.profile.output.OutputStreams;
import io.github.ompt4j.profile.output.PprofOutput;
import io.github.ompt4j.profile.output.TextReport;
import io.github.ompt4j.profile.output.TimelineHtml;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Path;

/**
 * Writes the outputs the options name. An output that cannot be written is said once, naming its file and
 * why, and the others are still written: at exit, a full disk for one file should not cost the rest.
 */
final class Outputs {
    private Outputs() {
    }

    /** Returns true if every output was written; each failure went to {@code err}. */
    static boolean write(Analysis analysis, ReportOptions options, PrintStream out, PrintStream err, Progress progress) {
        progress.step("writing");
        boolean written = true;
        for (OutputFile output : OutputFile.values()) {
            Path file = options.file(output);
            if (file == null) {
                continue;
            }
            try {
                write(output, file, analysis, options);
            } catch (IOException e) {
                err.println("ompt4j report: cannot write " + file + ": " + IoFailure.reason(e));
                written = false;
            }
        }
        if (options.textToStandardOutput()) {
            out.print(text(analysis));
            out.flush();
            // A PrintStream keeps its errors to itself.
            if (out.checkError()) {
                err.println("ompt4j report: cannot write the report to standard output");
                written = false;
            }
        }
        return written;
    }

    private static void write(OutputFile output, Path file, Analysis analysis, ReportOptions options)
            throws IOException {
        switch (output) {
            case HTML:
                FlameGraphOutput.html(analysis.folded.profile, options.title, options.threads, file);
                break;
            case COLLAPSED:
                FlameGraphOutput.collapsed(analysis.folded.profile, options.threads, file);
                break;
            case TEXT:
                try (Writer out = OutputStreams.replacingText(file)) {
                    out.write(text(analysis));
                }
                break;
            case TIMELINE:
                TimelineHtml.write(analysis.timeline(), timelineTitle(options), file);
                break;
            case PPROF:
                PprofOutput.write(analysis.folded.profile, analysis.run.start(), analysis.run.end(), file);
                break;
            case OTLP:
                OtlpOutput.write(analysis.folded.profile, analysis.run.start(), analysis.run.end(), file);
                break;
            case CHROME_TRACE:
                ChromeTraceOutput.write(analysis.timeline(), timelineTitle(options), file);
                break;
        }
    }

    private static String timelineTitle(ReportOptions options) {
        return "OpenMP timeline: " + options.recording.getFileName();
    }

    private static String text(Analysis a) {
        StringWriter s = new StringWriter();
        try (PrintWriter w = new PrintWriter(s)) {
            TextReport.write(w, a.file.getFileName().toString(), a.run, a.states, a.regions, a.folded);
        }
        return s.toString();
    }
}
