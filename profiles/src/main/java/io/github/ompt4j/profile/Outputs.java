package io.github.ompt4j.profile;

import io.github.ompt4j.profile.model.FoldedRecording;
import io.github.ompt4j.profile.model.FoldedStack;
import java.io.IOException;
import java.io.PrintStream;

/** Writes the outputs the options name. */
final class Outputs {
    private Outputs() {
    }

    static void write(FoldedRecording folded, ReportOptions options, PrintStream out, Progress progress)
            throws IOException {
        progress.step("writing");
        for (FoldedStack s : folded.profile().stacks()) {
            out.println(s);
        }
    }
}
