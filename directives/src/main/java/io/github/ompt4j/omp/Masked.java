package io.github.ompt4j.omp;

/** The master/masked construct: a body run by one chosen member, with no barrier. */
final class Masked {
    private Masked() {
    }

    /** Weave point: masked begin and end (the caller has checked the member number). */
    static void run(Runnable body) {
        body.run();
    }
}
