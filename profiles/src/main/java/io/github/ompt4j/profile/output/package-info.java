/**
 * The report's files: the flame graph and collapsed stacks through async-profiler's converter
 * ({@link io.github.ompt4j.profile.output.FlameGraphOutput}), the text report
 * ({@link io.github.ompt4j.profile.output.TextReport}) and the timeline page
 * ({@link io.github.ompt4j.profile.output.TimelineHtml}). Both HTML pages are self-contained: no script, style
 * or font is loaded from anywhere.
 */
package io.github.ompt4j.profile.output;
