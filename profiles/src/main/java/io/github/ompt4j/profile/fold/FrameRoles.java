package io.github.ompt4j.profile.fold;

import io.github.ompt4j.profile.jfr.FrameTable;
import io.github.ompt4j.profile.model.OmpState;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which frames belong to a runtime, by class name, and where a task's code begins. The runtimes are the
 * ones whose parallelism the user model re-expresses: {@code ForkJoinPool} and its tasks, the stream
 * framework, {@code CompletableFuture}, the executors of {@code java.util.concurrent} ({@code ThreadPoolExecutor},
 * {@code FutureTask}, {@code Executors}' wrappers, the virtual threads' {@code ThreadPerTaskExecutor}), the directive library, and our own agent, model, hooks and JFR tool
 * (their frames appear at the leaf when a sample lands in an event commit); profilers' frames are runtime
 * too. JDK frames count as the runtime's when a runtime frame called them (a park under a barrier) and as
 * the program's otherwise. A task's code begins above the runtime frame that runs it: the directive
 * library's {@code ImplicitTask.run} and {@code ExplicitTask.run}, and {@code ForkJoinTask.doExec} (every
 * fork/join, stream and async task). The runtimes wait inside the methods where the adapters report their
 * wait state ({@code Critical.enter}, {@code Barrier.waitForOthers}, {@code ForkJoinTask.awaitDone} ...): a thread
 * sampled in one of them is in that wait, whether or not the recording kept its span; so is a thread in the JVM's
 * monitor code (a {@code synchronized} entry, {@code Object.wait}), in
 * a lock wait. A JDK frame that a runtime calls through a function object (a lambda's generated frame: a
 * collector's accumulator, a method reference, a comparator), as a task's body or completion, or as the operation
 * the program asked for (a sorted stream's sort) is the program's work; the JDK's {@code Collectors} are such
 * functions, not the stream runtime.
 */
public final class FrameRoles {
    private static final List<String> RUNTIME_PREFIXES = List.of(
            "io.github.ompt4j.omp.", "io.github.ompt4j.hooks.", "io.github.ompt4j.model.", "io.github.ompt4j.jfr.",
            "io.github.ompt4j.adapters.", "io.github.ompt4j.shaded.",
            "java.util.concurrent.ForkJoin", "java.util.concurrent.CountedCompleter", "java.util.concurrent.RecursiveTask",
            "java.util.concurrent.RecursiveAction", "java.util.concurrent.CompletableFuture", "java.util.stream.",
            "java.util.concurrent.ThreadPoolExecutor", "java.util.concurrent.ScheduledThreadPoolExecutor",
            "java.util.concurrent.ThreadPerTaskExecutor",
            "java.util.concurrent.AbstractExecutorService", "java.util.concurrent.FutureTask",
            "java.util.concurrent.Executors", "java.util.concurrent.ExecutorCompletionService",
            "one.profiler.", "jdk.jfr.");
    /**
     * Our instrumentation's frames (hooks, model, JFR tool, weaver): a sample in them is the tool's cost, even when
     * a runtime's wait method called them (a join's hook runs inside {@code awaitDone} before the wait begins).
     */
    private static final List<String> INSTRUMENTATION_PREFIXES = List.of("io.github.ompt4j.hooks.",
            "io.github.ompt4j.model.", "io.github.ompt4j.jfr.", "io.github.ompt4j.adapters.", "io.github.ompt4j.shaded.");
    /** The agent's own package, not its sub-packages (tests live there). */
    private static final String AGENT_PACKAGE = "io.github.ompt4j.agent";
    private static final List<String> JDK_PREFIXES = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.");
    private static final String SYNCHRONIZER = "java.util.concurrent.locks.AbstractQueuedSynchronizer";
    private static final String TRANSFER_QUEUE = "java.util.concurrent.LinkedTransferQueue";
    private static final String HAND_OFF_QUEUE = "java.util.concurrent.SynchronousQueue";
    private static final String COMPLETER = "java.util.concurrent.CountedCompleter";
    private static final String LONG_SYNCHRONIZER = "java.util.concurrent.locks.AbstractQueuedLongSynchronizer";
    private static final Set<String> TASK_ENTRIES = Set.of("io.github.ompt4j.omp.ImplicitTask.run",
            "io.github.ompt4j.omp.ExplicitTask.run", "java.util.concurrent.ForkJoinTask.doExec");
    /**
     * The runtimes' methods inside which a thread waits, where the adapters report its wait state, innermost first:
     * the directive library's mutex constructs between acquire and acquired, its barrier's, taskwait's and
     * taskgroup's waits; a fork/join join that has to wait ({@code awaitDone}), a {@code CompletableFuture}'s
     * ({@code waitingGet}, {@code timedGet}) and an executor's {@code Future.get} ({@code FutureTask.awaitDone});
     * the JDK's locks where a thread queues for them (every lock, read lock,
     * semaphore and latch of {@code java.util.concurrent} queues in its synchronizer's {@code acquire}, a
     * {@code StampedLock} in its own), and a condition's wait for its signal, an explicit barrier's (the JDK's blocking
     * queues wait in one); so is a hand-off between threads, which no condition reports: a
     * {@code LinkedTransferQueue}'s or {@code SynchronousQueue}'s wait for its match (a taker parked there was work on
     * JDK 25, and {@code <OMP-overhead>} on JDK 17, which parks it through {@code ForkJoinPool.managedBlock}), an
     * {@code Exchanger}'s for its partner. The stack says which wait a thread is in when no span of it was recorded
     * and the state samples, taken every few milliseconds, missed it: a wait shorter than the threshold between two
     * working stretches. A condition's thread taking its lock again is in the synchronizer's {@code acquire}, above
     * {@code await}: the innermost wait is the lock's, as the adapters report it.
     */
    static final Map<String, OmpState> WAITS = Map.ofEntries(
            Map.entry("io.github.ompt4j.omp.Critical.enter", OmpState.WAIT_CRITICAL),
            Map.entry("io.github.ompt4j.omp.OmpLock.acquire", OmpState.WAIT_LOCK),
            Map.entry("io.github.ompt4j.omp.OmpNestLock.acquireFirst", OmpState.WAIT_LOCK),
            Map.entry("io.github.ompt4j.omp.Atomic.enter", OmpState.WAIT_ATOMIC),
            Map.entry("io.github.ompt4j.omp.Ordered.enter", OmpState.WAIT_ORDERED),
            Map.entry("io.github.ompt4j.omp.Barrier.waitForOthers", OmpState.WAIT_BARRIER_IMPLICIT),
            Map.entry("io.github.ompt4j.omp.Tasking.taskwait", OmpState.WAIT_TASKWAIT),
            Map.entry("io.github.ompt4j.omp.Tasking.taskgroupEnd", OmpState.WAIT_TASKGROUP),
            Map.entry("java.util.concurrent.ForkJoinTask.awaitDone", OmpState.WAIT_TASKWAIT),
            Map.entry("java.util.concurrent.CompletableFuture.waitingGet", OmpState.WAIT_TASKWAIT),
            Map.entry("java.util.concurrent.CompletableFuture.timedGet", OmpState.WAIT_TASKWAIT),
            Map.entry("java.util.concurrent.FutureTask.awaitDone", OmpState.WAIT_TASKWAIT),
            Map.entry(SYNCHRONIZER + ".acquire", OmpState.WAIT_LOCK),
            Map.entry(LONG_SYNCHRONIZER + ".acquire", OmpState.WAIT_LOCK),
            Map.entry("java.util.concurrent.locks.StampedLock.acquireWrite", OmpState.WAIT_LOCK),
            Map.entry("java.util.concurrent.locks.StampedLock.acquireRead", OmpState.WAIT_LOCK),
            Map.entry(SYNCHRONIZER + "$ConditionObject.await", OmpState.WAIT_BARRIER_EXPLICIT),
            Map.entry(SYNCHRONIZER + "$ConditionObject.awaitNanos", OmpState.WAIT_BARRIER_EXPLICIT),
            Map.entry(SYNCHRONIZER + "$ConditionObject.awaitUntil", OmpState.WAIT_BARRIER_EXPLICIT),
            Map.entry(SYNCHRONIZER + "$ConditionObject.awaitUninterruptibly", OmpState.WAIT_BARRIER_EXPLICIT),
            Map.entry(LONG_SYNCHRONIZER + "$ConditionObject.await", OmpState.WAIT_BARRIER_EXPLICIT),
            Map.entry(LONG_SYNCHRONIZER + "$ConditionObject.awaitNanos", OmpState.WAIT_BARRIER_EXPLICIT),
            Map.entry(LONG_SYNCHRONIZER + "$ConditionObject.awaitUntil", OmpState.WAIT_BARRIER_EXPLICIT),
            Map.entry(LONG_SYNCHRONIZER + "$ConditionObject.awaitUninterruptibly", OmpState.WAIT_BARRIER_EXPLICIT),
            Map.entry("java.util.concurrent.Phaser.internalAwaitAdvance", OmpState.WAIT_BARRIER_EXPLICIT),
            Map.entry(TRANSFER_QUEUE + ".awaitMatch", OmpState.WAIT_BARRIER_EXPLICIT),
            Map.entry(TRANSFER_QUEUE + "$DualNode.await", OmpState.WAIT_BARRIER_EXPLICIT),
            Map.entry(HAND_OFF_QUEUE + "$TransferStack.transfer", OmpState.WAIT_BARRIER_EXPLICIT),
            Map.entry(HAND_OFF_QUEUE + "$TransferQueue.transfer", OmpState.WAIT_BARRIER_EXPLICIT),
            Map.entry("java.util.concurrent.Exchanger.exchange", OmpState.WAIT_BARRIER_EXPLICIT));
    /**
     * Constructs whose whole wait is theirs, whatever wait inside them the thread is in: the directive library's
     * explicit barrier around its barrier's wait, and the JDK's barriers and latch, whose locks and conditions inside
     * are part of the barrier (the adapters report none of them); an executor's worker taking its next task, whose
     * wait for one is an idle span the adapter records, and whose other waits there (its queue's locks) are the
     * executor's own: overhead; and a thread awaiting an executor's termination, a completion service's next
     * result or another thread's end ({@code Thread.join}, whose monitor wait, or a virtual thread's latch, is the
     * join's: it stood as {@code <OMP-lock_wait>}, a Java monitor of class {@code Thread}), which waits for tasks.
     */
    static final Map<String, OmpState> ENCLOSING_WAITS = Map.of(
            "java.lang.Thread.join", OmpState.WAIT_TASKWAIT,
            "java.util.concurrent.ThreadPoolExecutor.getTask", OmpState.OVERHEAD,
            "java.util.concurrent.ThreadPoolExecutor.awaitTermination", OmpState.WAIT_TASKWAIT,
            "java.util.concurrent.ExecutorCompletionService.take", OmpState.WAIT_TASKWAIT,
            "java.util.concurrent.ExecutorCompletionService.poll", OmpState.WAIT_TASKWAIT,
            "io.github.ompt4j.omp.Omp.barrier", OmpState.WAIT_BARRIER_EXPLICIT,
            "java.util.concurrent.CountDownLatch.await", OmpState.WAIT_BARRIER_EXPLICIT,
            "java.util.concurrent.CyclicBarrier.await", OmpState.WAIT_BARRIER_EXPLICIT,
            "java.util.concurrent.Phaser.arriveAndAwaitAdvance", OmpState.WAIT_BARRIER_EXPLICIT);
    /**
     * The names above that only some JDKs declare, by the method they stand for: a group's names are that method's on
     * JDK 17 and on JDK 25 (21 has one of them), and the running JDK declares at least one of each group.
     */
    static final List<List<String>> RENAMED = List.of(
            List.of(COMPLETER + ".trySetException", COMPLETER + ".onAuxExceptionSet"),
            List.of(TRANSFER_QUEUE + ".awaitMatch", TRANSFER_QUEUE + "$DualNode.await"),
            List.of(HAND_OFF_QUEUE + "$TransferStack.transfer", HAND_OFF_QUEUE + "$TransferQueue.transfer",
                    TRANSFER_QUEUE + "$DualNode.await"));
    /**
     * Libraries of functions the program hands to a runtime, which the runtime calls back as the program's own
     * (a collector's accumulator and combiner): the JDK's, not the runtime's, though they live in its package.
     */
    private static final List<String> FUNCTION_LIBRARIES = List.of("java.util.stream.Collectors");
    /**
     * The stream runtime's classes that call the JDK's code as the operation the program asked for, not for the
     * runtime's own business: {@code sorted()}'s sort ({@code Arrays.sort}, {@code List.sort},
     * {@code Arrays.parallelSort}, whose tasks are the program's work as well). At common-pool parallelism 1 the
     * stream sorts on the calling thread, and the sort stood as {@code <OMP-overhead>}.
     */
    private static final List<String> OPERATION_CALLERS = List.of("java.util.stream.SortedOps");
    /**
     * The runtime's frames that run a task's body, or a completer's completion, which its class writes as it writes
     * the body: a JDK task's body and completion are work done for the program. A {@code CountedCompleter} calls
     * {@code onCompletion} from {@code tryComplete} and {@code complete} ({@code Arrays.parallelSort} merges there,
     * a tenth to a fifth of its work), and {@code onExceptionalCompletion} from {@code trySetException}
     * (JDK 17 and 21) or {@code onAuxExceptionSet} (JDK 25).
     */
    static final Set<String> TASK_BODY_CALLS = Set.of(COMPLETER + ".exec", "java.util.concurrent.RecursiveTask.exec",
            "java.util.concurrent.RecursiveAction.exec", COMPLETER + ".tryComplete", COMPLETER + ".complete",
            COMPLETER + ".trySetException", COMPLETER + ".onAuxExceptionSet");
    /**
     * Where a thread waits for a Java monitor, by the JVM's native frames (entering a {@code synchronized} block
     * or method, or in {@code Object.wait}) and {@code Object.wait}'s Java frame: no event says so.
     */
    private static final List<String> MONITOR_ENTER_PREFIXES = List.of("ObjectMonitor::enter", "ObjectMonitor::EnterI");
    private static final List<String> MONITOR_WAIT_PREFIXES = List.of("ObjectMonitor::wait", "java.lang.Object.wait");
    private static final Set<String> THREAD_STARTS = Set.of("java.lang.Thread.run", "java.lang.Thread.runWith");
    /**
     * A virtual thread's start (JDK 21+): its continuation's frames, from {@code VirtualThread.runContinuation} to
     * {@code VirtualThread.run}, at the root of its stack where a platform thread has {@code Thread.run}; glue too
     * (they stood at the root of every virtual thread's work in the user view).
     */
    private static final List<String> VIRTUAL_THREAD_STARTS = List.of("java.lang.VirtualThread",
            "jdk.internal.vm.Continuation");
    /** Where the JVM runs a Java agent's premain or agentmain: the agent's start-up, not the program. */
    private static final Set<String> AGENT_STARTS = Set.of("sun.instrument.InstrumentationImpl.loadClassAndCallPremain",
            "sun.instrument.InstrumentationImpl.loadClassAndCallAgentmain");

    private final FrameRole[] roles;
    private final boolean[] taskEntries;
    private final boolean[] agentStarts;
    private final OmpState[] waits;
    private final MonitorWait[] monitors;
    private final OmpState[] enclosingWaits;
    private final boolean[] instrumentation;
    private final boolean[] callsFunctions;

    FrameRoles(FrameTable frames) {
        roles = new FrameRole[frames.size()];
        taskEntries = new boolean[frames.size()];
        agentStarts = new boolean[frames.size()];
        waits = new OmpState[frames.size()];
        monitors = new MonitorWait[frames.size()];
        enclosingWaits = new OmpState[frames.size()];
        instrumentation = new boolean[frames.size()];
        callsFunctions = new boolean[frames.size()];
        for (int id = 0; id < roles.length; id++) {
            String name = frames.name(id);
            roles[id] = frames.isNative(id) ? FrameRole.NATIVE : role(frames.className(id), name);
            taskEntries[id] = TASK_ENTRIES.contains(name);
            agentStarts[id] = AGENT_STARTS.contains(name);
            monitors[id] = startsWithAny(name, MONITOR_ENTER_PREFIXES) ? MonitorWait.ENTER
                    : startsWithAny(name, MONITOR_WAIT_PREFIXES) ? MonitorWait.WAIT : null;
            waits[id] = monitors[id] != null ? OmpState.WAIT_LOCK : WAITS.get(name);
            enclosingWaits[id] = ENCLOSING_WAITS.get(name);
            instrumentation[id] = startsWithAny(frames.className(id), INSTRUMENTATION_PREFIXES);
            callsFunctions[id] = roles[id] == FrameRole.GLUE_RUNTIME || roles[id] == FrameRole.GLUE_JDK
                    || TASK_BODY_CALLS.contains(name) || startsWithAny(frames.className(id), OPERATION_CALLERS);
        }
    }

    FrameRole role(int frame) {
        return roles[frame];
    }

    boolean isTaskEntry(int frame) {
        return taskEntries[frame];
    }

    /**
     * Whether a JDK frame this frame calls runs a function object, a task's body or the operation itself for the
     * program (a lambda's generated frame, a task's {@code exec}, a sorted stream's sort), rather than the runtime's
     * own business.
     */
    boolean callsFunction(int frame) {
        return callsFunctions[frame];
    }

    /** The wait state of a thread inside this frame ({@link #WAITS}, a monitor), {@code null} if it is no such frame. */
    OmpState waitIn(int frame) {
        return waits[frame];
    }

    /** How a thread inside this frame waits for a Java monitor, {@code null} if it is not the JVM's monitor code. */
    MonitorWait monitorIn(int frame) {
        return monitors[frame];
    }

    /** Whether this frame is our instrumentation's ({@link #INSTRUMENTATION_PREFIXES}). */
    boolean isInstrumentation(int frame) {
        return instrumentation[frame];
    }

    /** The wait a thread inside this frame is in, whatever wait inside it it is in ({@link #ENCLOSING_WAITS}). */
    OmpState enclosingWaitIn(int frame) {
        return enclosingWaits[frame];
    }

    boolean isAgentStart(int frame) {
        return agentStarts[frame];
    }

    /**
     * Whether a folded stack's frame ({@code Class.method}) is the program's own code, neither the JDK's nor a
     * runtime's: where the program called the JDK from (an {@code Object.wait}'s caller, not {@code Object.wait}).
     */
    public static boolean isProgramFrame(String frameName) {
        int dot = frameName.lastIndexOf('.');
        return dot > 0 && role(frameName.substring(0, dot), frameName) == FrameRole.USER;
    }

    static FrameRole role(String className, String frameName) {
        if (THREAD_STARTS.contains(frameName) || startsWithAny(className, VIRTUAL_THREAD_STARTS)) {
            return FrameRole.GLUE_JDK;
        }
        int lambda = className.indexOf("$$Lambda");
        if (lambda >= 0) {
            FrameRole owner = role(className.substring(0, lambda), "");
            return owner == FrameRole.RUNTIME ? FrameRole.GLUE_RUNTIME
                    : owner == FrameRole.JDK ? FrameRole.GLUE_JDK : FrameRole.GLUE_USER;
        }
        if (startsWithAny(className, FUNCTION_LIBRARIES)) {
            return FrameRole.JDK;
        }
        int dot = className.lastIndexOf('.');
        if (startsWithAny(className, RUNTIME_PREFIXES) || (dot > 0 && className.substring(0, dot).equals(AGENT_PACKAGE))) {
            return FrameRole.RUNTIME;
        }
        return startsWithAny(className, JDK_PREFIXES) ? FrameRole.JDK : FrameRole.USER;
    }

    private static boolean startsWithAny(String s, List<String> prefixes) {
        for (String p : prefixes) {
            if (s.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
