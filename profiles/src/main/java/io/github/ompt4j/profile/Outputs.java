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
import java.nio.file.Path;

/** Writes the outputs the options name. */
final class Outputs {
    private Outputs() {
    }

    static void write(Analysis analysis, ReportOptions options, PrintStream out, Progress progress)
            throws IOException {
        progress.step("writing");
        Path html = options.file(OutputFile.HTML);
        if (html != null) {
            FlameGraphOutput.html(analysis.folded.profile, options.title, options.threads, html);
        }
        Path collapsed = options.file(OutputFile.COLLAPSED);
        if (collapsed != null) {
            FlameGraphOutput.collapsed(analysis.folded.profile, options.threads, collapsed);
        }
        Path pprof = options.file(OutputFile.PPROF);
        if (pprof != null) {
            PprofOutput.write(analysis.folded.profile, analysis.run.start(), analysis.run.end(), pprof);
        }
        Path otlp = options.file(OutputFile.OTLP);
        if (otlp != null) {
            OtlpOutput.write(analysis.folded.profile, analysis.run.start(), analysis.run.end(), otlp);
        }
        String timelineTitle = "OpenMP timeline: " + options.recording.getFileName();
        Path timelineHtml = options.file(OutputFile.TIMELINE);
        Path chromeTrace = options.file(OutputFile.CHROME_TRACE);
        Timeline timeline = timelineHtml != null || chromeTrace != null ? analysis.timeline() : null;
        if (timelineHtml != null) {
            TimelineHtml.write(timeline, timelineTitle, timelineHtml);
        }
        if (chromeTrace != null) {
            ChromeTraceOutput.write(timeline, timelineTitle, chromeTrace);
        }
        Path text = options.file(OutputFile.TEXT);
        if (text != null) {
            try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(text, StandardCharsets.UTF_8))) {
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
