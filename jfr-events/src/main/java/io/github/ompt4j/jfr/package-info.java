/**
 * OMPT for JDK Flight Recorder: the {@code ompt.*} event types ({@link io.github.ompt4j.jfr.events}), the tool
 * that records them ({@link io.github.ompt4j.jfr.JfrTool}), their settings ({@code ompt.jfc},
 * {@code ompt-profile.jfc}, {@link io.github.ompt4j.jfr.JfrSettings}) and the agent's {@code jfr=} recording
 * ({@link io.github.ompt4j.jfr.JfrRecorder}).
 *
 * <p><b>Spans, not points.</b> Every begin/end pair of OMPT callbacks becomes one duration event, committed when
 * the pair ends on the thread it describes, so that JMC draws it in that thread's lane and a reader needs no
 * pairing: {@code ompt.ParallelRegion}, {@code ompt.ImplicitTask}, {@code ompt.Task}, {@code ompt.SyncRegion},
 * {@code ompt.SyncRegionWait}, {@code ompt.MutexAcquire}, {@code ompt.MutexHeld}, {@code ompt.Work},
 * {@code ompt.Dispatch}, {@code ompt.Master}, {@code ompt.Idle}. One-off happenings are instants
 * ({@code ompt.ThreadBegin}, {@code ompt.TaskCreate}, {@code ompt.LockInit} ...). IDs are plain {@code long}
 * fields marked with relational annotations ({@code @ParallelId}, {@code @TaskId}, {@code @WaitId},
 * {@code @OmptThreadId}) that {@code jfr metadata} shows; equal values name the same region, task or mutex.
 *
 * <p><b>State, region and task at any instant, from the recording alone.</b> For a thread {@code T} and an
 * instant {@code t}, among the spans committed on {@code T} that contain {@code t}:
 * <ol>
 *   <li>The current task is the innermost (latest-starting) {@code ompt.Task} or {@code ompt.ImplicitTask}
 *       span; its {@code parallelId} is the current region. Outside them, the current task is the thread's
 *       initial task ({@code ompt.InitialTask} on that thread) and there is no region.</li>
 *   <li>Inside an {@code ompt.MutexAcquire}: {@code wait_lock} (kinds lock and nest_lock),
 *       {@code wait_critical}, {@code wait_atomic} or {@code wait_ordered}, wait ID {@code waitId}.</li>
 *   <li>Else inside an {@code ompt.SyncRegionWait}: {@code wait_barrier_explicit} (kind barrier_explicit),
 *       {@code wait_taskwait}, {@code wait_taskgroup}, else {@code wait_barrier_implicit}; wait ID
 *       {@code waitId} (a barrier's region, a taskwait's awaited task).</li>
 *   <li>Else inside an {@code ompt.Idle}: {@code idle}, no region, no task.</li>
 *   <li>Else inside an {@code ompt.SyncRegion} that began within the current task: {@code work_reduction}
 *       for kind reduction; {@code overhead} once one of its waits has ended (leaving the barrier).</li>
 *   <li>Else inside a task span: {@code work_parallel} (or {@code work_serial} for a task outside any
 *       region).</li>
 *   <li>Else: {@code overhead} inside an {@code ompt.ParallelRegion} of the thread (forking, joining); for a
 *       worker ({@code ompt.ThreadBegin} type worker), {@code overhead} between its spans (between
 *       {@code idle_end} and its implicit task; looking for work, or running tasks under the threshold: every idle
 *       span is kept) and {@code idle} after its last span (a wait for work still open at the end); for other
 *       threads, {@code work_serial}.</li>
 * </ol>
 * This holds exactly, up to the runtime's bookkeeping instants, when every span type involved is recorded
 * with threshold 0. The settings files keep regions, implicit tasks, idle spans and masters at 0, but bound the
 * rest as JFR bounds its parks and monitor waits: synchronization regions and their waits, worksharing
 * constructs and (under {@code ompt-profile.jfc}) explicit tasks of at least 1 ms ({@code ompt-sync-threshold},
 * {@code ompt-task-threshold}, the agent's {@code threshold=}), so that a thread writes at most a thousand of
 * them a second whatever the program does: a fork/join program joins millions of times a second, and recorded
 * each join as a wait (84 MB for 3 s). Under a task threshold, an explicit task that runs inside another of its
 * region on the same thread (a join that takes it back and runs it, with no synchronization region open on the
 * thread) has no span of its own, long or short: its switches read no clock, which was most of a span's cost, and its
 * time is the enclosing task's, whose region is the same. Mutex waits are not traced by default. A span left out
 * reads as the enclosing span's state: a mutex wait, a short barrier or join as the work around it, a short task's
 * time as its parent's (or, on a pool worker, as the rule's default). {@code ompt.ThreadState} reads every thread's
 * state, wait ID, region and task from outside, every 20 ms by default (10 ms when profiling), and writes a
 * thread's sample when it changed since the thread's last one or 50 periods after it, each standing for the time
 * until its thread's next (a pool's idle workers or a service's threads parked in a queue cost one sample a second,
 * not fifty); it leaves out the samples that would only repeat the rule (a program's thread in serial work in its
 * initial task) but the first, which ends the stretch before it. That covers what the spans miss: states under a threshold, spans still
 * open when the recording ends, threads of other tools, and mutex waits, which neither settings file traces:
 * a sample of a thread waiting for a mutex names the thread holding it and where that thread took it, from
 * the held mutexes the runtime keeps for each thread. The test {@code StateDerivationTest} checks the rule
 * against the model's own state at chosen instants of a simulated run. Under {@code ompt-profile.jfc} one more type
 * comes from the model rather than a callback: {@code ompt.VirtualThreadMount}, each stretch of a virtual thread the
 * runtime knows on a carrier ({@code Mounts}, fed by {@code VirtualThreadMounts}), which async-profiler's samples need
 * (they name the carrier) and JFR's own do not.
 *
 * <p><b>The numbers, defined once.</b> The report ({@code profiles}), its timeline and the JMC rules
 * ({@code jmc-rules}) compute these from the events above, the same way:
 * <ul>
 *   <li><i>OMP work and OMP wait.</i> Work is the states {@code work_serial}, {@code work_parallel} and
 *       {@code work_reduction}; wait is every other state: barriers, task waits, mutex waits, {@code idle}, and
 *       {@code overhead}, the runtime's own code (forking, joining, scheduling, a mutex's bookkeeping), in which
 *       the thread does none of the program's work. A stack sample is wait exactly when its user-model leaf is
 *       an artificial wait frame ({@code <OMP-overhead>} included); a sample in a work state whose leaf is the
 *       runtime's own code is {@code overhead}.</li>
 *   <li><i>Team time.</i> The sum of the {@code ompt.ImplicitTask} spans' durations: the denominator of every
 *       share of "time in parallel regions".</li>
 *   <li><i>Load imbalance.</i> A member's work in a region is its implicit task's duration minus its
 *       {@code ompt.SyncRegionWait} spans in that region (barrier, taskwait, taskgroup) on its thread (those
 *       above the threshold: a member that waits less than 1 ms at a barrier is taken as balanced); a region
 *       of two or more members loses {@code sum(max - work_i)} of its {@code n * max}; the imbalance of a set
 *       of regions is their loss over their {@code n * max}. Mutex waits are not imbalance but contention.</li>
 *   <li><i>Mutex wait time</i> (per wait ID): the {@code ompt.MutexAcquire} spans when the recording has any;
 *       otherwise the {@code ompt.ThreadState} samples that saw a thread in a mutex wait, each standing for the
 *       time from half a period before it to half a period before its thread's next sample, at most 50 periods
 *       (the period the settings name), within its thread's time in the recording (its {@code ompt.ThreadBegin} to
 *       its {@code ompt.ThreadEnd}): the ticks it saw, the sampler leaving unchanged ones unwritten. A sample taken inside an idle or synchronization-wait span, or inside a task span of another
 *       region than its own, counts for nothing (the spans say what the thread did); the spans around the others
 *       do not clip them, since a wait that lands in a short task or between a worker's idle spans often would be
 *       undercounted by samples that stood for no more than those stretches (where the timeline draws such a wait,
 *       the stretch is all it has). Stack samples also see mutex waits (the report's "sampled" column),
 *       statistically; the recorded or state-sampled time is the one tables of mutexes show.</li>
 *   <li><i>Lock contention</i> of a mutex: its wait time over the team time.</li>
 * </ul>
 *
 * <p><b>Adding an event type.</b> Its class in {@link io.github.ompt4j.jfr.events} (listed in
 * {@code OmptEventTypes}, its {@code NAME} constant the one spelling of its name, which readers of recordings
 * use too), and one row in {@code JfrBinding}: the OMPT callbacks it needs, each with its handler, a method of
 * the span classes ({@code ThreadSpans}, {@code MutexSpans}, {@code RegionSpans}) or of the instant classes
 * ({@code Instants}, {@code Origins}). Rows that need the same callback share it: their handlers run in the
 * order of the rows.
 *
 * <p><b>Cost.</b> Only the callbacks of the event types switched on when the tool starts are registered; a
 * callback asks {@code isEnabled()} before it reads a clock; a span's event object is reused, so a thread
 * allocates nothing once its nesting depth is reached (instants allocate one event each, and are rare or
 * off by default). Stack traces, which cost 5 to 10 times a commit, are taken for {@code ompt.Origin} only (and
 * the rare {@code ompt.Control}): committed where a region begins, on the encountering thread, and where serial
 * code, or a task outside regions calling the program's code, creates a task (a {@code CompletableFuture} stage,
 * when task creations are recorded), JFR's walk is the user-model "master call-stack preface" of the work that
 * follows, wherever it runs and ends; one walked inside a task stands on that task's own origin. Code that
 * creates stages from one method in a row walks once per 100 us ({@code LastOrigin}): the stages between stand on
 * the walk before them, which the state samples let a reader find (their {@code originTaskId}, the stage serial
 * code created, and {@code originParentTaskId}, its creator). A stage its source's completion triggers (no call
 * site of the program's) walks none: it stands on its source's origin. The mutex and per-task
 * events are off by default: besides their rate, the adapter walks the stack for the call site of every
 * acquisition or task creation a tool listens to.
 *
 * <p><b>Regions across threads.</b> A region's begin data lives in a table keyed by region ID
 * ({@code OpenRegions}), not in the thread, so a region may end on another thread than the one that began
 * it; the entry leaves the table at the end. The event is committed by the ending thread, so in that case its
 * lane is the ending thread's; {@code encounteringTaskId} still names the task that forked it, and its
 * {@code ompt.Origin}, committed at the begin, the thread and stack that did. {@code parentParallelId} names the
 * region that task runs in, asked of the runtime at the begin ({@code ompt_get_parallel_id(0)}): a nested region's
 * encountering task is usually a pool's task under the threshold, which has no event that would say it.
 *
 * <p><b>Known JDK limit.</b> On JDK 17 (17.0.15 here), JFR can lose pooled strings (17 to 127 characters:
 * kinds, call sites) that only threads which have since ended wrote, in chunks after a rotation; they read
 * back as {@code null}. JDK 25 does not. Long-lived pool threads, the directive library's, are not affected.
 */
package io.github.ompt4j.jfr;
