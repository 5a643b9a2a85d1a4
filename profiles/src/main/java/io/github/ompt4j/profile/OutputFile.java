package io.github.ompt4j.profile;

import io.github.ompt4j.profile.output.ChromeTraceOutput;
import io.github.ompt4j.profile.output.FlameGraphOutput;
import io.github.ompt4j.profile.output.OtlpOutput;
import io.github.ompt4j.profile.output.PprofOutput;
import io.github.ompt4j.profile.output.TimelineHtml;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The files a recording is folded into, one row each: the {@code report} command's flag, the agent's exit-time
 * option, the file's name in the agent's {@code out=} directory, what it holds (the report's usage and the agent's
 * help both say it), and its writer. The report's options and usage, the agent's options and help, and
 * {@link Outputs} derive from this table, so a new output is one row here (and a line in the README). Each row
 * writes in a body of its own, not through a lambda: the agent reads this table in premain, where a lambda's
 * first use links method handles.
 */
public enum OutputFile {
    HTML("--html", "flame", "flame.html", "a flame graph (async-profiler's), artificial <OMP-...> frames in orange") {
        @Override
        void write(Analysis a, ReportOptions o, Path file) throws IOException {
            FlameGraphOutput.html(a.folded.profile, o.title, o.threads, file);
        }
    },
    TIMELINE("--timeline", "timeline", "timeline.html", "the timeline: threads over time coloured by OpenMP state,"
            + " regions as bars; a selected range's time per state and thread and its top stacks") {
        @Override
        void write(Analysis a, ReportOptions o, Path file) throws IOException {
            TimelineHtml.write(a.timeline(), a.folded.samples, o.timelineTitle(), file);
        }
    },
    TEXT("--text", "report", "report.txt", "the text report: regions with OMP work and wait, waits by kind,"
            + " lock holders") {
        @Override
        void write(Analysis a, ReportOptions o, Path file) throws IOException {
            Outputs.text(a, o, file);
        }
    },
    COLLAPSED("--collapsed", "collapsed", "stacks.txt", "collapsed stacks, one 'frame;frame;... count' line per stack") {
        @Override
        void write(Analysis a, ReportOptions o, Path file) throws IOException {
            FlameGraphOutput.collapsed(a.folded.profile, o.threads, file);
        }
    },
    PPROF("--pprof", "pprof", "profile.pb.gz", "the stacks for pprof (gzipped protobuf): samples and time, labelled"
            + " by thread and OpenMP state") {
        @Override
        void write(Analysis a, ReportOptions o, Path file) throws IOException {
            PprofOutput.write(a.folded.profile, a.run.start(), a.run.end(), file);
        }
    },
    OTLP("--otlp", "otlp", "profile.otlp.pb", "the stacks as OpenTelemetry profiles (OTLP protobuf, ProfilesData)") {
        @Override
        void write(Analysis a, ReportOptions o, Path file) throws IOException {
            OtlpOutput.write(a.folded.profile, a.run.start(), a.run.end(), file);
        }
    },
    CHROME_TRACE("--chrome-trace", "chrome-trace", "trace.json", "the timeline as a Chrome trace (JSON) for Perfetto"
            + " or chrome://tracing") {
        @Override
        void write(Analysis a, ReportOptions o, Path file) throws IOException {
            ChromeTraceOutput.write(a.timeline(), o.timelineTitle(), file);
        }
    };

    private final String flag;
    private final String agentOption;
    private final String fileName;
    private final String help;

    OutputFile(String flag, String agentOption, String fileName, String help) {
        this.flag = flag;
        this.agentOption = agentOption;
        this.fileName = fileName;
        this.help = help;
    }

    /** The {@code report} command's flag: {@code --html}. */
    public String flag() {
        return flag;
    }

    /** The agent's option that writes it at exit: {@code flame=}. */
    public String agentOption() {
        return agentOption;
    }

    /** Its name in the agent's {@code out=} directory, and the example in the report's usage. */
    public String fileName() {
        return fileName;
    }

    /** What the file holds, in a phrase. */
    public String help() {
        return help;
    }

    /** Writes this output of {@code analysis} into {@code file}. */
    abstract void write(Analysis analysis, ReportOptions options, Path file) throws IOException;

    /** {@code [--html F] [--timeline F] ...}, each output with {@code value}, or with its file name if null. */
    public static String synopsis(String value) {
        StringBuilder s = new StringBuilder();
        for (OutputFile f : values()) {
            s.append(s.length() == 0 ? "[" : " [").append(f.flag).append(' ')
                    .append(value == null ? f.fileName : value).append(']');
        }
        return s.toString();
    }

    /** The output of {@code flag}, null if it names none. */
    static OutputFile byFlag(String flag) {
        for (OutputFile f : values()) {
            if (f.flag.equals(flag)) {
                return f;
            }
        }
        return null;
    }
}
