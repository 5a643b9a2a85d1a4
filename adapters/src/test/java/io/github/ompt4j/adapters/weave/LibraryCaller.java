package io.github.ompt4j.adapters.weave;

/** A class of the library's own package for {@code CallSiteMarkerTest}: it calls the marked method too. */
public final class LibraryCaller {
    private LibraryCaller() {
    }

    public static double call() {
        return Target.scale(2, 3);
    }
}
