package io.github.ompt4j.profile;

import io.github.ompt4j.profile.model.FoldedStack;
import io.github.ompt4j.profile.output.FlameGraphOutput;
import java.io.IOException;
import java.io.PrintStream;

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
        if (options.textToStandardOutput()) {
            for (FoldedStack s : analysis.folded.profile.stacks()) {
                out.println(s);
            }
        }
    }
}
