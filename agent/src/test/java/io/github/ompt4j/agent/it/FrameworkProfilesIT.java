package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ompt4j.jfr.events.ImplicitTaskEvent;
import io.github.ompt4j.jfr.events.ParallelRegionEvent;
import io.github.ompt4j.jfr.events.TaskEvent;
import io.github.ompt4j.profile.model.Profile;
import io.github.ompt4j.profile.model.View;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The JDK frameworks' work in the user model, as {@link UserModelSituationsIT} checks the directive library's: a task
 * handed to the common pool from outside it and {@code CompletableFuture} stages stand on the stack that submitted or
 * created them, each framework's construct under its call site's frame, the report's team is who ran the region's
 * tasks, the JDK's code the pool or a stream runs for the program is its work, a thread blocked on a Java monitor
 * waits for a lock (blamed on the holder at its frame), one parked in a hand-off or a join waits as at a barrier or
 * for tasks, with one stack on every JDK, and a virtual thread's work stands at its root as a platform thread's does.
 * At common-pool parallelism 1 and 4 where the pool behaves differently. Sampling is statistical: each assertion is a
 * share of the relevant samples (at least 80 % unless a test says otherwise), never a time.
 */
class FrameworkProfilesIT {
    private static final String MAIN = "Situations\\.main;Situations\\.run;";
    private static final double SHARE = 0.8;
    /** The JDK sort's share of the samples in its code: all of them but its runtime calls (fork, completion counts). */
    private static final double SORT_SHARE = 0.93;

    @TempDir
    Path dir;

    private Path record(String situation, int parallelism) throws Exception {
        return ProfiledRun.record(dir, situation, Map.of(),
                "-Djava.util.concurrent.ForkJoinPool.common.parallelism=" + parallelism);
    }

    /** The samples of stacks that contain {@code frame}, and how many of them match {@code shape}. */
    private static long[] share(Profile p, String frame, String shape) {
        long[] counts = new long[2];
        Pattern pattern = Pattern.compile(shape);
        ProfiledRun.byThread(p).values().forEach(stacks -> stacks.forEach((stack, samples) -> {
            if (stack.contains(frame)) {
                counts[0] += samples;
                counts[1] += pattern.matcher(stack).matches() ? samples : 0;
            }
        }));
        return counts;
    }

    private static void assertShare(Profile p, String frame, String shape, long atLeast) {
        assertShare(p, frame, shape, atLeast, SHARE);
    }

