package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the agent opens to the outside, nothing that listens unless the user asks the JDK for JMX remote, and what
 * it leaves behind in the temporary directory.
 */
class SecurityIT {

    /**
     * With no cache, a JVM killed with SIGKILL leaves its copy of the model jar (its {@code deleteOnExit} never runs);
     * the next start deletes it, and leaves the copy of a process that still runs.
     */
    @Test
    void theNextStartDeletesTheModelJarAKilledJvmLeft(@TempDir Path tmp) throws Exception {
        Path alive = Files.createFile(tmp.resolve("ompt4j-model-" + ProcessHandle.current().pid() + "-1.jar"));
        List<String> options = List.of("-Djava.io.tmpdir=" + tmp, "-javaagent:" + AgentRun.agentJar() + "=cache=off");
        Process killed = startReady(options);
        killed.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        Path left = modelJarOf(tmp, killed.pid());
        assertTrue(Files.exists(left), "the killed JVM left " + left);
        Process next = startReady(options);
        try {
            for (int i = 0; i < 200 && Files.exists(left); i++) {
                Thread.sleep(50);
            }
            assertFalse(Files.exists(left), "the next start deleted " + left);
            assertTrue(Files.exists(alive) && Files.exists(modelJarOf(tmp, next.pid())));
        } finally {
            next.destroy();
            next.waitFor(30, TimeUnit.SECONDS);
        }
    }

    /**
     * {@code out=} writes predictable names; a link planted at one of them (to a file the program's user may write)
     * is refused, the link's target left as it was, and the other outputs are written.
     */
    @Test
    void outputsNeverFollowALinkPlantedAtTheirName(@TempDir Path dir) throws Exception {
        Path out = Files.createDirectories(dir.resolve("out"));
        Path victim = Files.writeString(dir.resolve("victim.txt"), "precious");
        Files.createSymbolicLink(out.resolve("report.txt"), victim);
        Files.createSymbolicLink(out.resolve("recording.jfr"), victim);
        AgentRun run = AgentRun.run("out=" + out, Map.of(), JfrApp.class);
        assertEquals(0, run.exit, run.toString());
        assertEquals("precious", Files.readString(victim));
        assertTrue(run.err.contains("symbolic link"), run.err);
        Path other = dir.resolve("other");
        Files.createDirectories(other);
        Files.createSymbolicLink(other.resolve("report.txt"), victim);
        AgentRun profiled = AgentRun.run("profile=wall,out=" + other, Map.of(), JfrApp.class);
        assertEquals(0, profiled.exit, profiled.toString());
        assertEquals("precious", Files.readString(victim));
        assertTrue(profiled.err.contains("report.txt") && profiled.err.contains("symbolic link"), profiled.err);
        assertTrue(Files.size(other.resolve("flame.html")) > 0, "the other outputs are written");
    }

    private static Path modelJarOf(Path tmp, long pid) throws IOException {
        try (Stream<Path> files = Files.list(tmp)) {
            return files.filter(f -> f.getFileName().toString().startsWith("ompt4j-model-" + pid + "-")).findFirst()
                    .orElseThrow(() -> new AssertionError("no model jar of " + pid + " in " + tmp));
        }
    }

    /**
     * The program's listening sockets once it runs, with the agent doing the most it can (the print tool, a
     * recording, async-profiler's sampling, every output): the sockets among its file descriptors that
     * {@code /proc} lists as listening (TCP in state LISTEN, bound UDP, Unix sockets accepting connections).
     */
    @Test
    void theAgentOpensNoListeningSocket(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "reads /proc (Linux)");
        List<String> listening = listeningSocketsOf(List.of("-javaagent:" + AgentRun.agentJar() + "=tool=print,"
                + "profile=wall,out=" + dir.resolve("out")));
        assertEquals(List.of(), listening);
    }

    /** The check itself sees a listening socket: the JDK's JMX agent with a remote port. */
    @Test
    void aJvmWithJmxRemoteIsSeenListening() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "reads /proc (Linux)");
        List<String> listening = listeningSocketsOf(List.of("-Dcom.sun.management.jmxremote.port=0",
                "-Dcom.sun.management.jmxremote.authenticate=false", "-Dcom.sun.management.jmxremote.ssl=false"));
        assertFalse(listening.isEmpty(), "the JMX connector listens");
    }

    /** Runs {@link JfrApp} {@code wait} with {@code jvmOptions} and lists its listening sockets once it is ready. */
    private static List<String> listeningSocketsOf(List<String> jvmOptions) throws IOException, InterruptedException {
        Process p = startReady(jvmOptions);
        try {
            return listening(p.pid());
        } finally {
            p.destroy();
            p.waitFor(30, TimeUnit.SECONDS);
            p.destroyForcibly();
        }
    }

    /** {@link JfrApp} {@code wait} with {@code jvmOptions}, once it says it is ready (it then waits to be stopped). */
    private static Process startReady(List<String> jvmOptions) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString()));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", AgentRun.applicationClassPath(), JfrApp.class.getName(), "wait"));
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null && !line.equals("ready")) {
            // the program's output until it runs
        }
        return p;
    }

    private static List<String> listening(long pid) throws IOException {
        Set<String> inodes = new HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : (Iterable<Path>) fds::iterator) {
                String target;
                try {
                    target = Files.readSymbolicLink(fd).toString();
                } catch (NoSuchFileException closed) {
                    continue; // closed since the listing (the JVM opens and closes files as it runs)
                }
                if (target.startsWith("socket:[")) {
                    inodes.add(target.substring("socket:[".length(), target.length() - 1));
                }
            }
        }
        Path net = Path.of("/proc", Long.toString(pid), "net");
        List<String> found = new ArrayList<>();
        for (String table : List.of("tcp", "tcp6", "udp", "udp6")) {
            for (String row : rows(net.resolve(table))) {
                String[] f = row.trim().split("\\s+");
                boolean listens = table.startsWith("udp") || f[3].equals("0A");
                if (listens && inodes.contains(f[9])) {
                    found.add(table + " " + f[1]);
                }
            }
        }
        for (String row : rows(net.resolve("unix"))) {
            String[] f = row.trim().split("\\s+");
            boolean accepts = (Integer.parseInt(f[3], 16) & 0x10000) != 0;
            if (accepts && inodes.contains(f[6])) {
                found.add("unix " + (f.length > 7 ? f[7] : "(unnamed)"));
            }
        }
        return found;
    }

    /** A {@code /proc/net} table's rows, its header left out. */
    private static List<String> rows(Path table) throws IOException {
        List<String> lines = Files.readAllLines(table);
        return lines.isEmpty() ? lines : lines.subList(1, lines.size());
    }
}
