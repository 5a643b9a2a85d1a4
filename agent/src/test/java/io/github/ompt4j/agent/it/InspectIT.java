package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.tools.attach.VirtualMachine;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.openmbean.CompositeData;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.junit.jupiter.api.Test;

/**
 * Live inspection of stuck programs ({@link InspectTargets}) in forked JVMs: the MXBean read over a JMX
 * connection, and the {@code inspect} command's JSON parsed and checked field by field, its text read for the
 * plain words. Each program is read until it is stuck as intended (a stuck program stays so), then checked.
 */
class InspectIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ObjectName MBEAN = name("io.github.ompt4j:type=Ompt");

    private static ObjectName name(String name) {
        try {
            return new ObjectName(name);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** A program under the agent ({@code options}; none if null), read until it prints {@code ready}. */
    static final class Target implements AutoCloseable {
        final Process process;
        private final Path err;
        private JMXConnector jmx;

        Target(Class<?> main, String options) throws IOException {
            err = Files.createTempFile("ompt4j-inspect-err", ".txt");
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString()));
            if (Runtime.version().feature() >= 21) {
                command.add("-XX:+EnableDynamicAgentLoading");
            }
            if (options != null) {
                command.add("-javaagent:" + AgentRun.agentJar() + "=" + options);
            }
            command.addAll(List.of("-cp", AgentRun.applicationClassPath(), main.getName()));
            ProcessBuilder pb = new ProcessBuilder(command).redirectError(err.toFile());
            pb.environment().remove("OMP_TOOL");
            process = pb.start();
            BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8));
            String line;
            while ((line = out.readLine()) != null && !line.equals("ready")) {
                // the program's output before it is stuck
            }
            if (line == null) {
                throw new AssertionError("the target ended before it was ready:\n" + errors());
            }
        }

        String pid() {
            return Long.toString(process.pid());
        }

        /** The platform MBean server of the target, through the JDK's local management agent. */
        MBeanServerConnection jmx() throws Exception {
            if (jmx == null) {
                VirtualMachine vm = VirtualMachine.attach(pid());
                try {
                    jmx = JMXConnectorFactory.connect(new JMXServiceURL(vm.startLocalManagementAgent()));
                } finally {
                    vm.detach();
                }
            }
            return jmx.getMBeanServerConnection();
        }

        /** The MXBean's snapshot, read until {@code stuck} holds of it (at most 600 reads). */
        CompositeData snapshotWhen(Predicate<CompositeData> stuck) throws Exception {
            CompositeData s = null;
            for (int i = 0; i < 600; i++) {
                MBeanServerConnection c = jmx();
                if (c.isRegistered(MBEAN)) {
                    s = (CompositeData) c.getAttribute(MBEAN, "Snapshot");
                    if (stuck.test(s)) {
                        return s;
                    }
                }
                Thread.sleep(50);
            }
            throw new AssertionError("never stuck as expected; the last snapshot's threads and waits: "
                    + (s == null ? "none" : Arrays.stream(items(s, "threads")).map(t -> t.get("name") + " "
                            + t.get("state")).toList() + " " + Arrays.stream(items(s, "waits"))
                            .map(w -> w.get("text")).toList()) + "\n" + errors());
        }

        /** {@code java -jar ompt-agent.jar inspect <pid> args...}. */
        AgentRun inspect(String... args) throws Exception {
            return cli("inspect", args);
        }

        /** {@code java -jar ompt-agent.jar <command> <pid> args...}. */
        AgentRun cli(String command, String... args) throws Exception {
            List<String> line = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString(), "-jar", AgentRun.agentJar().toString(), command, pid()));
            line.addAll(List.of(args));
            return AgentRun.exec(line, Map.of());
        }

        JsonNode inspectJson(String... args) throws Exception {
            List<String> all = new ArrayList<>(List.of(args));
            all.add("--json");
            AgentRun run = inspect(all.toArray(new String[0]));
            assertEquals(1, run.out.size(), run.out + "\n" + run.err);
            return JSON.readTree(run.out.get(0));
        }

        String errors() throws IOException {
            return Files.readString(err, StandardCharsets.UTF_8);
        }

        @Override
        public void close() throws IOException {
            if (jmx != null) {
                jmx.close();
            }
            process.destroyForcibly();
            Files.deleteIfExists(err);
        }
    }

    private static CompositeData[] items(CompositeData c, String key) {
        return (CompositeData[]) c.get(key);
    }

    private static JsonNode only(JsonNode array, Predicate<JsonNode> which) {
        List<JsonNode> found = new ArrayList<>();
        array.forEach(n -> {
            if (which.test(n)) {
                found.add(n);
            }
        });
        assertEquals(1, found.size(), "exactly one of " + array);
        return found.get(0);
    }

    private static List<Long> longs(JsonNode array) {
        List<Long> values = new ArrayList<>();
        array.forEach(n -> values.add(n.asLong()));
        return values;
    }

    @Test
    void aTeamStuckAtABarrierNamesWhoArrivedAndWhoNot() throws Exception {
        try (Target target = new Target(InspectTargets.StuckBarrier.class, "inspect=on")) {
            target.snapshotWhen(s -> items(s, "regions").length == 1 && Arrays.stream(
                    items(items(s, "regions")[0], "members")).filter(m -> (Boolean) m.get("atBarrier")).count() == 2);
            JsonNode s = target.inspectJson();
            assertTrue(s.get("tracking").asBoolean());
            JsonNode region = only(s.get("regions"), r -> true);
            assertEquals(3, region.get("teamSize").asInt());
            assertEquals(3, region.get("requestedTeamSize").asInt());
            assertEquals(0, region.get("enclosingId").asLong());
            assertEquals(0, region.get("membersUnseen").asInt());
            assertEquals(3, region.get("participants").size());
            JsonNode members = region.get("members");
            assertEquals(3, members.size());
            for (int i = 0; i < 3; i++) {
                JsonNode m = members.get(i);
                assertEquals(i, m.get("threadNum").asInt());
                assertEquals(i != 1, m.get("atBarrier").asBoolean(), m.toString());
                assertEquals(i != 1 ? "ompt_state_wait_barrier_explicit" : "ompt_state_work_parallel",
                        m.get("state").asText());
            }
            long absent = members.get(1).get("javaId").asLong();
            long regionId = region.get("id").asLong();
            JsonNode main = only(s.get("threads"), t -> t.get("name").asText().equals("main"));
            assertEquals("ompt_thread_initial", main.get("type").asText());
            assertEquals("ompt_state_wait_barrier_explicit", main.get("state").asText());
            assertEquals(regionId, main.get("waitId").asLong());
            assertTrue(main.get("inStateMillis").asLong() >= 0, main.toString());
            assertEquals(0, main.get("threadNum").asInt());
            assertEquals(List.of(regionId), longs(main.get("regionChain")));
            assertEquals(2, main.get("taskChain").size(), "the implicit task and the initial task");
            JsonNode wait = only(s.get("waits"), w -> w.get("waiter").asLong() == main.get("javaId").asLong());
            assertEquals("barrier", wait.get("kind").asText());
            assertEquals(regionId, wait.get("waitId").asLong());
            assertEquals(List.of(absent), longs(wait.get("waitsFor")));
            assertTrue(wait.get("text").asText().contains("not arrived: 1 \""), wait.toString());
            assertEquals(0, s.get("deadlocks").size());

            AgentRun text = target.inspect();
            assertEquals(0, text.exit, text.err);
            String all = String.join("\n", text.out);
            assertTrue(all.contains("arrived at the barrier"), all);
            assertTrue(all.contains("no deadlock"), all);

            AgentRun byRegion = target.inspect("--region", Long.toString(regionId));
            assertEquals(0, byRegion.exit, byRegion.err);
            assertTrue(byRegion.out.get(0).startsWith("ok: region " + regionId), byRegion.out.toString());
        }
    }

    /**
     * Virtual threads queued on a lock: each is named by its Java ID (they have no name), in its wait too, its state
     * and the lock it waits for are the JVM's though the JVM's thread bean knows no virtual thread (it said
     * {@code null}), and the text counts them and gives the alike ones, and their waits, one line each.
     */
    @Test
    void virtualThreadsAreNamedWithTheirJvmStateAndCounted() throws Exception {
        assumeTrue(Runtime.version().feature() >= 21, "virtual threads need JDK 21");
        int queued = InspectTargets.VirtualThreadsQueued.THREADS;
        try (Target target = new Target(InspectTargets.VirtualThreadsQueued.class, "inspect=on")) {
            target.snapshotWhen(s -> Arrays.stream(items(s, "threads")).filter(t -> (Boolean) t.get("virtual")
                    && t.get("state").equals("ompt_state_wait_lock")).count() == queued);
            JsonNode s = target.inspectJson();
            List<JsonNode> virtual = new ArrayList<>();
            s.get("threads").forEach(t -> {
                if (t.get("virtual").asBoolean()) {
                    virtual.add(t);
                }
            });
            assertEquals(queued, virtual.size(), s.toString());
            for (JsonNode t : virtual) {
                assertEquals("virtual thread " + t.get("javaId").asLong(), t.get("name").asText(), t.toString());
                assertEquals("WAITING", t.get("javaState").asText(), t.toString());
                assertEquals("ompt_state_wait_lock", t.get("state").asText(), t.toString());
                JsonNode w = only(s.get("waits"), x -> x.get("waiter").asLong() == t.get("javaId").asLong());
                assertTrue(w.get("text").asText().startsWith("\"" + t.get("name").asText() + "\" (thread "), w.toString());
                assertTrue(w.get("text").asText().contains("held by \"main\""), w.toString());
                assertTrue(w.get("lock").asText().startsWith("java.util.concurrent.locks.ReentrantLock"), w.toString());
            }
            assertFalse(only(s.get("threads"), t -> t.get("name").asText().equals("main")).get("virtual").asBoolean());
            String text = String.join("\n", target.inspect().out);
            assertTrue(text.contains(", " + queued + " of them virtual):"), text);
            assertTrue(text.matches("(?s).*\n  " + queued + " virtual threads \\(thread \\d+ \"virtual thread \\d+\", .* and "
                    + (queued - 3) + " more\\): ompt_thread_initial: ompt_state_wait_lock, wait ID \\d+, in a task of \\d+"
                    + " \\[JVM: WAITING]\n.*"), "the virtual threads alike in one line:\n" + text);
            assertTrue(text.matches("(?s).*\n  " + queued + " virtual threads \\(\"virtual thread \\d+\" \\(thread \\d+\\), .*"
                    + " more\\) wait for lock \\(wait ID \\d+, java.util.concurrent.locks.ReentrantLock.*\\), held by \"main\""
                    + ".*"), "their waits in one line:\n" + text);
        }
    }

    @Test
    void twoThreadsDeadlockedOnTwoReentrantLocksAreNamedAsACycle() throws Exception {
        try (Target target = new Target(InspectTargets.LockDeadlock.class, "inspect=on")) {
            target.snapshotWhen(s -> items(s, "deadlocks").length == 1);
            JsonNode s = target.inspectJson();
            JsonNode deadlock = only(s.get("deadlocks"), d -> true);
            List<Long> cycle = longs(deadlock.get("threads"));
            assertEquals(2, cycle.size());
            for (long waiter : cycle) {
                JsonNode w = only(s.get("waits"), x -> x.get("waiter").asLong() == waiter);
                assertEquals("lock", w.get("kind").asText());
                assertTrue(w.get("lock").asText().startsWith("java.util.concurrent.locks.ReentrantLock"), w.toString());
                long other = cycle.get(0) == waiter ? cycle.get(1) : cycle.get(0);
                assertEquals(List.of(other), longs(w.get("waitsFor")));
                JsonNode t = only(s.get("threads"), x -> x.get("javaId").asLong() == waiter);
                assertEquals("ompt_state_wait_lock", t.get("state").asText());
                assertEquals(w.get("waitId").asLong(), t.get("waitId").asLong());
            }
            AgentRun text = target.inspect();
            String all = String.join("\n", text.out);
            assertTrue(all.contains("deadlock: "), all);
        }
    }

    @Test
    void twoThreadsDeadlockedOnTwoMonitorsAreNamedWithWhereTheyTookThem() throws Exception {
        try (Target target = new Target(InspectTargets.MonitorDeadlock.class, "inspect=on")) {
            target.snapshotWhen(s -> items(s, "deadlocks").length == 1);
            JsonNode s = target.inspectJson();
            JsonNode deadlock = only(s.get("deadlocks"), d -> true);
            assertEquals(2, deadlock.get("threads").size());
            for (long waiter : longs(deadlock.get("threads"))) {
                JsonNode w = only(s.get("waits"), x -> x.get("waiter").asLong() == waiter);
                assertEquals("monitor", w.get("kind").asText());
                assertEquals(0, w.get("waitId").asLong());
                assertTrue(w.get("lock").asText().startsWith("java.lang.Object@"), w.toString());
                assertTrue(w.get("text").asText().contains("taken at " + InspectTargets.MonitorDeadlock.class.getName()),
                        w.toString());
                JsonNode t = only(s.get("threads"), x -> x.get("javaId").asLong() == waiter);
                assertEquals("BLOCKED", t.get("javaState").asText());
            }
        }
    }

    @Test
    void aJoinWaitsForTheThreadThatRunsItsBlockedTask() throws Exception {
        waitsForTheThreadThatRunsItsBlockedTask(InspectTargets.BlockedJoin.class, "ompt_thread_worker");
    }

    /** The same for an executor's task, run by a worker that is a thread of the program's. */
    @Test
    void aFuturesGetWaitsForTheWorkerThatRunsItsBlockedTask() throws Exception {
        waitsForTheThreadThatRunsItsBlockedTask(InspectTargets.BlockedGet.class, "ompt_thread_initial");
    }

    private static void waitsForTheThreadThatRunsItsBlockedTask(Class<?> program, String runnerType) throws Exception {
        try (Target target = new Target(program, "inspect=on")) {
            target.snapshotWhen(s -> Arrays.stream(items(s, "waits"))
                    .anyMatch(w -> w.get("kind").equals("taskwait") && ((long[]) w.get("waitsFor")).length == 1));
            JsonNode s = target.inspectJson();
            JsonNode main = only(s.get("threads"), t -> t.get("name").asText().equals("main"));
            assertEquals("ompt_state_wait_taskwait", main.get("state").asText());
            long awaited = main.get("waitId").asLong();
            JsonNode wait = only(s.get("waits"), w -> w.get("waiter").asLong() == main.get("javaId").asLong());
            JsonNode runner = only(s.get("threads"), t -> t.get("javaId").asLong() == wait.get("waitsFor").get(0).asLong());
            assertEquals(runnerType, runner.get("type").asText());
            assertEquals(awaited, runner.get("taskId").asLong());
            JsonNode task = only(s.get("tasks"), t -> t.get("id").asLong() == awaited);
            assertEquals(runner.get("id").asLong(), task.get("thread").asLong());
            assertTrue(task.get("current").asBoolean());

            JsonNode answer = target.inspectJson("--task", Long.toString(awaited));
            assertEquals("ok", answer.get("status").asText());
            assertEquals(awaited, answer.get("tasks").get(0).get("id").asLong());
            assertEquals(1, answer.get("waits").size());
        }
    }

    @Test
    void aJoinOnAQueuedTaskIsUnavailableAndEndedOrUnknownIdsAreSaidSo() throws Exception {
        try (Target target = new Target(InspectTargets.QueuedJoin.class, "inspect=on")) {
            CompositeData s = target.snapshotWhen(x -> Arrays.stream(items(x, "waits"))
                    .anyMatch(w -> w.get("kind").equals("taskwait")));
            CompositeData wait = Arrays.stream(items(s, "waits")).filter(w -> w.get("kind").equals("taskwait"))
                    .findFirst().orElseThrow();
            long queued = (Long) wait.get("waitId");
            assertEquals(0, ((long[]) wait.get("waitsFor")).length);
            assertTrue(((String) wait.get("text")).contains("no thread runs it now"), wait.toString());
            AgentRun unavailable = target.inspect("--task", Long.toString(queued));
            assertEquals(3, unavailable.exit, unavailable.err);
            assertTrue(unavailable.out.get(0).startsWith("unavailable: "), unavailable.out.toString());
            assertFalse(unavailable.err.contains("Exception"), unavailable.err);

            AgentRun unknown = target.inspect("--region", Long.toString(1L << 60));
            assertEquals(3, unknown.exit);
            assertTrue(unknown.out.get(0).startsWith("bad_input: "), unknown.out.toString());
        }
    }

    /** {@code --watch 1} answers again and again (a second apart), each answer a whole snapshot, until stopped. */
    @Test
    void watchAnswersEverySecondUntilStopped() throws Exception {
        try (Target target = new Target(InspectTargets.IdlePool.class, "inspect=on")) {
            target.snapshotWhen(InspectIT::teamIdle);
            Process watch = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-jar", AgentRun.agentJar().toString(), "inspect", target.pid(), "--json", "--watch", "1")
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            List<JsonNode> answers = new ArrayList<>();
            try (BufferedReader out = new BufferedReader(new InputStreamReader(watch.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while (answers.size() < 3 && (line = out.readLine()) != null) {
                    answers.add(JSON.readTree(line));
                }
            } finally {
                watch.destroy();
                watch.waitFor();
            }
            assertEquals(3, answers.size(), "three answers before it was stopped");
            for (JsonNode answer : answers) {
                long idle = 0;
                for (JsonNode t : answer.get("threads")) {
                    idle += t.get("state").asText().equals("ompt_state_idle")
                            && t.get("name").asText().startsWith("omp-worker-") ? 1 : 0;
                }
                assertEquals(2, idle, answer.toString());
            }
        }
    }

    /**
     * Whether both workers of the directive library's team are idle (the JMX connection's executors have idle
     * workers of their own).
     */
    private static boolean teamIdle(CompositeData snapshot) {
        return Arrays.stream(items(snapshot, "threads")).filter(t -> t.get("state").equals("ompt_state_idle")
                && ((String) t.get("name")).startsWith("omp-worker-")).count() == 2;
    }

    @Test
    void anIdlePoolShowsIdleWorkersAndAnEndedRegionIsStale() throws Exception {
        try (Target target = new Target(InspectTargets.IdlePool.class, "inspect=on")) {
            CompositeData s = target.snapshotWhen(InspectIT::teamIdle);
            assertEquals(0, items(s, "regions").length);
            JsonNode json = target.inspectJson();
            JsonNode main = only(json.get("threads"), t -> t.get("name").asText().equals("main"));
            for (JsonNode w : json.get("waits")) {
                // Only the JMX connection's threads may wait: none of the program's. (Their executors' workers
                // waiting for work are idle, not waiting.)
                JsonNode waiter = only(json.get("threads"), t -> t.get("javaId").asLong() == w.get("waiter").asLong());
                assertFalse(waiter == main || waiter.get("type").asText().equals("ompt_thread_worker"), w.toString());
            }
            assertEquals("ompt_state_work_serial", main.get("state").asText());
            assertEquals(-1, main.get("inStateMillis").asLong(), "work is not timed");
            int workers = 0;
            for (JsonNode t : json.get("threads")) {
                // Besides main and the team's workers: the JMX connection's threads, met at the locks they take.
                if (t.get("type").asText().equals("ompt_thread_worker")) {
                    workers++;
                    assertEquals("ompt_state_idle", t.get("state").asText());
                    assertTrue(t.get("inStateMillis").asLong() >= 0, t.toString());
                    assertEquals(0, t.get("taskId").asLong());
                }
            }
            assertEquals(2, workers);
            // The region that ran had the ID after main's initial task: issued, ended.
            long region = main.get("taskId").asLong() + 1;
            JsonNode stale = target.inspectJson("--region", Long.toString(region));
            assertEquals("stale_handle", stale.get("status").asText());
            assertEquals(0, stale.get("regions").size());
        }
    }

    @Test
    void withoutTheAgentInspectAttachesItFirstAndSaysSo() throws Exception {
        try (Target target = new Target(InspectTargets.IdlePool.class, null)) {
            AgentRun run = target.inspect();
            assertEquals(0, run.exit, run.err);
            assertTrue(run.err.contains("the agent was not in JVM " + target.pid() + "; attached it with no tool"),
                    run.err);
            assertNotNull(target.jmx().getAttribute(MBEAN, "Status"));
            CompositeData status = (CompositeData) target.jmx().getAttribute(MBEAN, "Status");
            assertTrue((Boolean) status.get("attached"));
            assertTrue((Boolean) status.get("tracking"));
            AgentRun again = target.inspect();
            assertFalse(again.err.contains("attaching"), again.err);
        }
    }

    @Test
    void attachLoadsTheAgentThenStatusSaysWhatItDoesAndStopWritesTheRecordingWhileTheProgramGoesOn() throws Exception {
        Path jfr = Files.createTempFile("ompt4j-attach", ".jfr");
        Files.delete(jfr);
        try (Target target = new Target(InspectTargets.IdlePool.class, null)) {
            AgentRun bad = target.cli("attach", "colour=blue");
            assertEquals(2, bad.exit);
            assertTrue(bad.err.contains("unknown agent option 'colour'"), bad.err);
            assertFalse(bad.err.contains("Exception"), bad.err);

            AgentRun attach = target.cli("attach", "jfr=" + jfr);
            assertEquals(0, attach.exit, attach.err);
            String said = String.join("\n", attach.out);
            assertTrue(said.contains("was attached"), said);
            assertTrue(said.contains("adapter directives: woven"), said);
            assertTrue(said.contains("recording: recording into " + jfr), said);

            AgentRun twice = target.cli("attach", "jfr=" + jfr);
            assertEquals(1, twice.exit);
            assertTrue(twice.err.contains("the agent already runs in JVM " + target.pid()), twice.err);

            AgentRun stop = target.cli("attach", "stop");
            assertEquals(0, stop.exit, stop.err);
            assertEquals(List.of("wrote " + jfr), stop.out);
            assertTrue(Files.size(jfr) > 0);
            AgentRun status = target.cli("attach", "status");
            assertTrue(String.join("\n", status.out).contains("recording: stopped into " + jfr), status.out.toString());
            AgentRun again = target.cli("attach", "stop");
            assertEquals(List.of("the recording was already stopped"), again.out);
            assertTrue(target.process.isAlive(), "the program goes on after stop");
        } finally {
            Files.deleteIfExists(jfr);
        }
    }

    @Test
    void statusOfAJvmWithoutTheAgentSaysSoWithoutLoadingIt() throws Exception {
        try (Target target = new Target(InspectTargets.IdlePool.class, null)) {
            AgentRun status = target.cli("attach", "status");
            assertEquals(1, status.exit);
            assertTrue(status.err.contains("the agent does not run in JVM " + target.pid()), status.err);
            assertFalse(target.jmx().isRegistered(MBEAN));
        }
    }

    @Test
    void anAgentStartedWithoutInspectPublishesItsMBeanWhenInspectAttaches() throws Exception {
        try (Target target = new Target(InspectTargets.IdlePool.class, "tool=print")) {
            assertFalse(target.jmx().isRegistered(MBEAN), "no MBean without inspect=on");
            AgentRun run = target.inspect();
            assertEquals(0, run.exit, run.err);
            assertTrue(run.err.contains("started without inspect=on; its MXBean is published now"), run.err);
            assertTrue(run.out.stream().anyMatch(l -> l.startsWith("threads (")), run.out.toString());
        }
    }
}
