/**
 * Virtual threads (JDK 21+) under the agent: programs timed as whole processes, since what the agent adds there is
 * per thread and per mount, not per operation a microbenchmark could isolate. Compiled for JDK 17 like the rest, so
 * the JDK 21 API is found by reflection.
 */
package io.github.ompt4j.benchmarks.virtual;
