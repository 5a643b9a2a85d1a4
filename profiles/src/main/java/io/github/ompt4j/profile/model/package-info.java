/**
 * The user-model profile as data, for the outputs of this module and for exporters to other formats: a
 * {@link io.github.ompt4j.profile.model.Profile} (distinct stacks, root first, per thread and OMPT state, with
 * the Analyzer's weights: samples, "OMP work", "OMP wait") and a {@link io.github.ompt4j.profile.model.Timeline}
 * (each thread's state intervals with region and task IDs, and the regions with their teams), and the profile's
 * samples one by one at their instants ({@link io.github.ompt4j.profile.model.TimedSamples}), with the weights the
 * profile sums, for outputs that sum any range of them. All classes are
 * small and immutable; times are nanoseconds since the epoch, as JFR's {@code Instant}s give them; IDs are the
 * recording's OMPT IDs ({@code parallelId}, {@code taskId}, {@code waitId}).
 */
package io.github.ompt4j.profile.model;
