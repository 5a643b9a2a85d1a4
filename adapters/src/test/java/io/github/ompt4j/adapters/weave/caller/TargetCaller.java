package io.github.ompt4j.adapters.weave.caller;

import io.github.ompt4j.adapters.weave.Target;

/** A program's class for {@code CallSiteMarkerTest}: it calls the marked method from outside the library's package. */
public final class TargetCaller {
    private TargetCaller() {
    }

    public static double call() {
        return Target.scale(2, 3);
    }
}
