package io.github.ompt4j.profile;

import io.github.ompt4j.profile.output.OutputStreams;
import io.github.ompt4j.profile.output.TextReport;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Path;

/**
 * Writes the outputs the options name, each by its {@link OutputFile} row. An output that cannot be written is
 * said once, naming its file and why, and the others are still written: at exit, a full disk for one file should
 * not cost the rest.
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
                output.write(analysis, options, file);
            } catch (IOException e) {
                err.println("ompt4j report: cannot write " + file + ": " + IoFailure.reason(e));
                written = false;
            } catch (OutOfMemoryError e) {
                // This output's own data is garbage once it is thrown; the smaller outputs after it may still fit.
                err.println("ompt4j report: cannot write " + file + ": " + HeapLimit.describe() + " is too small for it");
                written = false;
            }
        }
        if (options.textToStandardOutput()) {
            try {
                out.print(text(analysis));
            } catch (OutOfMemoryError e) {
                err.println("ompt4j report: cannot write the report to standard output: " + HeapLimit.describe()
                        + " is too small for it");
                return false;
            }
            out.flush();
            // A PrintStream keeps its errors to itself.
            if (out.checkError()) {
                err.println("ompt4j report: cannot write the report to standard output");
                written = false;
            }
        }
        return written;
    }

    /** The {@link OutputFile#TEXT} writer: the report that goes to standard output when no file is named. */
    static void text(Analysis analysis, ReportOptions options, Path file) throws IOException {
        try (Writer out = OutputStreams.replacingText(file)) {
            out.write(text(analysis));
        }
    }

    private static String text(Analysis a) {
        StringWriter s = new StringWriter();
        try (PrintWriter w = new PrintWriter(s)) {
            TextReport.write(w, a.file.getFileName().toString(), a.run, a.states, a.regions, a.folded);
        }
        return s.toString();
    }
}
