package io.github.ompt4j.profile;

import java.io.PrintStream;
import java.nio.file.Path;

/**
 * Progress of a long report on the error stream: silent for the first second (small recordings print
 * nothing), then one line per step and at most one line a second while reading.
 */
public final class Progress {
    private static final long QUIET_NANOS = 1_000_000_000L;
    private final long quietNanos;
    private final PrintStream err;
    private final String name;
    private final long start = System.nanoTime();
    private long lastLine;
    private boolean spoke;

    public Progress(PrintStream err, Path recording) {
        this(err, recording, QUIET_NANOS);
    }

    /** With another quiet period than a second (tests). */
    Progress(PrintStream err, Path recording, long quietNanos) {
        this.err = err;
        this.name = recording.getFileName().toString();
        this.quietNanos = quietNanos;
    }

    /** No progress at all: for callers that fold quietly. */
    public static Progress silent() {
        return new Progress(null, Path.of("-"));
    }

    /** Called often while reading: prints a line when a second has passed since the last. */
    public void reading(long events, long samples) {
        if ((events & 0xFFFF) == 0) {
            step("read " + events + " events, " + samples + " samples");
        }
    }

    /** A step begins (or is under way): printed once the report has taken a second, and then once a second. */
    public void step(String what) {
        long now = System.nanoTime();
        if (err == null || now - start < quietNanos || (spoke && now - lastLine < quietNanos)) {
            return;
        }
        lastLine = now;
        spoke = true;
        err.printf("ompt4j report: %s: %s (%.1f s)%n", name, what, (now - start) / 1e9);
    }

    /** The report is complete; says so if progress was shown. */
    public void done() {
        if (spoke) {
            err.printf("ompt4j report: %s: done (%.1f s)%n", name, (System.nanoTime() - start) / 1e9);
        }
    }
}
