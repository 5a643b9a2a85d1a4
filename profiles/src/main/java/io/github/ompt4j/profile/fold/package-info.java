/**
 * Folding samples into OpenMP's user model, as the Collector white paper's section 6 and Sun's Analyzer
 * describe it, for Java's runtimes: the directive library, {@code ForkJoinPool} and its tasks, parallel
 * streams, {@code CompletableFuture}.
 *
 * <p><b>Frames.</b> {@link io.github.ompt4j.profile.fold.FrameRoles} classifies raw frames by class: the
 * program's, a runtime's, the JDK's (the program's when the program called them, the runtime's when a
 * runtime did: a park under a barrier), glue (lambdas' generated classes, thread start frames) and native.
 * Task code begins above a task entry: {@code ImplicitTask.run}, {@code ExplicitTask.run},
 * {@code ForkJoinTask.doExec}. {@link io.github.ompt4j.profile.fold.StackShaper} keeps what a view shows.
 *
 * <p><b>Grafting.</b> A region's master call-stack preface ({@link io.github.ompt4j.profile.fold.Prefaces}) is
 * its {@code ompt.Origin} event's stack, taken as the region began, inside the construct's call on the thread
 * that encountered it, wherever the region ended (a submission to a pool from outside ends on a worker): for
 * a nested region (the {@code ompt.ParallelRegion} event names its parent, the region of the task that encountered
 * it), the frames above its innermost task entry go onto the enclosing region's preface; for a region that a task
 * outside regions began (a parallel stream in a {@code CompletableFuture} stage or an executor's task), onto the stack
 * that task stands on (its origin's), the executor's worker's whole stack, which has no task entry. A sample
 * in a region keeps the frames above its innermost task entry and stands on the preface, so a worker's sample
 * and the master's have the same stack. A task that serial code created outside any region (a
 * {@code CompletableFuture} stage) has an origin too, or stands on the latest one its creator recorded before it
 * (serial code shares a walk among the stages it creates from one method in a row), and the stages it triggers stand
 * on it; a stage under the threshold, which no span names, stands on the origin of the method its lambda is written
 * in (of the class, for a method reference), working or waiting in its own code (a monitor it takes). A pool's task under the threshold that no span names, run between a worker's idle spans, stands on the
 * innermost regions open at its instant if they have one preface ({@link io.github.ompt4j.profile.fold.OpenRegions}).
 * The thread that encountered a nested region, waiting for it inside the task it entered it from, stands on the
 * enclosing preface, which that task's frames continue. Recordings
 * without origins take the stack of the {@code ompt.ParallelRegion} event when the encountering thread
 * committed it; a region without either has only its call site as a preface frame, on the enclosing preface.
 * A member waiting at its region's implicit barrier once its body returned stands below the body's frame, the
 * heaviest first frame above the preface in the working samples of the regions entered from that stack.
 *
 * <p><b>Artificial frames.</b> An idle thread is {@code <OMP-idle>} alone; a waiting thread (and one in a
 * reduction) gets its state's frame where the runtime code was; a working thread whose leaf is in a runtime
 * gets {@code <OMP-overhead>}, unless the leaf is inside one of the directive library's mutex acquisitions:
 * profiles sample mutex waits instead of tracing them, so the stack, not the state, says the thread waits. The user and expert views leave out threads unknown to the runtime that ran
 * none of the program's code (the JVM's, JFR's, the profiler's); the machine view keeps every frame and adds
 * none. {@link io.github.ompt4j.profile.fold.Folder} folds each distinct (stack, region, state, encountering)
 * once and aggregates weights per thread, state and stack; it keeps each sample's thread, final state and stack at
 * its instant too, for the timeline's selection.
 */
package io.github.ompt4j.profile.fold;
