/**
 * User-model profiles: the samples of a recording folded into OpenMP's user model, as Sun's Analyzer shows
 * it, and written as a flame graph, collapsed stacks, a text report and a timeline.
 * {@link io.github.ompt4j.profile.ProfileCommand} is the {@code report} command;
 * {@link io.github.ompt4j.profile.JfrToProfile} folds a recording into the data model of
 * {@link io.github.ompt4j.profile.model}.
 */
package io.github.ompt4j.profile;
