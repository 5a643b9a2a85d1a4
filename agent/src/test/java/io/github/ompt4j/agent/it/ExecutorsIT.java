package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ompt4j.agent.check.FileCheck;
import io.github.ompt4j.model.OmptState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionService;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The executors of {@code java.util.concurrent} under the agent with the print tool: a {@code ThreadPoolExecutor}'s
 * worker waiting for its next task is idle ({@code idle_begin} as it starts waiting, {@code idle_end} as it gets
 * one), in a fixed pool's queue, a cached pool's hand-off and a scheduled pool's delay; the executor's locks and
 * conditions, in its queue and in submitting, shutting down and awaiting termination, are its own, not reported (they
 * were the program's nest locks and explicit barriers); a worker that finds a task waiting reports nothing; a task
 * that the rejection handler runs on the submitting thread is the program's, its locks reported; a thread waiting in
 * {@code Future.get} or a completion service's {@code take} is in a taskwait (it was in serial work, and at an
 * explicit barrier).
 */
class ExecutorsIT {
    public static final class Pools {
        static volatile boolean go;

        public static void main(String[] args) throws Exception {
            ExecutorService pool = args[0].equals("fixed") ? Executors.newFixedThreadPool(1)
                    : args[0].equals("cached") ? Executors.newCachedThreadPool() : Executors.newScheduledThreadPool(1);
            Thread worker = pool.submit(Thread::currentThread).get();
            // Parked: a cached pool hands a task only to a worker already waiting in its queue.
            LocksAndBarriersIT.awaitParked(worker);
            Probe.stateOf(worker, OmptState.IDLE);
            Runnable ran = () -> Probe.say("ran");
            (pool instanceof ScheduledExecutorService ? ((ScheduledExecutorService) pool).schedule(ran, 50,
                    TimeUnit.MILLISECONDS) : pool.submit(ran)).get();
            Probe.stateOf(worker, OmptState.IDLE);
            if (args[0].equals("fixed")) {
                // Two tasks queued while the worker runs one: it takes them without waiting.
                Future<?> first = pool.submit(() -> {
                    Probe.say("first");
                    while (!go) {
                        Thread.onSpinWait();
                    }
                });
                Future<?> second = pool.submit(() -> Probe.say("second"));
                Future<?> third = pool.submit(() -> Probe.say("third"));
                go = true;
                first.get();
                second.get();
                third.get();
                Probe.stateOf(worker, OmptState.IDLE);
            }
            pool.shutdown();
            pool.awaitTermination(30, TimeUnit.SECONDS);
        }
    }

    public static final class CallerRuns {
        static volatile boolean go;

