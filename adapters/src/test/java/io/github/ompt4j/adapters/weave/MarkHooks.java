package io.github.ompt4j.adapters.weave;

import io.github.ompt4j.model.CallSites;
import java.util.ArrayList;
import java.util.List;

/** Call-site hooks for {@code CallSiteMarkerTest}: each records its call as a line. */
public final class MarkHooks {
    static final List<String> CALLS = new ArrayList<>();

    private MarkHooks() {
    }

    public static void enter(long token) {
        CALLS.add("enter " + CallSites.describe(token));
    }

    public static void leave() {
        CALLS.add("leave");
    }
}
