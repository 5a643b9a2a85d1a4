package io.github.ompt4j.profile;

import io.github.ompt4j.profile.fold.Folder;
import io.github.ompt4j.profile.jfr.RecordedRun;
import io.github.ompt4j.profile.jfr.RecordingReader;
import io.github.ompt4j.profile.jfr.ThreadRecord;
import io.github.ompt4j.profile.model.FoldedRecording;
import io.github.ompt4j.profile.model.ThreadTimeline;
import io.github.ompt4j.profile.model.Timeline;
import io.github.ompt4j.profile.model.View;
import io.github.ompt4j.profile.state.Intervals;
import io.github.ompt4j.profile.state.RegionTable;
import io.github.ompt4j.profile.state.RunStates;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** One recording read, its states derived, its samples folded: what every output is made from. */
final class Analysis {
    final Path file;
    final RecordedRun run;
    final RunStates states;
    final RegionTable regions;
    final Folder.Result folded;
    /** Made once, for the outputs that show it. */
    private Timeline timeline;

    private Analysis(Path file, RecordedRun run, RunStates states, RegionTable regions, Folder.Result folded) {
        this.file = file;
        this.run = run;
        this.states = states;
        this.regions = regions;
        this.folded = folded;
    }

    static Analysis of(Path file, View view, Progress progress) throws IOException {
        RecordedRun run = RecordingReader.read(file, progress);
        progress.step("deriving thread states");
        RunStates states = RunStates.of(run);
        RegionTable regions = RegionTable.of(run, states);
        progress.step("folding samples");
        return new Analysis(file, run, states, regions, Folder.fold(run, states, regions, view));
    }

    /**
     * Every thread the runtime reported, with its intervals, in the order they appear but the first initial thread
     * first ({@code main}, usually: every thread that meets the runtime outside its pools is an initial thread, each
     * virtual thread too); and the regions.
     */
    Timeline timeline() {
        if (timeline == null) {
            timeline = buildTimeline();
        }
        return timeline;
    }

    private Timeline buildTimeline() {
        List<ThreadTimeline> threads = new ArrayList<>();
        boolean initialFirst = false;
        for (ThreadRecord t : run.threads()) {
            Intervals intervals = states.of(t.index);
            if (intervals != null) {
                ThreadTimeline line = new ThreadTimeline(t.thread(), intervals.toModel());
                if (!initialFirst && t.ompType().equals("initial")) {
                    initialFirst = true;
                    threads.add(0, line);
                } else {
                    threads.add(line);
                }
            }
        }
        return new Timeline(run.start(), run.end(), threads, regions.toModel());
    }

    FoldedRecording toModel() {
        return new FoldedRecording(folded.profile, timeline());
    }
}
