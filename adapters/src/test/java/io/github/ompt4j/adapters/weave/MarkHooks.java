package io.github.ompt4j.adapters.weave;

import io.github.ompt4j.model.CallSites;
import java.util.ArrayList;
import java.util.List;

/** Call-site hooks for {@code CallSiteMarkerTest}: each records its call as a line. */
public final class MarkHooks {
    static final List<String> CALLS = new ArrayList<>();

    private MarkHooks() {
    }

    public static Object enter(long token) {
        CALLS.add("enter " + CallSites.describe(token));
        return token;
    }

    /** Records what {@link #enter} returned, so that a test sees the pair matched. */
    public static void leave(Object marked) {
        CALLS.add("leave " + CallSites.describe((Long) marked));
    }
}
