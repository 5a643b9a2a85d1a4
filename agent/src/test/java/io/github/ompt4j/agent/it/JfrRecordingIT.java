package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ompt4j.jfr.events.DispatchEvent;
import io.github.ompt4j.jfr.events.ImplicitTaskEvent;
import io.github.ompt4j.jfr.events.InitialTaskEvent;
import io.github.ompt4j.jfr.events.MasterEvent;
import io.github.ompt4j.jfr.events.MutexAcquireEvent;
import io.github.ompt4j.jfr.events.MutexHeldEvent;
import io.github.ompt4j.jfr.events.OriginEvent;
import io.github.ompt4j.jfr.events.ParallelRegionEvent;
import io.github.ompt4j.jfr.events.SyncRegionEvent;
import io.github.ompt4j.jfr.events.SyncRegionWaitEvent;
import io.github.ompt4j.jfr.events.TaskCreateEvent;
import io.github.ompt4j.jfr.events.TaskEvent;
import io.github.ompt4j.jfr.events.ThreadBeginEvent;
import io.github.ompt4j.jfr.events.ThreadStateEvent;
import io.github.ompt4j.jfr.events.WorkEvent;
import io.github.ompt4j.profile.Progress;
import io.github.ompt4j.profile.jfr.RecordedRun;
import io.github.ompt4j.profile.jfr.RecordingReader;
import io.github.ompt4j.profile.jfr.ThreadRecord;
import io.github.ompt4j.profile.state.Intervals;
import io.github.ompt4j.profile.state.RunStates;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The agent's {@code jfr=} option end to end: a directive-library program recorded, on every way out. */
class JfrRecordingIT {

    private static List<RecordedEvent> events(Path file, String type) throws IOException {
        return RecordingFile.readAllEvents(file).stream().filter(e -> e.getEventType().getName().equals(type))
                .collect(Collectors.toList());
    }

    private static String jfrTool(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "jfr").toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    @Test
    void aProgramsRegionsTasksAndWaitsAreRecordedAndLinked(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("run.jfr");
        // Every wait and worksharing construct, however short: JfrApp's last less than the default threshold.
        AgentRun run = AgentRun.run("threshold=0,jfr=" + file, Map.of(), JfrApp.class);
        assertEquals(0, run.exit, run.toString());
        assertTrue(Files.size(file) > 0, "written at exit");

        List<RecordedEvent> regions = events(file, ParallelRegionEvent.NAME);
        assertEquals(JfrApp.REGIONS, regions.size());
        // Every thread the runtime meets has an initial task: main's is the one its regions are in.
        long initialTask = events(file, InitialTaskEvent.NAME).stream().filter(e -> e.getThread().getJavaName().equals("main"))
                .findFirst().orElseThrow().getLong("taskId");
        for (RecordedEvent region : regions) {
            assertEquals("main", region.getThread().getJavaName());
            assertEquals(initialTask, region.getLong("encounteringTaskId"));
            assertEquals(2, region.getInt("teamSize"));
            assertEquals(2, region.getInt("participants"), "both members ran its implicit tasks");
            assertTrue(region.getString("callSite").startsWith(JfrApp.class.getName() + ".computeRegion(JfrApp.java:"),
                    region.getString("callSite"));
            long id = region.getLong("parallelId");
            List<RecordedEvent> origins = events(file, OriginEvent.NAME).stream()
                    .filter(e -> e.getLong("parallelId") == id).collect(Collectors.toList());
            assertEquals(1, origins.size(), "one origin per region");
            assertTrue(origins.get(0).getStackTrace().getFrames().stream().map(RecordedFrame::getMethod)
                    .anyMatch(m -> m.getType().getName().equals(JfrApp.class.getName()) && m.getName().equals("main")),
                    "JFR's stack at the region's begin is the program's call stack");
            List<RecordedEvent> members = events(file, ImplicitTaskEvent.NAME).stream()
                    .filter(e -> e.getLong("parallelId") == id).collect(Collectors.toList());
            assertEquals(2, members.size());
            assertTrue(members.stream().anyMatch(e -> e.getThread().getJavaName().startsWith("omp-worker")),
                    "the worker's implicit task is on the worker's own thread");
        }
        assertTrue(events(file, SyncRegionWaitEvent.NAME).size() > 0);
        assertTrue(events(file, WorkEvent.NAME).size() >= 2 * JfrApp.REGIONS);
        assertEquals(JfrApp.REGIONS, events(file, MasterEvent.NAME).size());
        assertEquals(0, events(file, TaskEvent.NAME).size(), "per-task events are off by default");

        String summary = jfrTool("summary", file.toString());
        assertTrue(summary.matches("(?s).*\\n\\s*ompt\\.ParallelRegion\\s+" + JfrApp.REGIONS + "\\s+\\d+\\s*\\n.*"), summary);
        String print = jfrTool("print", "--events", ParallelRegionEvent.NAME, file.toString());
        assertEquals(JfrApp.REGIONS, print.split("ompt.ParallelRegion \\{", -1).length - 1, print);
    }

