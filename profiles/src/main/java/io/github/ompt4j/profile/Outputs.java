package io.github.ompt4j.profile;

import io.github.ompt4j.profile.model.Timeline;
import io.github.ompt4j.profile.output.ChromeTraceOutput;
import io.github.ompt4j.profile.output.FlameGraphOutput;
import io.github.ompt4j.profile.output.OtlpOutput;
import io.github.ompt4j.profile.output.PprofOutput;
import io.github.ompt4j.profile.output.TextReport;
import io.github.ompt4j.profile.output.TimelineHtml;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

/** Writes the outputs the options name. */
final class Outputs {
    private Outputs() {
    }

    static void write(Analysis analysis, ReportOptions options, PrintStream out, Progress progress)
            throws IOException {
        progress.step("writing");
        if (options.html != null) {
            FlameGraphOutput.html(analysis.folded.profile, options.title, options.threads, options.html);
        }
        if (options.collapsed != null) {
            FlameGraphOutput.collapsed(analysis.folded.profile, options.threads, options.collapsed);
        }
        if (options.pprof != null) {
            PprofOutput.write(analysis.folded.profile, analysis.run.start(), analysis.run.end(), options.pprof);
        }
        if (options.otlp != null) {
            OtlpOutput.write(analysis.folded.profile, analysis.run.start(), analysis.run.end(), options.otlp);
        }
        String timelineTitle = "OpenMP timeline: " + options.recording.getFileName();
        Timeline timeline = options.timeline != null || options.chromeTrace != null ? analysis.timeline() : null;
        if (options.timeline != null) {
            TimelineHtml.write(timeline, timelineTitle, options.timeline);
        }
        if (options.chromeTrace != null) {
            ChromeTraceOutput.write(timeline, timelineTitle, options.chromeTrace);
        }
        if (options.text != null) {
            try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(options.text, StandardCharsets.UTF_8))) {
                text(analysis, w);
            }
        }
        if (options.textToStandardOutput()) {
            text(analysis, new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8)));
        }
    }

    private static void text(Analysis a, PrintWriter w) {
        TextReport.write(w, a.file.getFileName().toString(), a.run, a.states, a.regions, a.folded);
    }
}
