package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ompt4j.profile.model.FoldedStack;
import io.github.ompt4j.profile.model.Frame;
import io.github.ompt4j.profile.model.FrameKind;
import io.github.ompt4j.profile.model.Profile;
import io.github.ompt4j.profile.model.View;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import one.convert.Arguments;
import one.convert.FlameGraph;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar ompt-agent.jar report} on a recording of a critical-section program: every output, read
 * back (the flame graph through the converter's own HTML parser), and both HTML pages rendered by headless
 * Chromium. Bad arguments end with a message naming what was wrong.
 */
class ReportCommandIT {
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    @TempDir
    static Path dir;
    static Path recording;

    @BeforeAll
    static void record() throws Exception {
        recording = ProfiledRun.record(dir, "critical", Map.of());
    }

    static AgentRun report(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", AgentRun.agentJar().toString(), "report"));
        command.addAll(List.of(args));
        return AgentRun.exec(command, Map.of());
    }

    @Test
    void everyOutputIsWrittenAndReadsBack() throws Exception {
        Path html = dir.resolve("flame.html");
        Path collapsed = dir.resolve("stacks.txt");
        Path text = dir.resolve("report.txt");
        Path timeline = dir.resolve("timeline.html");
        AgentRun run = report(recording.toString(), "--html", html.toString(), "--collapsed", collapsed.toString(),
                "--text", text.toString(), "--timeline", timeline.toString());
        assertEquals(0, run.exit, run.toString());
        assertTrue(run.out.isEmpty(), "every output went to its file: " + run);

        String wait = "<OMP-critical_section_wait>_[k]";
        List<String> lines = Files.readAllLines(collapsed);
        assertTrue(lines.stream().allMatch(l -> l.matches("\\S.* \\d+")), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.contains("Situations.criticalSection_[j];") && l.contains(wait)),
                lines.toString());

        FlameGraph parsed = new FlameGraph(new Arguments("--output", "collapsed"));
        parsed.parseHtml(Files.newBufferedReader(html));
        Path roundTrip = dir.resolve("round-trip.txt");
        try (var out = Files.newOutputStream(roundTrip)) {
            parsed.dump(out);
        }
        assertEquals(Files.readAllLines(collapsed).stream().sorted().toList(),
                Files.readAllLines(roundTrip).stream().sorted().toList(), "the flame graph holds the same stacks");

        String report = Files.readString(text);
        assertTrue(report.contains("(user view)"), report);
        Matcher region = Pattern.compile("\\.Situations\\.criticalSection\\(Situations\\.java:\\d+\\)\\s+1\\s+4 ")
                .matcher(report);
        assertTrue(region.find(), "the region, run once by a team of four:\n" + report);
        String site = "[\\w.]+\\.Situations\\.lambda\\$criticalSection\\$\\d+\\(Situations\\.java:\\d+\\)";
        assertTrue(report.matches("(?s).*\\n  critical \\d+ \\(" + site + "\\): [\\d.]+ ms waited \\([\\d.]+%"
                + " contention\\), seen by \\d+ state samples\\n\\s+[\\d.]+ ms  while held at " + site + "\\n.*"), "waits blamed on the holders:\n" + report);
        assertTrue(report.contains("<OMP-critical_section_wait>"), report);
    }

    /**
     * A JVM killed with SIGKILL writes no recording, but JFR's disk repository keeps its chunks, flushed every
     * second: {@code report} on the repository folder folds them, and says what it read.
     */
    @Test
    void aKilledJvmsRegionsAreRecoveredFromJfrsRepository(@TempDir Path tmp) throws Exception {
        Path repository = tmp.resolve("repository");
        Path file = tmp.resolve("never.jfr");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:FlightRecorderOptions:repository=" + repository, "-javaagent:" + AgentRun.agentJar() + "=jfr=" + file,
                "-cp", AgentRun.applicationClassPath(), JfrApp.class.getName(), "wait")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (var out = p.inputReader(StandardCharsets.UTF_8)) {
            String line;
            while ((line = out.readLine()) != null && !line.equals("ready")) {
                // the program's output until its regions are done
            }
            Thread.sleep(2_500); // past JFR's one-second flush
            p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        assertTrue(!Files.exists(file) || Files.size(file) == 0, "a killed JVM writes no recording");
        Path chunks;
        try (var dirs = Files.list(repository)) {
            chunks = dirs.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        Path text = tmp.resolve("report.txt");
        AgentRun run = report(chunks.toString(), "--text", text.toString());
        assertEquals(0, run.exit, run.toString());
        assertTrue(run.err.contains(chunks + " is a JFR repository: reading its "), run.err);
        Matcher region = Pattern.compile("\\.JfrApp\\.computeRegion\\(JfrApp\\.java:\\d+\\)\\s+" + JfrApp.REGIONS + "\\s+2 ")
                .matcher(Files.readString(text));
        assertTrue(region.find(), "every region the program ran before it was killed:\n" + Files.readString(text));
    }

    /** A sample is wait exactly when its leaf is an artificial wait frame; the runtime's own code is overhead. */
    @Test
    void everyWaitEndsInItsFrameAndNoWorkInOne() throws Exception {
        Profile profile = ProfiledRun.fold(recording, View.USER);
        for (FoldedStack s : profile.stacks()) {
            Frame leaf = s.frames().get(s.frames().size() - 1);
            if (s.state().isWork()) {
                assertTrue(leaf.kind() != FrameKind.ARTIFICIAL || leaf.name().equals("<OMP-reduction>"), s.toString());
            } else {
                assertEquals(s.state().artificialFrame(), leaf.name(), s.toString());
            }
        }
    }

    @Test
    void theViewOptionChangesTheStacks() throws Exception {
        Path expert = dir.resolve("expert.txt");
        Path machine = dir.resolve("machine.txt");
        assertEquals(0, report(recording.toString(), "--view", "expert", "--collapsed", expert.toString()).exit);
        assertEquals(0, report(recording.toString(), "--view", "machine", "--collapsed", machine.toString()).exit);
        assertTrue(Files.readString(expert).contains("io.github.ompt4j.omp.Omp.critical_[j];<OMP-critical_section_wait>"));
        String raw = Files.readString(machine);
        assertTrue(raw.contains("io.github.ompt4j.omp.ImplicitTask.run_[j]") && !raw.contains("<OMP-"), raw);
    }

    @Test
    void withoutOutputsTheTextReportGoesToStandardOutput() throws Exception {
        AgentRun run = report(recording.toString());
        assertEquals(0, run.exit, run.toString());
        assertTrue(run.out.get(0).startsWith("OpenMP profile of critical.jfr (user view)"), run.toString());
    }

    @Test
    void badArgumentsAreNamed() throws Exception {
        AgentRun none = report();
        assertEquals(2, none.exit);
        assertTrue(none.err.contains("no recording named") && none.err.contains("usage: java -jar ompt-agent.jar report"),
                none.err);
        AgentRun view = report(recording.toString(), "--view", "flat");
        assertEquals(2, view.exit);
        assertTrue(view.err.contains("--view 'flat' is not valid; choose from user, expert, machine"), view.err);
        AgentRun missingValue = report(recording.toString(), "--html");
        assertEquals(2, missingValue.exit);
        assertTrue(missingValue.err.contains("--html needs a value: a file"), missingValue.err);
        AgentRun unknown = report(recording.toString(), "--flame", "x.html");
        assertEquals(2, unknown.exit);
        assertTrue(unknown.err.contains("unknown option '--flame'"), unknown.err);
        AgentRun directory = report(dir.toString());
        assertEquals(1, directory.exit);
        assertTrue(directory.err.matches("(?s).*" + Pattern.quote(dir + " is a directory, not a recording; it holds ")
                + ".*critical\\.jfr.*"), directory.err);
        AgentRun missing = report(dir.resolve("missing.jfr").toString());
        assertEquals(1, missing.exit);
        assertTrue(missing.err.contains("missing.jfr: no such file"), missing.err);
        Path notJfr = Files.writeString(dir.resolve("notes.txt"), "not a recording");
        AgentRun bad = report(notJfr.toString());
        assertEquals(1, bad.exit);
        assertTrue(bad.err.contains("notes.txt is not a readable JFR recording"), bad.err);
        AgentRun help = report("--help");
        assertEquals(0, help.exit);
        assertTrue(String.join("\n", help.out).contains("--timeline"), help.toString());
    }

    @Test
    void aFailedWriteIsOneMessageAndAFailedStatus() throws Exception {
        Path full = Path.of("/dev/full");
        assumeTrue(Files.exists(full), "no " + full + " on this system");
        String message = "ompt4j report: cannot write /dev/full: No space left on device";
        AgentRun text = report(recording.toString(), "--text", full.toString());
        assertEquals(1, text.exit, text.toString());
        assertEquals(List.of(message), ompt4jLines(text.err), text.toString());

        Process stdout = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                AgentRun.agentJar().toString(), "report", recording.toString()).redirectOutput(full.toFile()).start();
        String err = new String(stdout.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(stdout.waitFor(120, TimeUnit.SECONDS));
        assertEquals(1, stdout.exitValue(), err);
        assertEquals(List.of("ompt4j report: cannot write the report to standard output"), ompt4jLines(err));

        // At exit the program's status is its own; the failed output is said, and where the recording is, which is
        // kept (in the test's own temporary directory, not the machine's).
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        AgentRun atExit = AgentRun.runWithJvmOptions(AgentRun.applicationClassPath(), List.of("-Djava.io.tmpdir=" + tmp),
                "profile=wall,report=/dev/full,flame=" + dir.resolve("exit-flame.html"), Map.of(), HelloApp.class);
        assertEquals(0, atExit.exit, atExit.toString());
        assertTrue(ompt4jLines(atExit.err).contains(message), atExit.toString());
        assertTrue(Files.isRegularFile(dir.resolve("exit-flame.html")), "the other output is written: " + atExit);
        List<Path> kept;
        try (Stream<Path> files = Files.list(tmp)) {
            kept = files.filter(f -> f.getFileName().toString().startsWith("ompt4j-recording-")).collect(Collectors.toList());
        }
        assertEquals(1, kept.size(), atExit.toString());
        assertTrue(atExit.err.contains("the recording is in " + kept.get(0)), atExit.toString());
        assertTrue(Files.size(kept.get(0)) > 0, "the recording is written");
    }

    @Test
    void aRecordingWithoutTheAgentIsTheMachineViewOnly() throws Exception {
        Path plain = dir.resolve("plain.jfr");
        AgentRun run = AgentRun.runWithJvmOptions(AgentRun.applicationClassPath(),
                List.of("-XX:StartFlightRecording:settings=profile,filename=" + plain), null, Map.of(), HelloApp.class);
        assertEquals(0, run.exit, run.toString());
        AgentRun user = report(plain.toString());
        assertEquals(1, user.exit, user.toString());
        assertEquals(1, ompt4jLines(user.err).size(), user.toString());
        assertTrue(user.err.contains("holds no ompt.* events") && user.err.contains("machine view only"), user.err);
        AgentRun machine = report(plain.toString(), "--view", "machine");
        assertEquals(0, machine.exit, machine.toString());
        assertTrue(machine.out.contains("no ompt.* events: recorded without the agent, so no thread has an OpenMP state,"
                + " region or wait, and all sampled time counts as work"), machine.toString());
    }

    private static List<String> ompt4jLines(String err) {
        return err.lines().filter(l -> l.startsWith("ompt4j")).toList();
    }

    @Test
    void bothPagesRenderInHeadlessChromium() throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "headless Chromium (" + CHROMIUM + ") is not installed; the"
                + " HTML pages are not rendered");
        Path html = dir.resolve("render-flame.html");
        Path timeline = dir.resolve("render-timeline.html");
        assertEquals(0, report(recording.toString(), "--html", html.toString(), "--timeline", timeline.toString()).exit);

        String flame = chromium("--dump-dom", html);
        assertTrue(flame.contains("<h1>OpenMP user view: critical.jfr</h1>"), flame);
        Matcher canvas = Pattern.compile("<canvas id=\"canvas\" width=\"\\d+\" height=\"(\\d+)\"").matcher(flame);
        assertTrue(canvas.find() && Integer.parseInt(canvas.group(1)) > 0, "the script sized the graph: " + flame);

        String page = chromium("--dump-dom", timeline);
        assertTrue(page.contains("<body data-rendered=\"true\">"), "the script drew the timeline: " + page);
        for (String state : List.of("work_parallel", "idle", "wait_critical", "wait_barrier_implicit")) {
            assertTrue(page.contains("</i>" + state + "</span>"), state + " in the legend: " + page);
        }
        assertTrue(page.contains("<td>main</td>") && page.contains("<td>omp-worker-0</td>"), page);

        for (Path p : List.of(html, timeline)) {
            Path png = dir.resolve(p.getFileName() + ".png");
            chromium("--screenshot=" + png, p);
            byte[] bytes = Files.readAllBytes(png);
            assertTrue(bytes.length > 10_000 && bytes[1] == 'P' && bytes[2] == 'N' && bytes[3] == 'G', png.toString());
        }
    }

    /** Run headless Chromium on a page, with a fresh profile directory; its standard output. */
    static String chromium(String action, Path page) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory(dir, "chromium");
        Process p = new ProcessBuilder(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + profile, "--window-size=1400,800", action,
                page.toUri().toString()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "chromium did not finish");
        assertEquals(0, p.exitValue(), out);
        return out;
    }
}
