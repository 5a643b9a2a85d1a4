/**
 * Reading a recording for folding: one pass with {@code jdk.jfr.consumer.RecordingFile} over every chunk, the
 * JDK's and async-profiler's {@code jfrsync} chunk, keeping only what folding needs.
 *
 * <p><b>What is kept.</b> Per thread ({@link io.github.ompt4j.profile.jfr.ThreadRecord}): the {@code ompt.*}
 * duration events as {@link io.github.ompt4j.profile.jfr.Span}s, {@code ompt.ThreadState} samples, the OMPT
 * identity ({@code ompt.ThreadBegin}, {@code ompt.InitialTask}); regions with their stack trace; which thread
 * ran which task in which region; lock creation sites. Samples go into primitive arrays per source
 * ({@link io.github.ompt4j.profile.jfr.Samples}), stacks and frames into dense tables interned by the
 * parser's object identity (it hands out one {@code RecordedStackTrace} per trace and chunk), so a million
 * samples cost a few tens of megabytes.
 *
 * <p><b>Joining threads.</b> async-profiler's {@code sampledThread} carries the same Java thread ID as JFR's
 * {@code eventThread}; a thread without one (a native thread in async-profiler's chunk) is found by its OS
 * thread ID and named by its OS name. The OS thread ID also joins the main thread when async-profiler wrote
 * its chunk as the JVM exited ({@code -agentpath} without a stop): the launcher has by then re-attached that
 * OS thread as a new Java thread, {@code DestroyJavaVM}, with a new Java thread ID.
 *
 * <p><b>Clocks.</b> async-profiler's chunk counts ticks of the monotonic clock. JDK 17's reader converts them to
 * the same times as JFR's own events; JDK 25's is off by the machine's uptime. The chunk's
 * {@code jdk.ActiveRecording} event carries its start twice, as a time (converted) and as epoch milliseconds
 * (a plain number); a difference of more than a second between them is that error, and the chunk's samples
 * are moved back by it, to within a millisecond.
 *
 * <p><b>Which samples.</b> async-profiler declares its event types without settings, JFR with
 * {@code period} and {@code enabled}: that tells its {@code jdk.ExecutionSample} from JFR's own. Folding uses
 * one source ({@link io.github.ompt4j.profile.jfr.SampleSource}): async-profiler's wall clock if present (it
 * sees waiting threads), else its CPU samples, else JFR's. The interval comes from the settings the recording
 * holds ({@code jdk.ActiveSetting}: JFR's {@code period}, async-profiler's {@code interval} and {@code wall}),
 * else from the median gap between a thread's samples.
 */
package io.github.ompt4j.profile.jfr;