    /** A program that only waits, long enough for the recording's disk watch to look twice. */
    public static final class Idle {
        public static void main(String[] args) throws InterruptedException {
            Thread.sleep(2_200);
            System.out.println("idle done");
        }
    }

    /**
     * Only the program's threads are the program's: a run of a program with only {@code main} begins no other
     * thread, for a tool or in the recording. The agent's own threads (the disk watch lists JFR's repository once a
     * second, which takes the JDK's woven locks), the JDK recorder's (on JDK 17 and 25 {@code JFR Shutdown Hook}
     * empties the repository at exit; on JDK 25 {@code JFR Periodic Tasks} locks around the JVM's periodic events)
     * and the thread that stops the recording at exit ({@code DestroyJavaVM}, a new thread on JDK 25) all take
     * woven locks, and none of them is begun. And {@code main}, in serial work in its initial task all along, has
     * no state samples: they would only repeat what its spans say, 50 a second.
     */
    @Test
    void anIdleProgramBeginsNoThreadButMainAndRecordsNoSampleOfSerialWork(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("idle.jfr");
        AgentRun run = AgentRun.run("jfr=" + file + ",tool=" + ThreadNamesTool.class.getName(), Map.of(), Idle.class);
        assertEquals(0, run.exit, run.toString());
        assertTrue(run.out.contains(ThreadNamesTool.LINE + "[main]"), run.toString());
        List<String> threads = new ArrayList<>();
        for (RecordedEvent e : events(file, ThreadBeginEvent.NAME)) {
            threads.add(e.getThread().getJavaName());
        }
        assertEquals(List.of("main"), threads, "the threads begun in the recording");
        List<RecordedEvent> states = events(file, ThreadStateEvent.NAME);
        assertEquals(List.of(), states.stream().map(e -> e.getThread("thread").getJavaName() + " " + e.getString("state"))
                .collect(Collectors.toList()));
        assertEquals(20_000_000L, RecordingReader.read(file, Progress.silent()).statePeriod(),
                "the reader takes the samples' period from the settings, not from their gaps");
    }

    /** A pool whose workers wait for work from the start until the program exits, with their waits still open. */
    public static final class IdlePool {
        static final int WORKERS = 6;
        static final long WAIT_MS = 2_500;

        public static void main(String[] args) throws Exception {
            ExecutorService pool = Executors.newFixedThreadPool(WORKERS, r -> {
                Thread t = new Thread(r, "idle-worker");
                t.setDaemon(true);
                return t;
            });
            for (int i = 0; i < WORKERS; i++) {
                pool.submit(() -> Math.sqrt(2)).get();
            }
            Thread.sleep(WAIT_MS);
            System.out.println("idle pool done");
        }
    }

