package io.github.ompt4j.profile.model;

import java.util.Objects;

/** What folding one recording yields: the profile in the view asked for, and the timeline. Immutable. */
public final class FoldedRecording {
    private final Profile profile;
    private final Timeline timeline;

    public FoldedRecording(Profile profile, Timeline timeline) {
        this.profile = Objects.requireNonNull(profile, "profile");
        this.timeline = Objects.requireNonNull(timeline, "timeline");
    }

    public Profile profile() {
        return profile;
    }

    public Timeline timeline() {
        return timeline;
    }
}
