package io.github.ompt4j.profile;

import io.github.ompt4j.profile.model.FoldedRecording;
import io.github.ompt4j.profile.model.Profile;
import io.github.ompt4j.profile.model.Timeline;
import io.github.ompt4j.profile.model.View;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A recording folded into a {@link Profile} in one {@link View}, with its {@link Timeline}: the entry point
 * for exporters. It reads every chunk of the file (async-profiler's {@code jfrsync} chunk included) with
 * {@code jdk.jfr.consumer}, derives every thread's OMPT state, region and task at every instant from the
 * {@code ompt.*} events, and folds the samples (async-profiler's wall-clock samples if there are any, else its
 * CPU samples, else JFR's own execution samples) into the view's stacks.
 */
public final class JfrToProfile {
    private JfrToProfile() {
    }

    /** Fold {@code recording} in {@code view}, quietly. */
    public static FoldedRecording fold(Path recording, View view) throws IOException {
        return fold(recording, view, Progress.silent());
    }

    /** Fold {@code recording} in {@code view}, telling {@code progress} how it goes. */
    public static FoldedRecording fold(Path recording, View view, Progress progress) throws IOException {
        return Analysis.of(recording, view, progress).toModel();
    }
}
