/**
 * The report's files: the flame graph and collapsed stacks through async-profiler's converter
 * ({@link io.github.ompt4j.profile.output.FlameGraphOutput}), the text report
 * ({@link io.github.ompt4j.profile.output.TextReport}) and the timeline page
 * ({@link io.github.ompt4j.profile.output.TimelineHtml}). Both HTML pages are self-contained: no script, style
 * or font is loaded from anywhere.
 *
 * <p>The timeline page answers "what happened here?" for any range a reader selects: it carries the profile's
 * samples ({@link io.github.ompt4j.profile.output.TimelineSamples}: a frame table, stacks as frame indexes, six
 * numbers a sample, thinned evenly per thread past 100,000) and sums the selected range's in the browser, per
 * state, per thread and per stack, for all threads or one. It sums the weights the report sums
 * ({@link io.github.ompt4j.profile.model.TimedSamples}), never a second definition, so the whole range gives the
 * report's split to the nanosecond.
 *
 * <p>Three exporters take the same user-model profile beyond this tool, to viewers that read a fleet's
 * profiles. {@link io.github.ompt4j.profile.output.PprofOutput} writes pprof's gzipped {@code Profile} protobuf;
 * {@link io.github.ompt4j.profile.output.OtlpOutput} writes OpenTelemetry profiles, an OTLP {@code ProfilesData}
 * of opentelemetry-proto v1.10.0's {@code profiles.v1development} messages (the version async-profiler's
 * converter 4.5 targets). Both write their protobuf with the converter's {@code one.proto.Proto}, so the module
 * gains no dependency; both carry every folded stack with the artificial {@code <OMP-...>} frames as functions,
 * the same values ({@code SampleValue}: samples, and with a known interval the sampled time and its OMP work and
 * wait) and the thread and OMPT state of each sample as labels or attributes.
 * {@link io.github.ompt4j.profile.output.ChromeTraceOutput} writes the timeline, threads by OMPT state and the
 * regions, as Chrome trace-event JSON for Perfetto; it and the timeline page's data are written by
 * {@link io.github.ompt4j.profile.output.JsonWriter}, which places separators and escapes strings. The tests read each file back with an independent parser:
 * classes generated from pprof's {@code profile.proto}, opentelemetry-proto's classes, Jackson.
 */
package io.github.ompt4j.profile.output;
