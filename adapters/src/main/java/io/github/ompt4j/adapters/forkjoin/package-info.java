/**
 * The {@code forkjoin} adapter: {@code ForkJoinPool} (workers, idle, submissions) and
 * {@code ForkJoinTask} (fork, execution, inline invoke, joins that wait), and {@code doLeaf} of the
 * parallel streams' task types (the leaf a task computes inline), one weaving per type. The
 * mapping to OMPT is described in the hooks of {@code io.github.ompt4j.hooks.forkjoin}. The JDK's
 * internal method names differ between 17, 21 and 25 ({@code externalSubmit} against {@code poolSubmit},
 * the overloads of {@code awaitDone}, {@code awaitWork}'s parameters); weavings match by name and
 * parameter count, mark the names that exist on some JDKs only as optional, and never bind a value
 * whose type changed between versions ({@code doExec} returns {@code int} on 17 and 21, nothing on 25).
 * {@code ForkJoinTask} gains a field when it loads, so the adapter needs the agent to start before the
 * class is loaded (it is not, in any program we know of, before {@code premain}).
 */
package io.github.ompt4j.adapters.forkjoin;
