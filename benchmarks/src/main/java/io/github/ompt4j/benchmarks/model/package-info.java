/**
 * JMH benchmarks of the model's hot paths, the costs every woven construct pays once a tool listens: a state
 * transition, an event dispatched to no tool and to a no-op one, a task's life, two locks and a critical
 * construct. Each runs on a thread attached to the runtime for the whole trial ({@code AttachedThread}), so a
 * measurement is the model's work alone; those that store references age the thread's data first
 * ({@code OldGeneration}, which the other packages' benchmarks use too). The goals (nanoseconds, 0 B/op with {@code -prof gc}) and the
 * figures are in the README's numbers; a change to the model's hot path is measured here before and after.
 */
package io.github.ompt4j.benchmarks.model;
