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
 * samples cost a few tens of megabytes. The IDs of regions and tasks, of which a busy program records a million,
 * go into flat maps ({@link io.github.ompt4j.profile.jfr.LongLongMap}); the task-to-region and task-to-thread
 * maps only while reading, resolved then into each region's encountering task; each kind and call site is one
 * string however many events name it. What remains per event is its span or state sample.
 *
 * <p><b>Joining threads.</b> JFR's own events name their thread exactly, by Java thread ID; a thread without
 * one (a native thread) is found by its OS thread ID and named by its OS name. async-profiler's
 * {@code sampledThread} cannot be taken at its word: it keeps one name and Java ID per OS thread ID, the last
 * Java thread's that ran there, and the OS hands the ID of a thread that ended to the next one. A program that
 * starts a thread per task wraps the IDs within seconds (32,768 of them here): in a run of 60,000 threads 5,696 of
 * 17,740 samples named a Java thread that had ended or not yet begun, and the time since that thread's other
 * samples made them stand for 1,733 s of thread time in a 19 s run (57 s once joined by time; the threads' lives
 * add up to 64 s). So a sample goes
 * to the thread that lived on its OS thread at its time, by the lives JFR records ({@code jdk.ThreadStart},
 * {@code jdk.ThreadEnd}, else {@code ompt.ThreadBegin} and {@code ompt.ThreadEnd}). That also keeps the main
 * thread's samples when async-profiler wrote its chunk as the JVM exited ({@code -agentpath} without a stop):
 * JDK 17's launcher has by then attached that OS thread as a new Java thread, {@code DestroyJavaVM}. A virtual
 * thread has no OS thread: async-profiler names the carrier it is mounted on, so a carrier's sample taken in a stretch
 * of a virtual thread the runtime knows ({@code ompt.VirtualThreadMount}, under {@code profile=}) goes to that virtual
 * thread, the latest begun where stretches overlap. The settings leave a virtual thread's own begin, end and
 * initial task out (one each per request of a server): such a thread lived, for the runtime, from its first event
 * to its last, and was an initial thread ({@code ThreadRecord.settleVirtualThread}).
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
 *
 * <p><b>What a sample stands for.</b> async-profiler's wall clock visits every thread once an interval
 * ({@code wallClock.cpp}): it signals a running thread, whose handler records one {@code profiler.WallClockSample}
 * ({@code samples} 1); a thread whose CPU time has not moved since a sample found it in a system call is not
 * signalled but counted, and one event then stands for a batch ({@code samples} up to 1000, {@code timeSpan} from
 * the first to the last, {@code startTime} the first). It cannot always keep up: when its own thread runs late it
 * starts the next cycle from the present and the missed cycles are never sampled, and a thread waiting for a
 * processor takes one signal for all those sent meanwhile (signals do not queue), so with more busy threads than
 * cores most samples of a short interval are lost (five busy threads on two cores at 1 ms: 37 % of the
 * interval's samples were taken). So each wall-clock sample stands for the time since the end of its thread's
 * previous one ({@link io.github.ompt4j.profile.jfr.Samples#nanos}): a lost sample's time goes to the next
 * sample of its thread, whose stack did not move while it waited for a processor. A thread's first sample, and
 * every CPU sample (a thread off the processor is not sampled, so the time between says nothing), stand for
 * their count times the interval.
 *
 * <p><b>Adding an event type.</b> A row in {@code RecordingReader}'s {@code Kind} table, named by the event
 * class's {@code NAME} (a constant the compiler copies in: {@code jfr-events} is only {@code provided}), and
 * its reading in a method of the reader; the settings that weigh samples are {@code RecordingSettings}', the
 * joining of threads {@code ThreadRecords}'.
 */
package io.github.ompt4j.profile.jfr;
