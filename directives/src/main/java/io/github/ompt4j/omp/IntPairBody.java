package io.github.ompt4j.omp;

/** The body of a two-level collapsed loop: one call per {@code (i, j)} pair. */
@FunctionalInterface
public interface IntPairBody {
    void run(int i, int j);
}