    /**
     * A thread read in the same state is written once, then every 50 periods, and each sample stands for the time
     * until its thread's next: a pool's workers parked in the queue for 2.5 s have a few samples each (every
     * period: 125), and the waits, still open when the recording ends, add up to the time they waited.
     */
    @Test
    void aPoolsParkedWorkersAreSampledOnceASecondAndTheirSamplesStandForTheWait(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("idle-pool.jfr");
        AgentRun run = AgentRun.run("jfr=" + file, Map.of(), IdlePool.class);
        assertEquals(0, run.exit, run.toString());
        Map<Long, Long> perWorker = events(file, ThreadStateEvent.NAME).stream()
                .filter(e -> e.getThread("thread").getJavaName().equals("idle-worker"))
                .collect(Collectors.groupingBy(e -> e.getThread("thread").getJavaThreadId(), Collectors.counting()));
        assertEquals(IdlePool.WORKERS, perWorker.size(), perWorker.toString());
        assertTrue(perWorker.values().stream().allMatch(n -> n <= 6), "samples per worker: " + perWorker);

        RecordedRun recorded = RecordingReader.read(file, Progress.silent());
        RunStates states = RunStates.of(recorded);
        for (ThreadRecord t : recorded.threads()) {
            if (!t.name.equals("idle-worker")) {
                continue;
            }
            Intervals intervals = states.of(t.index);
            long waited = 0;
            for (int i = 0; i < intervals.size(); i++) {
                waited += intervals.state(i).isWork() ? 0 : intervals.end(i) - intervals.start(i);
            }
            assertTrue(waited >= TimeUnit.MILLISECONDS.toNanos(IdlePool.WAIT_MS - 300),
                    t + " waited " + waited / 1_000_000 + " ms of " + IdlePool.WAIT_MS);
        }
    }

