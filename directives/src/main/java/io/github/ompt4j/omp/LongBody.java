package io.github.ompt4j.omp;

/** The body of a worksharing loop over {@code long} iterations; no boxing. */
@FunctionalInterface
public interface LongBody {
    void run(long i);
}
