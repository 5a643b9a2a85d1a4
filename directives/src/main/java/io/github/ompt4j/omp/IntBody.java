package io.github.ompt4j.omp;

/** The body of a worksharing loop over {@code int} iterations; no boxing. */
@FunctionalInterface
public interface IntBody {
    void run(int i);
}