    @Test
    void theProfileSettingsAddTasksAndMutexes(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("profile.jfr");
        AgentRun run = AgentRun.exec(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dompt4j.jfr.settings=profile", "-javaagent:" + AgentRun.agentJar() + "=threshold=0,jfr=" + file,
                "-cp", AgentRun.applicationClassPath(), JfrApp.class.getName()), Map.of());
        assertEquals(0, run.exit, run.toString());
        List<RecordedEvent> tasks = events(file, TaskEvent.NAME);
        assertEquals(4 * JfrApp.REGIONS, tasks.size());
        assertEquals(0, events(file, TaskCreateEvent.NAME).size(), "an instant per task creation only with tasks=on");
        assertTrue(events(file, DispatchEvent.NAME).size() > 0);
        for (RecordedEvent e : events(file, MutexAcquireEvent.NAME)) {
            assertTrue(e.getDuration().toNanos() >= 10_000, "the profile's 10 us threshold: " + e);
        }
        for (RecordedEvent e : events(file, MutexHeldEvent.NAME)) {
            assertTrue(e.getDuration().toNanos() >= 1_000_000, "the profile's 1 ms threshold: " + e);
        }
    }

    @ParameterizedTest
    @CsvSource({"exit, 3", "throw, 1"})
    void theRecordingIsWrittenWhenTheProgramExitsOrDies(String how, int status, @TempDir Path dir) throws Exception {
        Path file = dir.resolve(how + ".jfr");
        AgentRun run = AgentRun.run("jfr=" + file, Map.of(), JfrApp.class, how);
        assertEquals(status, run.exit, run.toString());
        assertEquals(JfrApp.REGIONS, events(file, ParallelRegionEvent.NAME).size());
    }

    @ParameterizedTest
    @CsvSource({"TERM", "INT"})
    void theRecordingIsWrittenWhenASignalEndsTheProgram(String signal, @TempDir Path dir) throws Exception {
        Path file = dir.resolve(signal + ".jfr");
        AgentRun.signalWhenReady("jfr=" + file, signal);
        assertEquals(JfrApp.REGIONS, events(file, ParallelRegionEvent.NAME).size());
    }

    @Test
    void tasksOnRecordsEveryTaskAndTheDefaultNone(@TempDir Path dir) throws Exception {
        Path on = dir.resolve("on.jfr");
        assertEquals(0, AgentRun.run("tasks=on,threshold=0,jfr=" + on, Map.of(), JfrApp.class).exit);
        assertEquals(JfrApp.REGIONS * JfrApp.TASKS_PER_REGION, events(on, TaskEvent.NAME).size());
        assertEquals(JfrApp.REGIONS * JfrApp.TASKS_PER_REGION, events(on, TaskCreateEvent.NAME).size());
        Path standard = dir.resolve("default.jfr");
        assertEquals(0, AgentRun.run("jfr=" + standard, Map.of(), JfrApp.class).exit);
        assertEquals(0, events(standard, TaskEvent.NAME).size());
    }

    /**
     * A task that the join of another runs inside it, on the same thread and in the same region, is part of the
     * joining task's span under a threshold (its switches read no clock), and has its own span, inside that one,
     * when every task is kept (threshold 0). A task of another region that runs inside it (a stream the task runs)
     * has its own span either way.
     */
    @Test
    void aTaskItsJoinRunsIsInTheJoiningTasksSpanUnlessEveryTaskIsKept(@TempDir Path dir) throws Exception {
        Path thresholded = dir.resolve("thresholded.jfr");
        assertEquals(0, AgentRun.run("tasks=on,jfr=" + thresholded, Map.of(), NestedTaskApp.class, "join").exit);
        List<RecordedEvent> spans = events(thresholded, TaskEvent.NAME);
        RecordedEvent joining = longest(spans);
        List<RecordedEvent> sameRegion = inRegionOf(joining, spans);
        assertEquals(List.of(joining), sameRegion, spans.toString());
        assertTrue(spans.size() > sameRegion.size(), "the nested stream's tasks have spans: " + spans);
        for (RecordedEvent e : spans) {
            assertTrue(within(e, joining), "on the worker, inside the joining task: " + spans);
        }

        Path every = dir.resolve("every.jfr");
        assertEquals(0, AgentRun.run("tasks=on,threshold=0,jfr=" + every, Map.of(), NestedTaskApp.class, "join").exit);
        spans = events(every, TaskEvent.NAME);
        assertChildInside(inRegionOf(longest(spans), spans), "the joined task, inside the joining task's span", spans);
    }

    /**
     * A region begun inside another region's task names that region as its parent, though the task has no event of its
     * own (task events are off by default): the pool's region that {@code main} submits is outermost, the stream its
     * root task runs is nested in it.
     */
    @Test
    void aRegionBegunInAnotherRegionsTaskNamesThatRegionAsItsParent(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("nested.jfr");
        assertEquals(0, AgentRun.run("jfr=" + file, Map.of(), NestedTaskApp.class, "join").exit);
        assertEquals(0, events(file, TaskEvent.NAME).size(), "no task has an event");
        List<RecordedEvent> regions = events(file, ParallelRegionEvent.NAME);
        assertEquals(2, regions.size(), regions.toString());
        RecordedEvent outer = regions.stream().filter(e -> e.getLong("parentParallelId") == 0).findFirst().orElseThrow();
        RecordedEvent nested = regions.get(regions.get(0) == outer ? 1 : 0);
        assertTrue(outer.getString("callSite").startsWith(NestedTaskApp.class.getName() + ".main("), outer.toString());
        assertTrue(nested.getString("callSite").startsWith(NestedTaskApp.Outer.class.getName() + ".compute("),
                nested.toString());
        assertEquals(outer.getLong("parallelId"), nested.getLong("parentParallelId"));
    }

    /**
     * A task that a taskwait runs inside the waiting task, on the same thread, has its span inside that task's: the
     * thread is in a synchronization region, whose overhead the reader would take its time for without it.
     */
    @Test
    void aTaskRunAtATaskwaitHasItsSpanInsideTheWaitingOne(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("taskwait.jfr");
        assertEquals(0, AgentRun.run("tasks=on,jfr=" + file, Map.of(), NestedTaskApp.class, "taskwait").exit);
        List<RecordedEvent> spans = events(file, TaskEvent.NAME);
        assertChildInside(spans, "run by the taskwait, inside the waiting task's span", spans);
    }

    /**
     * A task withdrawn inside another (taken back by {@code tryUnfork}, computed in place: it never runs as a task)
     * ends no span: the task that withdrew it keeps its span open until it completes.
     */
    @Test
    void aTaskWithdrawnInsideAnotherLeavesThatTasksSpanOpen(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("unfork.jfr");
        assertEquals(0, AgentRun.run("tasks=on,threshold=0,jfr=" + file, Map.of(), NestedTaskApp.class, "unfork").exit);
        List<RecordedEvent> spans = events(file, TaskEvent.NAME);
        assertEquals(1, spans.size(), "the withdrawn task never ran: " + spans);
        assertTrue(spans.get(0).getDuration().toMillis() >= 2 * NestedTaskApp.MILLIS,
                "the task's span covers its own work and the withdrawn task's, computed in it: " + spans);
    }

    private static RecordedEvent longest(List<RecordedEvent> spans) {
        return spans.stream().max(Comparator.comparing(RecordedEvent::getDuration)).orElseThrow();
    }

    /** {@code two} holds two task spans, the shorter one the longer one's child and inside it, on its thread. */
    private static void assertChildInside(List<RecordedEvent> two, String what, List<RecordedEvent> all) {
        assertEquals(2, two.size(), all.toString());
        RecordedEvent parent = longest(two);
        RecordedEvent child = two.get(0) == parent ? two.get(1) : two.get(0);
        assertEquals(parent.getLong("taskId"), child.getLong("parentTaskId"), "the shorter is the longer's child: " + all);
        assertTrue(within(child, parent), what + ": " + all);
    }

    private static List<RecordedEvent> inRegionOf(RecordedEvent task, List<RecordedEvent> spans) {
        return spans.stream().filter(e -> e.getLong("parallelId") == task.getLong("parallelId")).collect(Collectors.toList());
    }

    private static boolean within(RecordedEvent inner, RecordedEvent outer) {
        return inner.getThread().getJavaThreadId() == outer.getThread().getJavaThreadId()
                && !inner.getStartTime().isBefore(outer.getStartTime()) && !inner.getEndTime().isAfter(outer.getEndTime());
    }

    /**
     * By default, as JFR's parks: the waits, worksharing constructs and tasks shorter than 1 ms are not in the
     * file (JfrApp's barriers and loops are shorter), while every region and implicit task is.
     */
    @Test
    void theDefaultThresholdKeepsOnlyTheLongerWaits(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("default.jfr");
        assertEquals(0, AgentRun.run("tasks=on,jfr=" + file, Map.of(), JfrApp.class).exit);
        assertEquals(JfrApp.REGIONS, events(file, ParallelRegionEvent.NAME).size());
        assertEquals(2 * JfrApp.REGIONS, events(file, ImplicitTaskEvent.NAME).size());
        long bounded = 0;
        for (String type : List.of(SyncRegionEvent.NAME, SyncRegionWaitEvent.NAME, WorkEvent.NAME, TaskEvent.NAME)) {
            for (RecordedEvent e : events(file, type)) {
                assertTrue(e.getDuration().toNanos() >= 1_000_000, "at least the 1 ms threshold: " + e);
                bounded++;
            }
        }
        Path every = dir.resolve("every.jfr");
        assertEquals(0, AgentRun.run("tasks=on,threshold=0,jfr=" + every, Map.of(), JfrApp.class).exit);
        long all = 0;
        for (String type : List.of(SyncRegionEvent.NAME, SyncRegionWaitEvent.NAME, WorkEvent.NAME, TaskEvent.NAME)) {
            all += events(every, type).size();
        }
        assertTrue(bounded < all, bounded + " of " + all + " spans kept");
        // The report reads the threshold off the recording and takes the shorter waits from the state samples.
        assertTrue(RecordingReader.read(file, Progress.silent()).syncWaitsThresholded());
        assertFalse(RecordingReader.read(every, Progress.silent()).syncWaitsThresholded());
    }

    @Test
    void mutexesOnTracesTheWaitsAndTheProfileOnlySamplesThem(@TempDir Path dir) throws Exception {
        Path on = dir.resolve("on.jfr");
        assertEquals(0, AgentRun.run("mutexes=on,jfr=" + on, Map.of(), JfrApp.class).exit);
        assertEquals("true", enabled(on, MutexAcquireEvent.NAME));
        Path profile = dir.resolve("profile.jfr");
        AgentRun run = AgentRun.run("profile=wall,jfr=" + profile, Map.of(), JfrApp.class);
        assertEquals(0, run.exit, run.toString());
        assertEquals("false", enabled(profile, MutexAcquireEvent.NAME));
        assertEquals("true", enabled(profile, ThreadStateEvent.NAME), "the waits come from the state samples");
    }

    /**
     * async-profiler's recording takes the agent's settings as they are, whichever way they reach it: as
     * {@code jfrsync}'s list (each item enables its event first, so an event switched off must stay off), or as a
     * file, when a value holds a ',' or the library is the user's own.
     */
    @Test
    void theProfilesRecordingHasTheSettingsTheAgentAskedFor(@TempDir Path dir) throws Exception {
        Path listed = dir.resolve("listed.jfr");
        AgentRun run = AgentRun.run("profile=wall,threshold=3ms,jfr=" + listed, Map.of(), JfrApp.class);
        assertEquals(0, run.exit, run.toString());
        assertFalse(run.err.contains("cannot sample"), run.toString());
        assertProfileSettings(listed);

        Path jfc = Files.writeString(dir.resolve("comma.jfc"), "<?xml version=\"1.0\"?><configuration version=\"2.0\">"
                + "<event name=\"jdk.ActiveSetting\"><setting name=\"enabled\">true</setting></event>"
                + "<event name=\"jdk.ClassLoad\"><setting name=\"enabled\">true</setting></event>"
                + "<event name=\"ompt.ParallelRegion\"><setting name=\"enabled\">true</setting>"
                + "<setting name=\"threshold\">7 ms</setting><setting name=\"note\">a,b</setting></event>"
                + "</configuration>");
        Path filed = dir.resolve("filed.jfr");
        run = AgentRun.runWithJvmOptions(AgentRun.applicationClassPath(), List.of("-Dompt4j.jfr.settings=" + jfc),
                "profile=wall,jfr=" + filed, Map.of(), JfrApp.class);
        assertEquals(0, run.exit, run.toString());
        assertFalse(run.err.contains("cannot sample"), run.toString());
        assertFalse(events(filed, "jdk.ClassLoad").isEmpty(), "on in the file");
        assertEquals("7 ms", setting(filed, ParallelRegionEvent.NAME, "threshold"));

        // A library of the user's own gets a file: the list came with async-profiler 3.0.
        assumeTrue(System.getProperty("os.name").equals("Linux"), "the jar's Linux libraries");
        Path library = dir.resolve("libasyncProfiler.so");
        try (ZipFile jar = new ZipFile(AgentRun.agentJar().toFile())) {
            String platform = System.getProperty("os.arch").equals("aarch64") ? "linux-arm64" : "linux-x64";
            Files.copy(jar.getInputStream(jar.getEntry(platform + "/libasyncProfiler.so")), library);
        }
        Path own = dir.resolve("own.jfr");
        run = AgentRun.run("profile=wall,threshold=3ms,asyncprofiler=" + library + ",jfr=" + own, Map.of(), JfrApp.class);
        assertEquals(0, run.exit, run.toString());
        assertFalse(run.err.contains("cannot sample"), run.toString());
        assertProfileSettings(own);
    }

    /**
     * The event types are registered before the recording starts, and never again: each registration makes JFR
     * write its metadata again at the next flush, and C2 compiling JFR's metadata writer then took 300 ms of the
     * program's CPU. JDK 17 does not log its metadata writes; the JDK 25 run checks them.
     */
    @ParameterizedTest
    @CsvSource({"'jfr='", "'profile=wall,jfr='"})
    void theRecordingsMetadataIsWrittenOnce(String options, @TempDir Path dir) throws Exception {
        assumeTrue(Runtime.version().feature() >= 21, "JFR logs each metadata write from JDK 21 on");
        AgentRun run = AgentRun.runWithJvmOptions(AgentRun.applicationClassPath(), List.of("-Xlog:jfr+metadata=debug"),
                options + dir.resolve("run.jfr"), Map.of(), JfrApp.class, "linger");
        assertEquals(0, run.exit, run.toString());
        // Each write lists every visible type, JDK ones included.
        long writes = run.out.stream().filter(l -> l.contains("Serialized type: jdk.CPULoad ")).count();
        long withOurs = run.out.stream().filter(l -> l.contains("Serialized type: ompt.ParallelRegion ")).count();
        assertEquals(1, writes, "metadata writes, the one at the recording's start:\n" + run);
        assertEquals(1, withOurs, "the recording's metadata names our types from the start:\n" + run);
    }

    /** The JDK's profile settings with ours over them and {@code threshold=3ms}, in a recording of {@link JfrApp}. */
    private static void assertProfileSettings(Path file) throws IOException {
        // JFR names the settings of the events it records; those switched off leave no events.
        assertEquals(List.of(), events(file, "jdk.ClassLoad"), "off in the JDK's profile settings");
        assertEquals(List.of(), events(file, "jdk.ExecutionSample"), "async-profiler's samples replace JFR's");
        assertEquals("true", enabled(file, "jdk.JavaMonitorEnter"));
        assertEquals("3000000 ns", setting(file, SyncRegionWaitEvent.NAME, "threshold"));
        assertEquals("1 ms", setting(file, "jdk.JavaMonitorEnter", "threshold"), "ours, over the JDK's 10 ms");
        assertEquals("false", setting(file, "jdk.JavaMonitorEnter", "stackTrace"), "ours, over the JDK's true");
    }

    /** The {@code enabled} setting the recording was made with for the event type {@code type}. */
    private static String enabled(Path file, String type) throws IOException {
        return setting(file, type, "enabled");
    }

    /** The setting {@code name} the recording was made with for the event type {@code type}. */
    private static String setting(Path file, String type, String name) throws IOException {
        long id;
        try (RecordingFile recording = new RecordingFile(file)) {
            id = recording.readEventTypes().stream().filter(t -> t.getName().equals(type)).findFirst().orElseThrow()
                    .getId();
        }
        List<String> values = events(file, "jdk.ActiveSetting").stream()
                .filter(e -> e.getLong("id") == id && e.getString("name").equals(name))
                .map(e -> e.getString("value")).distinct().collect(Collectors.toList());
        assertEquals(1, values.size(), type + ": " + values);
        return values.get(0);
    }

    @Test
    void aNamedFileIsReplacedAndADirectoryGetsANewFile(@TempDir Path dir) throws Exception {
        Path named = Files.writeString(dir.resolve("old.jfr"), "not a recording");
        assertEquals(0, AgentRun.run("jfr=" + named, Map.of(), HelloApp.class).exit);
        assertTrue(RecordingFile.readAllEvents(named).size() > 0, "replaced by the recording");

        Path recordings = dir.resolve("recordings");
        assertEquals(0, AgentRun.run("jfr=" + recordings + "/", Map.of(), HelloApp.class).exit);
        assertEquals(0, AgentRun.run("jfr=" + recordings, Map.of(), HelloApp.class).exit);
        try (Stream<Path> files = Files.list(recordings)) {
            List<String> names = files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
            assertEquals(2, names.size(), names.toString());
            assertTrue(names.stream().allMatch(n -> n.matches("ompt4j-\\d+-\\d{8}-\\d{6}(-\\d+)?\\.jfr")), names.toString());
        }
    }

    @Test
    void aFileJfrCannotWriteIsReportedAsNotWritten() throws Exception {
        AgentRun run = AgentRun.run("jfr=/proc/version", Map.of(), HelloApp.class);
        assertEquals(0, run.exit, run.toString());
        assertTrue(!run.err.contains("wrote /proc/version"), run.toString());
        assertTrue(run.err.contains("ompt4j [warn] could not write the recording into /proc/version: "), run.toString());
    }

    @Test
    void jfrsOwnStartFlightRecordingWorksWithTheToolNamed(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("own.jfr");
        Path jfc = Path.of("..", "jfr-events", "src", "main", "jfc", "ompt.jfc").toAbsolutePath().normalize();
        AgentRun run = AgentRun.exec(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:StartFlightRecording:settings=default,settings=" + jfc + ",filename=" + file,
                "-javaagent:" + AgentRun.agentJar() + "=tool=io.github.ompt4j.jfr.JfrTool",
                "-cp", AgentRun.applicationClassPath(), JfrApp.class.getName()), Map.of());
        assertEquals(0, run.exit, run.toString());
        assertEquals(JfrApp.REGIONS, events(file, ParallelRegionEvent.NAME).size());
        assertTrue(events(file, "jdk.ThreadStart").size() > 0, "the JDK's default events too");
    }
}
