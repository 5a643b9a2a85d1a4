/**
 * A randomized stress program: every framework and construct the agent weaves, run at once by 64 platform
 * threads and, on JDKs that have them, batches of 10,000 virtual threads, for a given number of seconds.
 * {@code StressIT} runs it under the print tool (its trace checked by the invariant checker as it streams
 * past), with a recording, and with wall-clock profiling; {@code benchmarks/soak.sh} runs it for minutes.
 *
 * <p>Reproducible by seed: each worker draws its constructs from its own random stream split off the seed,
 * and every member of a directive team draws from a copy of one stream, so the members encounter the same
 * worksharing constructs and barriers in the same order (a team whose members diverged would hang by the
 * program's fault, not the agent's). Thread interleavings are not reproducible; the constructs are.
 *
 * <p>What it says on standard output, each line starting with {@code stress: } so that it can be told from
 * a trace: the seed, a progress line every few seconds (the checker names the latest one as the context of
 * a violation), the constructs run by kind, the heap after a full GC once every construct has run once and
 * again at the end, and {@code done}. A construct that fails unexpectedly is printed on standard error and
 * makes the exit status 1; a construct that runs past the hang limit makes the {@link
 * io.github.ompt4j.agent.stress.Watchdog} print every thread's stack and halt the JVM with status 3.
 */
package io.github.ompt4j.agent.stress;