    private static void assertShare(Profile p, String frame, String shape, long atLeast, double atLeastShare) {
        long[] c = share(p, frame, shape);
        assertTrue(c[0] >= atLeast && c[1] >= atLeastShare * c[0], c[1] + " of " + c[0] + " samples in " + frame
                + " have the shape " + shape + "\n" + ProfiledRun.describe(p));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aTaskInvokedInTheCommonPoolFromOutsideStandsOnTheSubmittersStack(int parallelism) throws Exception {
        Profile p = ProfiledRun.fold(record("pool-invoke", parallelism), View.USER);
        String leaves = MAIN + "Situations\\.poolInvoke;(Situations\\$Sum\\.compute;)+Situations\\$Sum\\.leaf(;Situations\\.busy)?";
        assertShare(p, "Sum.leaf", leaves, 50);
        assertTrue(ProfiledRun.byThread(p).entrySet().stream().anyMatch(t -> t.getKey().startsWith("ForkJoinPool")
                && t.getValue().keySet().stream().anyMatch(s -> s.matches(leaves))), "a worker's leaves\n"
                + ProfiledRun.describe(p));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void completableFutureStagesStandOnTheStackThatCreatedThem(int parallelism) throws Exception {
        Profile p = ProfiledRun.fold(record("completable", parallelism), View.USER);
        assertShare(p, "Situations.stage", MAIN + "Situations\\.completable;Situations\\.lambda\\$completable\\$\\d+;"
                + "Situations\\.stage(;Situations\\.busy)?", 100);
    }

    /**
     * Stages created a hundred at a time from one method, which share one stack walk among those made within 100 us,
     * stand on their own method's stack: the method that created them is the one whose lambda they run.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void stagesCreatedInLoopsStandOnTheirOwnMethodsStack(int parallelism) throws Exception {
        Profile p = ProfiledRun.fold(record("stage-loops", parallelism), View.USER);
        assertShare(p, "Situations.lambda$", MAIN + "Situations\\.stageLoops;(Situations\\.quotes;Situations\\.lambda\\$quotes"
                + "|Situations\\.discounts;Situations\\.lambda\\$discounts)\\$\\d+;Situations\\.stage(;Situations\\.busy)?", 100);
    }

    /**
     * A worker's task under the threshold, which no span names, run while one region alone is open, is that region's:
     * it stands on the stream's stack, not at its own lambda with nothing below (a quarter to a half of these samples
     * at parallelism 4 did, between a worker's idle spans).
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aWorkersTaskUnderTheThresholdStandsOnItsRegionsStack(int parallelism) throws Exception {
        Profile p = ProfiledRun.fold(record("short-tasks", parallelism), View.USER);
        assertShare(p, "Situations.lambda$shortTasks$", MAIN + "Situations\\.shortTasks;Situations\\.lambda\\$shortTasks"
                + "\\$\\d+;Situations\\.busy", 100);
    }

    /**
     * A stream inside another's elements, every task under the threshold. A worker that began a nested stream inside
     * the outer stream's task (which no span names) stands on the outer stream's stack, as the nested streams' tasks it
     * runs while the outer and several nested streams are open do: all but a few (99.9 % at parallelism 4 and 1);
     * without the region's parent in its event 77 and 60 % (the nested stream's frames with nothing below), without the
     * innermost of the open regions taken 89 % at 4. At 4, one waiting for its nested stream does not repeat the frames
     * that entered it ({@code lambda$nestedStreams;innerStream;lambda$nestedStreams;innerStream;<OMP-taskwait>}): 1 of
     * 1,576 samples, and 175 without the enclosing task's preface. At 1 such a stack is what ran, in one run of
     * five: the common pool's one worker, waiting for its nested stream, runs another of the outer stream's elements
     * (JDK 17's {@code helpComplete}), which begins a nested stream of its own.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aStreamInsideAnothersElementsStandsOnTheOuterStreamsStack(int parallelism) throws Exception {
        Profile p = ProfiledRun.fold(record("nested-streams", parallelism), View.USER);
        assertShare(p, "Situations.roots", MAIN + "Situations\\.nestedStreams;Situations\\.lambda\\$nestedStreams\\$\\d+;"
                + "Situations\\.innerStream;Situations\\.roots", 100, 0.95);
        if (parallelism > 1) {
            assertNoFramesRepeated(p, "Situations.innerStream", ".*Situations\\.innerStream;.*Situations\\.innerStream;.*");
        }
    }

    /**
     * A stream run in a pool of its own, submitted from {@code main} and waited for: its tasks stand on the submitted
     * lambda on {@code main}'s stack; the worker that runs the submission, waiting for the stream, stands there once,
     * not with the lambda twice (90 of 652 samples did).
     */
    @Test
    void aStreamInAPoolOfItsOwnStandsOnTheStackThatSubmittedIt() throws Exception {
        Profile p = ProfiledRun.fold(record("stream-in-pool", 4), View.USER);
        assertShare(p, "Situations.busy", MAIN + "Situations\\.streamInPool;(Situations\\.lambda\\$streamInPool\\$\\d+;){2}"
                + "Situations\\.busy", 100);
        assertNoFramesRepeated(p, "Situations.lambda$streamInPool$",
                ".*(Situations\\.lambda\\$streamInPool\\$\\d+);\\1;.*");
    }

    /**
     * A parallel stream that a {@code CompletableFuture} stage or an executor's task runs stands on the stack that
     * created the stage or submitted the task, below the task's own frames, as the task's other work does: it stood at
     * the task's lambda with nothing below, and {@code main} waited for it on another stack. A virtual-thread-per-task
     * executor's too (JDK 21+), whose virtual threads async-profiler samples as their carriers.
     */
    @ParameterizedTest
    @ValueSource(strings = {"stream-in-stage", "stream-in-executor", "stream-in-virtual-thread"})
    void aStreamThatATaskOutsideRegionsRunsStandsOnTheTasksOrigin(String situation) throws Exception {
        assumeTrue(!situation.contains("virtual") || Runtime.version().feature() >= 21, "virtual threads need JDK 21");
        Profile p = ProfiledRun.fold(record(situation, 4), View.USER);
        String method = situation.equals("stream-in-stage") ? "streamInStage"
                : situation.equals("stream-in-executor") ? "streamInExecutor" : "streamInVirtualThread";
        assertShare(p, "Situations.roots", MAIN + "Situations\\." + method + ";Situations\\.lambda\\$" + method
                + "\\$\\d+;Situations\\.parallelRoots;Situations\\.roots", 100);
    }

    /**
     * A stage that an executor's task creates (a request's code calling {@code supplyAsync}) stands on the stack that
     * created it, below the request's own origin, and so does a stage that stage's code creates, which the thread that
     * created it runs: they stood on the request's origin alone, the request's frames ({@code handle}, {@code quote},
     * {@code price}) missing, since only serial code recorded where it created a task; and the creating thread's own
     * run of the stage stood on its creator's.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aStageThatAnExecutorsTaskCreatesStandsOnTheTasksCode(int parallelism) throws Exception {
        Profile p = ProfiledRun.fold(record("stage-in-executor", parallelism), View.USER);
        assertShare(p, "Situations.quoteWork", MAIN + "Situations\\.stageInExecutor;Situations\\.lambda\\$stageInExecutor\\$\\d+;"
                + "Situations\\.handle;Situations\\.quote;Situations\\.lambda\\$quote\\$\\d+;Situations\\.price;"
                + "Situations\\.lambda\\$price\\$\\d+;Situations\\.quoteWork(;.*)?", 100);
    }

    /** All but a few of the samples whose stack holds {@code frame} do not match {@code repeated}. */
    private static void assertNoFramesRepeated(Profile p, String frame, String repeated) {
        long[] c = share(p, frame, repeated);
        assertTrue(c[1] <= 0.02 * c[0], c[1] + " of " + c[0] + " samples repeat frames (" + repeated + ")\n"
                + ProfiledRun.describe(p));
    }

    /**
     * A stage as short run meanwhile by another pool's worker, a thread that works in no region, does not stand on
     * that region's stack: it runs a {@code ForkJoinTask} too, and one region alone is open. All but a few: on JDK 25 a
     * common-pool worker, which does work in the region, now and then runs a stage (1 sample of 343); without the
     * check 183 of 436 stood there.
     */
    @Test
    void aStageInAnotherPoolDoesNotStandOnTheRegionOpenMeanwhile() throws Exception {
        Profile p = ProfiledRun.fold(record("short-tasks-beside-stages", 4), View.USER);
        long[] apart = share(p, "Situations.stageWork", "(?!.*Situations\\.shortTasks;).*");
        assertTrue(apart[0] >= 100 && apart[1] >= 0.95 * apart[0], apart[1] + " of " + apart[0] + " samples of the stages"
                + " apart from the stream's stack\n" + ProfiledRun.describe(p));
        assertShare(p, "Situations.lambda$shortTasks$", MAIN + "Situations\\.shortTasksBesideStages;"
                + "Situations\\.shortTasks;Situations\\.lambda\\$shortTasks\\$\\d+;Situations\\.busy", 100);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void everyFrameworksWorkStandsUnderItsCallSitesFrame(int parallelism) throws Exception {
        Profile p = ProfiledRun.fold(record("frameworks", parallelism), View.USER);
        String site = MAIN + "Situations\\.frameworks;";
        String directive = site + "Situations\\.directive;Situations\\.lambda\\$directive\\$\\d+;Situations\\.busy";
        String stream = site + "Situations\\.stream;Situations\\.lambda\\$stream\\$\\d+;Situations\\.busy";
        String pool = site + "Situations\\.poolInvoke;(Situations\\$Sum\\.compute;)+Situations\\$Sum\\.leaf;"
                + "Situations\\.busy";
        String future = site + "Situations\\.completable;Situations\\.lambda\\$completable\\$\\d+;Situations\\.stage;"
                + "Situations\\.busy";
        for (String shape : List.of(directive, stream, pool, future)) {
            assertTrue(share(p, "Situations.busy", shape)[1] >= 50, "no work in the shape " + shape + "\n"
                    + ProfiledRun.describe(p));
        }
        assertShare(p, "Situations.busy", String.join("|", directive, stream, pool, future), 400);
    }

    /**
     * {@code Arrays.parallelSort}'s sorting and merging, run by the pool, is the program's work: of the samples in the
     * sort's code (a JDK frame below {@code Arrays.parallelSort}), those that stand as the sort's frames. Its merges run
     * inside {@code CountedCompleter.tryComplete}, which calls the sort's {@code onCompletion}, and stood as
     * {@code <OMP-overhead>} (11 to 21 % of these samples at parallelism 4); what is left is its forks and the counting
     * of its completions, a few percent. The pool looking for work right under the region's origin
     * ({@code Arrays.parallelSort;<OMP-overhead>}, a worker between tasks) is the pool's overhead, not the sort's.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void theJdksCodeThatThePoolRunsForTheProgramIsItsWorkNotOverhead(int parallelism) throws Exception {
        Profile p = ProfiledRun.fold(record("parallel-sort", parallelism), View.USER);
        String sort = MAIN + "Situations\\.parallelSort;java\\.util\\.Arrays\\.parallelSort";
        long[] inSort = share(p, "Arrays.parallelSort", sort + ";java\\..*");
        long[] jdk = share(p, "Arrays.parallelSort", sort + "(;java\\.[\\w.$]+)+");
        assertTrue(jdk[1] >= 100 && jdk[1] >= SORT_SHARE * inSort[1], jdk[1] + " of " + inSort[1]
                + " samples in the sort's code stand as the JDK's sort\n" + ProfiledRun.describe(p));
    }

    /**
     * The JDK's code a parallel stream runs for its operations is the program's work, wherever it runs: its sets'
     * {@code HashMap} work, on a worker or run by the thread that joins the tasks (which stood as {@code <OMP-taskwait>}
     * below the task's frames: a join that helps ends its wait while the task runs), and {@code sorted()}'s sort, which
     * the stream calls on the calling thread at parallelism 1 (it stood as {@code <OMP-overhead>}).
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void theJdksCodeAStreamRunsForItsOperationsIsTheProgramsWork(int parallelism) throws Exception {
        Profile p = ProfiledRun.fold(record("sorted-stream", parallelism), View.USER);
        String jdk = MAIN + "Situations\\.sortedStream(;java\\.[\\w.$]+)+";
        assertShare(p, "java.util.HashMap.putVal", jdk, 50);
        assertShare(p, "java.util.TimSort", jdk, 50);
    }

    /**
     * A {@code CompletableFuture} join that waits is a taskwait, even one too short for a span of its own: the
     * sample's stack, parked inside {@code join}, says so (it was {@code <OMP-overhead>}: 52 of 813 samples of
     * {@code main} were the wait's). {@code main} only creates the stages and joins them; at parallelism 1 the JDK
     * starts a thread for each stage, which is the runtime's overhead and about half of {@code main}'s time, so at
     * least a third of its samples are the joins' waits.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aShortJoinOfAStageIsATaskwait(int parallelism) throws Exception {
        Profile p = ProfiledRun.fold(record("short-joins", parallelism), View.USER);
        long[] joins = new long[2];
        ProfiledRun.byThread(p).get("main").forEach((stack, samples) -> {
            if (stack.contains("Situations.shortJoins")) {
                joins[0] += samples;
                joins[1] += stack.matches(MAIN + "Situations\\.shortJoins;<OMP-taskwait>") ? samples : 0;
            }
        });
        assertTrue(joins[1] >= 100 && 3 * joins[1] >= joins[0], joins[1] + " of " + joins[0] + " samples of main"
                + " in the joins wait in them\n" + ProfiledRun.describe(p));
    }

    /**
     * A stage too short for a span of its own, run by a pool's worker between its idle spans, is the stage's work
     * (the worker's stack runs the task: its state there was the rule's default, overhead or idle, and the stage's
     * frames stood under {@code <OMP-overhead>}), and stands on the stack that created it, found by the method its
     * lambda is written in (it stood at the root, on no origin).
     */
    @Test
    void aShortStagesWorkIsWorkOnTheStackThatCreatedIt() throws Exception {
        Profile p = ProfiledRun.fold(record("short-joins", 4), View.USER);
        assertShare(p, "Situations.stage", MAIN + "Situations\\.shortJoins;Situations\\.lambda\\$shortJoins\\$\\d+;"
                + "Situations\\.stage(;Situations\\.busy)?", 50);
    }

    /**
     * A short stage made from a method reference stands on the stack that created it too: its generated class names
     * the class it was written in, whose methods created stages on one stack (it stood at the method with nothing
     * below).
     */
    @Test
    void aShortStageOfAMethodReferenceIsOnTheStackThatCreatedIt() throws Exception {
        Profile p = ProfiledRun.fold(record("stage-references", 4), View.USER);
        assertShare(p, "Situations.referencedStage", MAIN + "Situations\\.stageReferences;Situations\\.referencedStage"
                + "(;Situations\\.stage)?(;Situations\\.busy)?", 50);
    }

    /**
     * A short stage waiting for a monitor in its own code stands on the stack that created it, as its work does: the
     * wait is the stage's (it stood at its lambda with nothing below).
     */
    @Test
    void aShortStagesWaitIsOnTheStackThatCreatedIt() throws Exception {
        Profile p = ProfiledRun.fold(record("stage-monitor", 4), View.USER);
        assertShare(p, "<OMP-lock_wait>", MAIN + "Situations\\.stageMonitor;Situations\\.lambda\\$stageMonitor\\$\\d+;"
                + "Situations\\.lockedStage;<OMP-lock_wait>", 20);
    }

    /**
     * A thread parked in a {@code ReentrantLock}'s {@code lock} waits for a lock, even between state samples that
     * saw it working (it was counted as work in {@code Unsafe.park}). The report's table of mutexes names the lock
     * by where the program waited for it, which the stack samples show (a {@code java.util.concurrent} lock has no
     * creation event and its operations no call site), and blames the other thread, by name.
     */
    @Test
    void aThreadBlockedOnAJdkLockWaitsForALock() throws Exception {
        Path recording = record("jdk-lock", 4);
        Profile p = ProfiledRun.fold(recording, View.USER);
        assertShare(p, "ReentrantLock.lock", ".*Situations\\.lambda\\$jdkLock\\$\\d+;java\\.util\\.concurrent\\.locks\\."
                + "ReentrantLock\\.lock(;[\\w.$]+)*;<OMP-lock_wait>", 50);
        String report = report(recording, "jdk-lock");
        // The row, and its holders' lines up to the next row or table (a sample may see the lock just released).
        assertTrue(report.matches("(?s).*\\n  lock \\d+ \\(java\\.util\\.concurrent\\.locks\\.ReentrantLock\\.lock in "
                + "[\\w.]+\\.Situations\\.lambda\\$jdkLock\\$\\d+\\): [\\d.]+ ms waited [^\\n]*\\n(    [^\\n]*\\n)*"
                + "\\s+[\\d.]+ ms  while held at \\(unknown call site\\) by pool-\\d+-thread-\\d+\\n.*"),
                "the lock named where the program waited, its holder by name:\n" + report);
    }

    /**
     * The task a virtual-thread-per-task executor runs on a virtual thread stands on the stack that submitted it, as a
     * pool executor's does, though async-profiler samples the virtual thread as its carrier: it stood at its lambda
     * with nothing below (and, before that, under the continuation's frames from {@code VirtualThread.runContinuation}
     * to {@code VirtualThread.run} and its executor's {@code ThreadBoundFuture}, two thirds of its samples).
     */
    @Test
    void aVirtualThreadsTaskStandsOnTheStackThatSubmittedIt() throws Exception {
        assumeTrue(Runtime.version().feature() >= 21, "virtual threads need JDK 21");
        Profile p = ProfiledRun.fold(record("virtual-threads", 4), View.USER);
        assertShare(p, "Situations.lambda$virtualThreads$", MAIN + "Situations\\.virtualThreads;"
                + "Situations\\.lambda\\$virtualThreads\\$\\d+;Situations\\.busy", 100);
    }

    /**
     * A thread parked in a hand-off, a {@code SynchronousQueue}'s or {@code LinkedTransferQueue}'s {@code take} or an
     * {@code Exchanger}'s {@code exchange}, waits as at an explicit barrier, as in the JDK's other blocking queues (it
     * was work in {@code Unsafe.park} on JDK 25, and {@code <OMP-overhead>} on JDK 17, whose queues park through
     * {@code ForkJoinPool.managedBlock}). The stack ends at the wait method, as on every JDK: how a JDK parks below
     * it ({@code LockSupport.park} on 25, a spin's {@code Thread.yield} on 17) split the same wait in two.
     */
    @Test
    void aThreadParkedInAHandOffWaitsAsAtABarrier() throws Exception {
        Profile p = ProfiledRun.fold(record("hand-off", 4), View.USER);
        String handOff = MAIN + "Situations\\.handOff;java\\.util\\.concurrent\\.((SynchronousQueue|LinkedTransferQueue)"
                + "\\.take(;[\\w.$]+)*\\.(transfer|awaitMatch|await)|Exchanger\\.exchange);<OMP-explicit_barrier>";
        assertShare(p, "Situations.handOff;java.util.concurrent.", handOff, 100);
    }

    /**
     * A thread joining another waits for its work, as {@code Future.get} does: a taskwait, not the wait for a Java
     * monitor of class {@code Thread} that {@code join}'s {@code Object.wait} is (it was {@code <OMP-lock_wait>}, and
     * the report's monitor table listed it), and its stack ends at the join (its overloads and {@code Object.wait}
     * below it are how the JDK waits).
     */
    @Test
    void aThreadJoiningAnotherWaitsForItsWork() throws Exception {
        Profile p = ProfiledRun.fold(record("thread-join", 4), View.USER);
        assertShare(p, "java.lang.Thread.join", MAIN + "Situations\\.threadJoin;java\\.lang\\.Thread\\.join;<OMP-taskwait>",
                100);
    }

    /**
     * A {@code ThreadPoolExecutor}'s workers run the program's tasks, their frames with none of the executor's, on the
     * stack that submitted them (they stood at the root), and wait for work, idle (their waits were explicit barriers,
     * in the executor's frames); the thread waiting in {@code Future.get} waits for tasks, a taskwait (it was work, in
     * {@code Unsafe.park}).
     */
    @Test
    void anExecutorsWorkersRunTheTasksOrIdleAndItsFuturesAreTaskwaits() throws Exception {
        Profile p = ProfiledRun.fold(record("executor", 4), View.USER);
        long[] main = new long[2];
        long[] workers = new long[2];
        ProfiledRun.byThread(p).forEach((thread, stacks) -> stacks.forEach((stack, samples) -> {
            if (thread.equals("main") && stack.contains("Situations.executor")) {
                main[0] += samples;
                main[1] += stack.matches(MAIN + "Situations\\.executor;(<OMP-taskwait>|Situations\\.busy)") ? samples : 0;
            } else if (thread.startsWith("pool-")) {
                workers[0] += samples;
                workers[1] += stack.matches(MAIN + "Situations\\.executor;Situations\\.lambda\\$executor\\$\\d+;"
                        + "Situations\\.busy|<OMP-idle>") ? samples : 0;
            }
        }));
        assertTrue(main[0] >= 50 && main[1] >= SHARE * main[0], main[1] + " of " + main[0]
                + " samples of main in its method wait for tasks or work\n" + ProfiledRun.describe(p));
        assertTrue(workers[0] >= 100 && workers[1] >= SHARE * workers[0], workers[1] + " of " + workers[0]
                + " samples of the workers run a task or idle\n" + ProfiledRun.describe(p));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void threadsBlockedOnAJavaMonitorWaitForALock(int parallelism) throws Exception {
        Path recording = record("monitor", parallelism);
        Profile p = ProfiledRun.fold(recording, View.USER);
        String body = MAIN + "Situations\\.monitor;Situations\\.lambda\\$monitor\\$\\d+";
        long[] inside = share(p, "lambda$monitor$", body + ";Situations\\.busy");
        long[] waiting = share(p, "lambda$monitor$", body + ";<OMP-lock_wait>");
        assertTrue(inside[1] >= 50 && waiting[1] >= SHARE * (waiting[0] - inside[1]), waiting[1] + " of "
                + (waiting[0] - inside[1]) + " samples outside the monitor's body wait for it\n" + ProfiledRun.describe(p));
        assertMonitorBlamedOnItsHolders(report(recording, "monitor"));
    }

    /**
     * A thread in {@code Object.wait} stands there, one frame of it on every JDK ({@code wait0} and {@code wait}'s
     * overloads below it are how a JDK waits), and the report's Java monitor waits name the program's frame that
     * waits, the caller of {@code Object.wait}: all of a taker's waits stood at {@code java.lang.Object.wait} (and, on
     * JDK 25, part at {@code Object.wait0}).
     */
    @Test
    void aMonitorWaitIsListedWhereTheProgramWaits() throws Exception {
        Path recording = record("object-wait", 4);
        assertShare(ProfiledRun.fold(recording, View.USER), "Situations.takeItem", ".*Situations\\.takeItem;"
                + "java\\.lang\\.Object\\.wait;<OMP-lock_wait>", 100);
        String report = report(recording, "object-wait");
        Matcher row = Pattern.compile("in Object\\.wait on .+? at (\\S+): ([\\d.]+) ms waited").matcher(report);
        double total = 0;
        double atTheProgram = 0;
        while (row.find()) {
            double waited = Double.parseDouble(row.group(2));
            total += waited;
            atTheProgram += row.group(1).matches("[\\w.]*Situations\\.takeItem") ? waited : 0;
        }
        assertTrue(total >= 300 && atTheProgram >= SHARE * total, atTheProgram + " of " + total + " ms of Object.wait"
                + " at the program's frame\n" + report);
    }

    /**
     * The report lists the monitor the situation's elements wait for, by class and the element's frame, with the time
     * the flame graph gives {@code <OMP-lock_wait>} (the only lock here) in all: most of it in waits JFR recorded
     * (above 1 ms; holds of 5 ms make most waits one), with the monitor's class, and most of that blamed on the other
     * threads that held it (the report names three, at the frame each ran then, and sums the rest).
     */
    private static void assertMonitorBlamedOnItsHolders(String report) {
        Matcher row = Pattern.compile("(entering|in Object\\.wait on) (.+?) at (\\S+): ([\\d.]+) ms waited"
                + " \\([\\d.]+%\\), \\d+ samples in (\\d+) recorded waits\\n((?: {4}.*\\n)*)").matcher(report);
        double total = 0;
        double recorded = 0;
        double blamed = 0;
        double named = 0;
        double namedAtAFrame = 0;
        while (row.find()) {
            double waited = Double.parseDouble(row.group(4));
            total += waited;
            // The elements' contention; a sample may also catch the situation's own thread in Object.wait (a join).
            if (row.group(1).equals("entering") && row.group(2).equals("double[]")
                    && row.group(3).matches("[\\w.]*Situations\\.lambda\\$monitor\\$\\d+")) {
                assertTrue(Long.parseLong(row.group(5)) >= 1, report);
                recorded += waited;
                Matcher holder = Pattern.compile(" +([\\d.]+) ms  while held by ([^(].*?)( at \\S+)?\\n").matcher(row.group(6));
                while (holder.find()) {
                    double ms = Double.parseDouble(holder.group(1));
                    blamed += ms;
                    named += holder.group(2).matches("\\d+ more") ? 0 : ms;
                    namedAtAFrame += holder.group(3) != null ? ms : 0;
                }
            }
        }
        Matcher sampled = Pattern.compile("<OMP-lock_wait> +([\\d.]+) ms").matcher(report);
        assertTrue(sampled.find(), report);
        assertEquals(Double.parseDouble(sampled.group(1)), total, 0.25, "one definition of the time waited\n" + report);
        assertTrue(recorded >= SHARE * total, recorded + " ms in recorded waits on double[]\n" + report);
        assertTrue(blamed >= SHARE * recorded, blamed + " ms blamed on the holders\n" + report);
        // A holder named stands at the frame of its sample nearest the wait's instant, within the wait.
        assertTrue(namedAtAFrame >= SHARE * named, namedAtAFrame + " of " + named + " ms at a holder's frame\n" + report);
    }

    /** The text report of {@code recording}, by the agent's {@code report} command. */
    private String report(Path recording, String name) throws Exception {
        Path text = dir.resolve(name + "-report.txt");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", AgentRun.agentJar().toString(), "report", recording.toString(), "--text", text.toString()));
        AgentRun run = AgentRun.exec(command, Map.of());
        assertEquals(0, run.exit, run.toString());
        return Files.readString(text);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void theReportsTeamIsTheThreadsThatRanTheRegionsTasks(int parallelism) throws Exception {
        for (String situation : List.of("stream-team", "pool-invoke")) {
            Path recording = record(situation, parallelism);
            Map<String, Set<String>> ran = threadsThatRanTasks(recording);
            String method = situation.equals("stream-team") ? "streamTeam" : "poolInvoke";
            Set<String> threads = ran.get(method);
            assertTrue(threads != null && threads.size() >= Math.min(2, parallelism), ran.toString());
            assertEquals(threads.size(), reportedTeam(recording, method), situation + ": " + threads);
        }
    }

    /**
     * The main thread's half second of serial code after a pool's region is outside any region, and the region holds
     * no more thread time than its team had in it: the joins of tasks with no span of their own (under the task
     * threshold, run inside a recorded task) once made each thread's every later moment the region's.
     */
    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void serialCodeAfterAPoolsRegionIsOutsideIt(int parallelism) throws Exception {
        String report = report(record("serial-after-pool-invoke", parallelism), "serial-after-pool-invoke");
        Matcher region = Pattern.compile("Situations\\.poolInvoke\\(Situations\\.java:\\d+\\)\\s+1\\s+(\\d+)\\s+([\\d.]+) ms"
                + "\\s+([\\d.]+) ms\\s+([\\d.]+) ms").matcher(report);
        Matcher outside = Pattern.compile("\\(outside any region\\)\\s+([\\d.]+) ms").matcher(report);
        assertTrue(region.find() && outside.find(), report);
        double teamTime = Integer.parseInt(region.group(1)) * Double.parseDouble(region.group(2));
        double inRegion = Double.parseDouble(region.group(3)) + Double.parseDouble(region.group(4));
        assertTrue(inRegion <= 1.1 * teamTime + 20, inRegion + " ms in the region, its team had " + teamTime + "\n" + report);
        assertTrue(Double.parseDouble(outside.group(1)) >= 300, "main's serial work:\n" + report);
    }

    /** By the call site's method: the threads whose task or implicit-task events name one of its regions. */
    private static Map<String, Set<String>> threadsThatRanTasks(Path recording) throws Exception {
        Map<Long, String> sites = new HashMap<>();
        List<RecordedEvent> tasks = new ArrayList<>();
        try (RecordingFile in = new RecordingFile(recording)) {
            while (in.hasMoreEvents()) {
                RecordedEvent e = in.readEvent();
                String type = e.getEventType().getName();
                if (type.equals(ParallelRegionEvent.NAME)) {
                    String site = e.getString("callSite");
                    String method = site.substring(0, site.indexOf('('));
                    sites.put(e.getLong("parallelId"), method.substring(method.lastIndexOf('.') + 1));
                } else if (type.equals(TaskEvent.NAME) || type.equals(ImplicitTaskEvent.NAME)) {
                    tasks.add(e);
                }
            }
        }
        Map<String, Set<String>> ran = new HashMap<>();
        for (RecordedEvent e : tasks) {
            String site = sites.get(e.getLong("parallelId"));
            if (site != null) {
                ran.computeIfAbsent(site, k -> new HashSet<>()).add(e.getThread().getJavaName());
            }
        }
        return ran;
    }

    /** The team column of the report's row for the call site in {@code method}. */
    private int reportedTeam(Path recording, String method) throws Exception {
        String report = report(recording, method);
        Matcher row = Pattern.compile("Situations\\." + method + "\\(Situations\\.java:\\d+\\)\\s+(\\d+)\\s+(\\d+)")
                .matcher(report);
        assertTrue(row.find(), report);
        return Integer.parseInt(row.group(2));
    }
}