        public static void main(String[] args) throws Exception {
            ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new SynchronousQueue<>(),
                    new ThreadPoolExecutor.CallerRunsPolicy());
            pool.execute(() -> {
                while (!go) {
                    Thread.onSpinWait();
                }
            });
            ReentrantLock lock = new ReentrantLock();
            // The only worker is busy and the queue holds nothing: rejected, the task runs here, inside execute.
            pool.execute(() -> {
                lock.lock();
                Probe.say("ran by the submitter");
                lock.unlock();
            });
            go = true;
            pool.shutdown();
            pool.awaitTermination(30, TimeUnit.SECONDS);
        }
    }

    /**
     * Tasks handed to executors, 20 from {@code main}: 10 run by workers (one {@code Runnable} twice, a submitted
     * callable, a task that throws, four that hold their worker, a future that comes in again after a rejection, one a
     * scheduled executor runs at once; not the one it runs after a delay, nor one the JDK's adapter wraps, which are no
     * tasks), 10 never run by one (a future cancelled, a task removed, one discarded, one aborted, one a caller-runs
     * policy runs on {@code main}, one {@code shutdownNow} returns, and of a discard-oldest policy's queue of one: the
     * oldest, dropped for a task that comes in again after its rejection (two), dropped in turn for a future that
     * does the same (one more)).
     */
    public static final class Lifecycle {
        static void await(CountDownLatch latch) {
            try {
                latch.await();
            } catch (InterruptedException e) {
                Probe.say("interrupted");
            }
        }

        public static void main(String[] args) throws Exception {
            ThreadPoolExecutor pool = (ThreadPoolExecutor) Executors.newFixedThreadPool(1);
            Runnable twice = () -> Probe.say("twice");
            pool.execute(twice);
            pool.execute(twice);
            pool.submit(() -> Probe.say("submitted")).get();
            // No task: its class is the JDK's, as that of the JDK's own work (RMI's connection handlers) is.
            pool.submit(Executors.callable(() -> Probe.say("wrapped by the JDK"))).get();
            CountDownLatch release = new CountDownLatch(1);
            pool.execute(() -> await(release));
            // Queued behind the task that holds the only worker:
            pool.submit(() -> Probe.say("never: cancelled")).cancel(false);
            Runnable removed = () -> Probe.say("never: removed");
            pool.execute(removed);
            Probe.say("removed " + pool.remove(removed));
            release.countDown();
            pool.execute(() -> {
                throw new IllegalStateException("thrown by a task, as ExecutorsIT expects");
            });
            pool.shutdown();
            pool.awaitTermination(30, TimeUnit.SECONDS);

            ThreadPoolExecutor busy = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new SynchronousQueue<>(),
                    new ThreadPoolExecutor.DiscardPolicy());
            CountDownLatch free = new CountDownLatch(1);
            busy.execute(() -> await(free));
            busy.execute(() -> Probe.say("never: discarded"));
            busy.setRejectedExecutionHandler(new ThreadPoolExecutor.AbortPolicy());
            try {
                busy.execute(() -> Probe.say("never: aborted"));
            } catch (RejectedExecutionException expected) {
                Probe.say("aborted");
            }
            busy.setRejectedExecutionHandler(new ThreadPoolExecutor.CallerRunsPolicy());
            busy.execute(() -> Probe.say("run by the submitter"));
            free.countDown();
            busy.shutdown();
            busy.awaitTermination(30, TimeUnit.SECONDS);

            ThreadPoolExecutor full = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(1),
                    new ThreadPoolExecutor.DiscardOldestPolicy());
            CountDownLatch room = new CountDownLatch(1);
            full.execute(() -> await(room));
            full.execute(() -> Probe.say("never: the oldest"));
            // Rejected (its first task withdrawn), each makes room by discarding the oldest and comes in again.
            full.execute(() -> Probe.say("never: discarded in turn"));
            full.submit(() -> Probe.say("in the room made"));
            room.countDown();
            full.shutdown();
            full.awaitTermination(30, TimeUnit.SECONDS);

            ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
            timer.submit(() -> Probe.say("scheduled now")).get();
            // Not a task: a delayed task may never come due before the program ends.
            timer.schedule(() -> Probe.say("scheduled later"), 10, TimeUnit.MILLISECONDS).get();
            timer.shutdown();
            timer.awaitTermination(30, TimeUnit.SECONDS);

            ExecutorService one = Executors.newSingleThreadExecutor();
            one.execute(() -> await(new CountDownLatch(1)));
            one.execute(() -> Probe.say("never: drained"));
            Probe.say("drained " + one.shutdownNow().size());
            one.awaitTermination(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void anExecutorsTaskIsATaskOfItsSubmitterRunByAWorkerOrWithdrawn() throws Exception {
        Trace trace = Trace.of("locks+barriers", List.of(), Map.of(), Lifecycle.class);
        assertEquals(List.of("1: removed true", "1: aborted", "1: run by the submitter", "1: drained 1"),
                trace.lines().stream().filter(l -> l.startsWith("1: ") && !l.contains("ompt_event")).toList(),
                trace.toString());
        assertTasksOfMain(trace, 20, 10);
    }

    /**
     * {@code main} created {@code created} tasks, each ending once: {@code ran} of them started on another thread and
     * completed there, the others withdrawn by {@code main}; no line says {@code never}.
     */
    private static void assertTasksOfMain(Trace trace, int created, int ran) {
        String main = new FileCheck().check("1: ompt_event_initial_task_begin: task_id=[[M:0x[0-9a-f]+]]")
                .match(trace.thread("1")).get("M");
        Map<String, String> createdBy = new HashMap<>();
        Map<String, String> startedOn = new HashMap<>();
        Map<String, List<String>> ends = new HashMap<>();
        Map<String, Integer> taskEnds = new HashMap<>();
        Pattern event = Pattern.compile("(\\d+): ompt_event_(task_begin|task_switch|task_end): (.*)");
        for (String line : trace.lines()) {
            Matcher m = event.matcher(line);
            if (!m.matches()) {
                continue;
            }
            Map<String, String> f = fields(m.group(3));
            switch (m.group(2)) {
                case "task_begin" -> createdBy.put(f.get("new_task_id"), m.group(1) + " " + f.get("parent_task_id"));
                case "task_end" -> taskEnds.merge(f.get("task_id"), 1, Integer::sum);
                default -> {
                    String status = f.get("prior_task_status");
                    if (status.startsWith("ompt_task_switch")) {
                        startedOn.put(f.get("second_task_id"), m.group(1));
                    } else {
                        ends.computeIfAbsent(f.get("first_task_id"), k -> new ArrayList<>())
                                .add(m.group(1) + " " + status);
                    }
                }
            }
        }
        assertEquals(created, createdBy.size(), trace.toString());
        int started = 0;
        for (Map.Entry<String, String> task : createdBy.entrySet()) {
            String id = task.getKey();
            assertEquals("1 " + main, task.getValue(), "created by main's task: " + id + "\n" + trace);
            List<String> end = ends.get(id);
            assertEquals(1, end == null ? 0 : end.size(), "switched from once: " + id + "\n" + trace);
            assertEquals(1, taskEnds.get(id), "ends once: " + id + "\n" + trace);
            String on = startedOn.get(id);
            if (on != null) {
                started++;
                assertEquals(on + " ompt_task_complete=1", end.get(0), "completes where it ran: " + id + "\n" + trace);
                assertTrue(!on.equals("1"), "another thread runs it: " + id + "\n" + trace);
            } else {
                assertEquals("1 ompt_task_cancel=3", end.get(0), "withdrawn by main: " + id + "\n" + trace);
            }
        }
        assertEquals(ran, started, trace.toString());
        for (String line : trace.lines()) {
            assertTrue(!line.contains("never"), line + "\n" + trace);
        }
    }

    /**
     * Tasks handed to thread-per-task executors (JDK 21+, found by reflection), 12 or 13 from {@code main}: 11 run on
     * threads of their own (executed, submitted as a {@code Runnable} and as a {@code Callable}, two of an
     * {@code invokeAll}, one of an {@code invokeAny}, one that throws, three {@code CompletableFuture} stages, each one
     * task, one that spins until {@code close()} has been seen waiting in a taskwait), 1 or 2 never (a future
     * cancelled before its thread runs it, where the future is a
     * {@code FutureTask} (JDK 25); one whose thread the executor cannot start, shut down by its own thread factory;
     * none for a thread factory that makes no thread).
     */
    public static final class VirtualThreadTasks {
        static volatile boolean go;

        public static void main(String[] args) throws Exception {
            ExecutorService executor = (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor")
                    .invoke(null);
            executor.execute(() -> Probe.say("executed"));
            executor.submit(() -> Probe.say("submitted")).get();
            Probe.say("called " + executor.submit(() -> 6 * 7).get());
            Probe.say("all " + executor.invokeAll(List.<Callable<Integer>>of(() -> 1, () -> 2)).size());
            Probe.say("any " + executor.invokeAny(List.<Callable<Integer>>of(() -> 3)));
            try {
                executor.submit(() -> {
                    throw new IllegalStateException("thrown by a task, as ExecutorsIT expects");
                }).get();
            } catch (ExecutionException expected) {
                Probe.say("thrown");
            }
            CompletableFuture<Integer> first = CompletableFuture.supplyAsync(() -> 5, executor);
            // Complete before main adds the dependent stages, so that main hands them over: a stage whose source is
            // still running when it is added is created by the thread that completes the source (CI saw one so).
            first.join();
            Probe.say("stages " + first.thenApplyAsync(x -> x + 1, executor).get() + " "
                    + first.thenApplyAsync(x -> x + 2, executor).get());
            executor.submit(Waits::spin);
            Waits.whileWaiting(() -> {
                close(executor);
                return null;
            });
            Probe.say("closed");

            Class<?> future = Class.forName("java.util.concurrent.ThreadPerTaskExecutor$ThreadBoundFuture");
            if (FutureTask.class.isAssignableFrom(future)) {
                CountDownLatch cancelled = new CountDownLatch(1);
                ExecutorService held = threadPerTask(r -> new Thread(() -> {
                    ExecutorsIT.Lifecycle.await(cancelled);
                    r.run();
                }));
                Probe.say("cancelled " + held.submit(() -> Probe.say("never: cancelled")).cancel(false));
                cancelled.countDown();
                close(held);
            }
            AtomicReference<ExecutorService> shuttingDown = new AtomicReference<>();
            shuttingDown.set(threadPerTask(r -> {
                shuttingDown.get().shutdown();
                return new Thread(r);
            }));
            ExecutorService none = threadPerTask(r -> null);
            for (ExecutorService refusing : List.of(shuttingDown.get(), none)) {
                try {
                    refusing.execute(() -> Probe.say("never: refused"));
                } catch (RejectedExecutionException expected) {
                    Probe.say("refused");
                }
                close(refusing);
            }
        }

        /** {@code close()}, which an {@code ExecutorService} has from JDK 19 on (this code is compiled for 17). */
        static void close(ExecutorService executor) throws Exception {
            ((AutoCloseable) executor).close();
        }

        /** {@code Executors.newThreadPerTaskExecutor(factory)}, found by reflection. */
        static ExecutorService threadPerTask(ThreadFactory factory) throws ReflectiveOperationException {
            return (ExecutorService) Executors.class.getMethod("newThreadPerTaskExecutor", ThreadFactory.class)
                    .invoke(null, factory);
        }
    }

    /**
     * A thread-per-task executor's task (a virtual thread's, JDK 21+) is a task of the thread that handed it over,
     * run on its own thread or withdrawn, as a pool executor's is; {@code close()} waits for the tasks in a taskwait,
     * not at the explicit barrier of the executor's latch. They were each thread's own work, and {@code close()} a
     * barrier.
     */
    @Test
    void aThreadPerTaskExecutorsTaskIsATaskOfItsSubmitterRunOnItsOwnThread() throws Exception {
        assumeTrue(Runtime.version().feature() >= 21, "thread-per-task executors need JDK 21");
        Trace trace = Trace.of("locks+barriers+forkjoin+completable", List.of(), Map.of(), VirtualThreadTasks.class);
        boolean futureTask = FutureTask.class.isAssignableFrom(
                Class.forName("java.util.concurrent.ThreadPerTaskExecutor$ThreadBoundFuture"));
        List<String> said = new ArrayList<>(List.of("1: called 42", "1: all 2", "1: any 3", "1: thrown", "1: stages 6 7",
                "1: closed"));
        if (futureTask) {
            said.add("1: cancelled true");
        }
        said.addAll(List.of("1: refused", "1: refused"));
        assertEquals(said, trace.lines().stream().filter(l -> l.startsWith("1: ") && !l.contains("ompt_event")
                && !l.contains("state=")).toList(), trace.toString());
        assertTasksOfMain(trace, futureTask ? 13 : 12, 11);
        new FileCheck().check("1: ompt_event_taskwait_begin: parallel_id=0x0, task_id=[[T:0x[0-9a-f]+]]")
                .check("[[W:[0-9]+]]: thread 1: state=ompt_state_wait_taskwait, wait_id=0")
                .check("1: ompt_event_taskwait_end: parallel_id=0x0, task_id=[[T]]")
                .check("1: closed")
                .match(trace.lines().stream().filter(l -> l.startsWith("1: ompt_event_taskwait_")
                        || l.contains(": thread 1: ") || l.equals("1: closed")).toList());
        assertEquals(0, trace.thread("1").stream().filter(l -> l.contains("barrier")).count(),
                "close() waits for tasks, not at a barrier:\n" + trace);
    }

    /** The {@code key=value} fields of a print tool's event line. */
    private static Map<String, String> fields(String text) {
        Map<String, String> fields = new HashMap<>();
        for (String field : text.split(", ")) {
            int eq = field.indexOf('=');
            fields.put(field.substring(0, eq), field.substring(eq + 1));
        }
        return fields;
    }

    /** A program that sizes its pool and reads its counts, as monitoring code does, and takes one lock of its own. */
    public static final class Monitoring {
        public static void main(String[] args) throws Exception {
            ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 2, 1, TimeUnit.SECONDS, new LinkedBlockingQueue<>());
            pool.prestartAllCoreThreads();
            pool.setCorePoolSize(2);
            pool.setKeepAliveTime(500, TimeUnit.MILLISECONDS);
            pool.allowCoreThreadTimeOut(true);
            pool.submit(() -> { }).get();
            Probe.say("counts " + pool.getPoolSize() + " " + pool.getActiveCount() + " " + pool.getLargestPoolSize()
                    + " " + pool.getTaskCount() + " " + pool.getCompletedTaskCount() + " " + !pool.toString().isEmpty());
            ReentrantLock lock = new ReentrantLock();
            lock.lock();
            lock.unlock();
            pool.shutdown();
            pool.awaitTermination(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void anExecutorsSizesAndCountsTakeTheExecutorsLocksNotTheProgramsOwn() throws Exception {
        Trace trace = Trace.of("locks+barriers", List.of(), Map.of(), Monitoring.class);
        assertTrue(trace.lines().stream().anyMatch(l -> l.startsWith("1: counts 2 ") && l.endsWith(" true")),
                trace.toString());
        assertEquals(3, trace.count("nest_lock"), "only the program's own lock is reported:\n" + trace);
    }

    @Test
    void aTaskTheRejectionHandlerRunsIsTheProgramsCode() throws Exception {
        Trace trace = Trace.of("locks+barriers", List.of(), Map.of(), CallerRuns.class);
        new FileCheck().check("1: ompt_event_wait_nest_lock: wait_id=[[L:[0-9]+]]")
                .next("1: ompt_event_acquired_nest_lock_first: wait_id=[[L]]")
                .next("1: ran by the submitter")
                .next("1: ompt_event_release_nest_lock_last: wait_id=[[L]]")
                .match(trace.thread("1"));
        assertEquals(3, trace.count("nest_lock"), "only the program's lock is reported:\n" + trace);
    }

    public static final class Waits {
        static volatile boolean go;

        static void spin() {
            while (!go) {
                Thread.onSpinWait();
            }
        }

        /** Calls {@code waits}, for a task that spins until another thread has seen this one in a taskwait. */
        static void whileWaiting(Callable<?> waits) throws Exception {
            Thread waiter = Thread.currentThread();
            Thread watcher = new Thread(() -> {
                Probe.stateOf(waiter, OmptState.WAIT_TASKWAIT);
                go = true;
            });
            watcher.start();
            waits.call();
            watcher.join();
        }

        public static void main(String[] args) throws Exception {
            ExecutorService pool = Executors.newFixedThreadPool(1);
            pool.submit(() -> null).get();
            Probe.say("get");
            go = false;
            whileWaiting(pool.submit(Waits::spin)::get);
            Probe.say("take");
            go = false;
            CompletionService<Object> service = new ExecutorCompletionService<>(pool);
            service.submit(Waits::spin, null);
            whileWaiting(service::take);
            pool.shutdown();
            pool.awaitTermination(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void aFuturesGetAndACompletionServicesTakeAreTaskwaits() throws Exception {
        Trace trace = Trace.of("locks+barriers", List.of(), Map.of(), Waits.class);
        String taskwait = "parallel_id=0x0, task_id=[[T]], kind=ompt_sync_region_taskwait, codeptr_ra=0x0";
        FileCheck main = new FileCheck().check("1: ompt_event_initial_task_begin: task_id=[[T:0x[0-9a-f]+]]")
                .check("1: get");
        // The watcher's line may come before or after wait_taskwait_begin (main's state changes at the taskwait's
        // begin, as the runtime's states do): main's own lines in their order, then the watcher's among them.
        FileCheck seen = new FileCheck();
        for (String wait : List.of("get", "take")) {
            main.next("1: ompt_event_task_begin: parent_task_id=[[T]], parent_task_frame.exit=0,"
                            + " parent_task_frame.reenter=0, new_task_id=[[" + wait + ":0x[0-9a-f]+]], flags=none")
                    .next("1: ompt_event_taskwait_begin: " + taskwait)
                    .next("1: ompt_event_wait_taskwait_begin: " + taskwait)
                    .next("1: ompt_event_wait_taskwait_end: " + taskwait)
                    .next("1: ompt_event_taskwait_end: " + taskwait);
            seen.check("1: ompt_event_taskwait_begin: ")
                    .check("[[W" + wait + ":[0-9]+]]: thread 1: state=ompt_state_wait_taskwait, wait_id=[[I" + wait
                            + ":[0-9]+]]")
                    .check("1: ompt_event_wait_taskwait_end: ");
            if (wait.equals("get")) {
                main.next("1: take");
            }
        }
        main.match(trace.lines().stream().filter(l -> l.startsWith("1: ")).toList());
        seen.match(trace.lines().stream().filter(l -> l.startsWith("1: ompt_event_") && l.contains("taskwait")
                || l.contains(": thread 1: ")).toList());
        assertEquals(Long.decode(main.get("get")), Long.parseLong(seen.get("Iget")),
                "a get waits for its future's task:\n" + trace);
        assertEquals(0, Long.parseLong(seen.get("Itake")), "a take waits for whichever completes first:\n" + trace);
        assertEquals(0, trace.lines().stream().filter(l -> l.contains("lock") || l.contains("barrier")).count(),
                "no thread reports the executor's locks and conditions:\n" + trace);
    }

    /** The worker runs the task that says {@code said}: in a task of its own if {@code task}. */
    private static FileCheck ran(FileCheck worker, String said, boolean task) {
        if (!task) {
            return worker.next("[[W]]: " + said);
        }
        String id = said.toUpperCase(Locale.ROOT);
        return worker.next("[[W]]: ompt_event_task_switch: first_task_id=[[I" + id + ":0x[0-9a-f]+]],"
                        + " prior_task_status=ompt_task_switch=7, second_task_id=[[" + id + ":0x[0-9a-f]+]]")
                .next("[[W]]: " + said)
                .next("[[W]]: ompt_event_task_end: task_id=[[" + id + "]]")
                .next("[[W]]: ompt_event_task_switch: first_task_id=[[" + id + "]],"
                        + " prior_task_status=ompt_task_complete=1, second_task_id=[[I" + id + "]]");
    }

    @ParameterizedTest
    @ValueSource(strings = {"fixed", "cached", "scheduled"})
    void aWorkerWaitingForItsNextTaskIsIdle(String kind) throws Exception {
        Trace trace = Trace.of("locks+barriers", List.of(), Map.of(), Pools.class, kind);
        FileCheck main = new FileCheck().check("1: thread [[W:[0-9]+]]: state=ompt_state_idle, wait_id=0")
                .check("1: thread [[W]]: state=ompt_state_idle, wait_id=0")
                .match(trace.thread("1"));
        String w = main.get("W");
        // A scheduled executor's tasks are not the runtime's tasks (see ExecutorTasks): only the others switch.
        boolean tasks = !kind.equals("scheduled");
        FileCheck worker = new FileCheck().define("W", w)
                .check("[[W]]: ompt_event_idle_begin: thread_id=[[W]]")
                .next("[[W]]: ompt_event_idle_end: thread_id=[[W]]");
        ran(worker, "ran", tasks).next("[[W]]: ompt_event_idle_begin: thread_id=[[W]]");
        if (kind.equals("fixed")) {
            worker.next("[[W]]: ompt_event_idle_end: thread_id=[[W]]");
            for (String task : List.of("first", "second", "third")) {
                ran(worker, task, true);
            }
            worker.next("[[W]]: ompt_event_idle_begin: thread_id=[[W]]");
        }
        worker.next("[[W]]: ompt_event_idle_end: thread_id=[[W]]").match(trace.thread(w));
        assertEquals(0, trace.lines().stream().filter(l -> l.contains("lock") || l.contains("barrier")).count(),
                "no thread reports the executor's locks and conditions:\n" + trace);
    }
}
