/**
 * Whole fork/join programs run as processes, with and without the agent: {@code FineGrained} (a million tasks a
 * second, the recording's heaviest case; {@code benchmarks/recording-weight.sh}) and {@code ForkJoinWorkloads}
 * (streams, recursive tasks, a mergesort, a {@code CompletableFuture} fan-out; {@code benchmarks/forkjoin-overhead.sh}).
 * They print what they computed, so the JIT cannot drop the work, and are timed from outside: start-up and exit
 * are part of what the agent costs.
 */
package io.github.ompt4j.benchmarks.forkjoin;
