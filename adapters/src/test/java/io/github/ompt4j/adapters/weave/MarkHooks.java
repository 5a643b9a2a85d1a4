package io.github.ompt4j.adapters.weave;

import java.util.ArrayList;
import java.util.List;

/** Call-site hooks for {@code CallSiteMarkerTest}: each records its call as a line. */
public final class MarkHooks {
    static final List<String> CALLS = new ArrayList<>();

    private MarkHooks() {
    }

    public static void enter(String site) {
        CALLS.add("enter " + site);
    }

    public static void leave() {
        CALLS.add("leave");
    }
}
