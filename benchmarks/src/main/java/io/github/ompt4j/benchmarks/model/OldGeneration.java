package io.github.ompt4j.benchmarks.model;

/**
 * Moves what a benchmark's setup made into the old generation, as in a program that has run a while. A
 * benchmark that allocates nothing never collects, so its data would stay young, and a reference stored into a
 * young object passes G1's write barrier without the fence it takes on an old one: such a benchmark would measure
 * a state the program is never in, and a fork that happened to collect would measure another.
 */
public final class OldGeneration {
    private OldGeneration() {
    }

    /** Two full collections: the first moves the survivors, the second leaves them where they are. */
    public static void promote() {
        System.gc();
        System.gc();
    }
}
