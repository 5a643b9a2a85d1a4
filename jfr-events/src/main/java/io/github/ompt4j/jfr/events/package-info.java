/**
 * The JFR event types of ompt4j: one final class per OMPT event family, named {@code ompt.*}, labelled and
 * described for JMC, in a category tree under {@code OpenMP} ({@link io.github.ompt4j.jfr.events.OmptCategories}).
 * Fields are public, as in the JDK's own events, and the tool fills them; IDs are {@code long}s below 2^63
 * marked with a relational annotation ({@link io.github.ompt4j.jfr.events.ParallelId},
 * {@link io.github.ompt4j.jfr.events.TaskId}, {@link io.github.ompt4j.jfr.events.WaitId},
 * {@link io.github.ompt4j.jfr.events.OmptThreadId}) and {@code @Unsigned}; kinds are the model's OMPT names
 * without their prefix. Stack traces are off in the classes' defaults except for regions and control, and the
 * per-task, mutex and loop-chunk types are disabled by default; {@code ompt.jfc} states every setting.
 * {@link io.github.ompt4j.jfr.events.OmptEventTypes} lists them all.
 */
package io.github.ompt4j.jfr.events;
