/**
 * Realistic programs with distinctive method names, one per framework the agent weaves, for the README's
 * commands and the integration tests: the directive library ({@code MandelbrotDemo}: worksharing schedules,
 * {@code MatrixMultiplyDemo}: collapsed loops and reductions, {@code NQueensDemo}: recursive tasks,
 * {@code BankTransferDemo}: locks and critical sections), fork/join ({@code MergeSortDemo}), parallel streams
 * ({@code WordFrequencyDemo}) and {@code CompletableFuture} ({@code QuotePipelineDemo}).
 *
 * <p>Each demo runs alone, without the agent (the library knows nothing of OMPT), and prints what it computed,
 * so that a run under the agent shows the application unchanged. Their method names are what the flame graphs
 * show and what the tests find by name. Adding a demo is a class here and a line in the README's list of
 * demos.
 */
package io.github.ompt4j.demo;
