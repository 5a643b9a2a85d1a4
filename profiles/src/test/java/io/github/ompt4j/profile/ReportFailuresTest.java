package io.github.ompt4j.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.Recording;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code report} says when it cannot do what it was asked: an output it cannot write (each in one line
 * naming the file, the others still written, a failed status), a recording made without the agent, a
 * directory; and never an exception's class name.
 */
class ReportFailuresTest {
    private static final Path FULL = Path.of("/dev/full");
    @TempDir
    static Path dir;
    static Path recording;
    private final List<String> messages = new ArrayList<>();

    @BeforeAll
    static void record() throws Exception {
        recording = FoldSpeedBenchmark.generate(dir.resolve("run.jfr"), FoldSpeedBenchmark.THREADS * 100);
    }

    /** Run the command, standard output to {@code out}; its status, and its error stream's lines into {@link #messages}. */
    private int report(OutputStream out, String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = ProfileCommand.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = err.toString(StandardCharsets.UTF_8);
        messages.clear();
        messages.addAll(text.lines().toList());
        assertFalse(text.matches("(?s).*(\\b[A-Z]\\w*(Exception|Error)\\b|java\\.).*"), "no class names: " + text);
        return status;
    }

    private int report(String... args) {
        return report(new ByteArrayOutputStream(), args);
    }

    @Test
    void anOutputThatCannotBeWrittenIsOneMessageNamingItsFile() {
        assumeTrue(Files.exists(FULL), "no " + FULL + " on this system");
        for (OutputFile output : OutputFile.values()) {
            assertEquals(ProfileCommand.FAILED, report(recording.toString(), output.flag(), FULL.toString()),
                    output.flag());
            assertEquals(List.of("ompt4j report: cannot write /dev/full: No space left on device"), messages,
                    output.flag());
        }
        Path nowhere = dir.resolve("no-such-directory").resolve("flame.html");
        assertEquals(ProfileCommand.FAILED, report(recording.toString(), "--html", nowhere.toString()));
        assertEquals(List.of("ompt4j report: cannot write " + nowhere + ": no such file or directory"), messages);
    }

    @Test
    void theOtherOutputsAreStillWritten() throws Exception {
        assumeTrue(Files.exists(FULL), "no " + FULL + " on this system");
        Path text = dir.resolve("report.txt");
        assertEquals(ProfileCommand.FAILED, report(recording.toString(), "--html", FULL.toString(), "--text",
                text.toString()));
        assertEquals(1, messages.size(), messages.toString());
        assertTrue(Files.readString(text).startsWith("OpenMP profile of run.jfr"));
    }

    @Test
    void aReportOnAStandardOutputThatFailsFails() {
        OutputStream full = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("No space left on device");
            }
        };
        assertEquals(ProfileCommand.FAILED, report(full, recording.toString()));
        assertEquals(List.of("ompt4j report: cannot write the report to standard output"), messages);
    }

    @Test
    void aRecordingWithoutTheAgentsEventsIsTheMachineViewOnly() throws Exception {
        Path plain = dir.resolve("plain.jfr");
        try (Recording r = new Recording()) {
            r.enable("jdk.ThreadSleep").withoutThreshold();
            r.start();
            Thread.sleep(5);
            r.stop();
            r.dump(plain);
        }
        Path text = dir.resolve("plain.txt");
        assertEquals(ProfileCommand.FAILED, report(plain.toString(), "--text", text.toString()));
        assertEquals(List.of("ompt4j report: " + plain + " holds no ompt.* events (it was recorded without the agent),"
                + " so its profile is the machine view only, the stacks as sampled: --view machine"), messages);
        assertFalse(Files.exists(text), "nothing written for a view that would not be true");
        assertEquals(ProfileCommand.OK, report(plain.toString(), "--view", "machine", "--text", text.toString()));
        assertTrue(Files.readString(text).contains("\nno ompt.* events: recorded without the agent"));
    }

    @Test
    void aDirectoryIsNotARecording() throws Exception {
        Path out = Files.createDirectories(dir.resolve("out"));
        assertEquals(ProfileCommand.FAILED, report(out.toString()));
        assertEquals(List.of("ompt4j report: " + out + " is a directory, not a recording"), messages);
        Files.copy(recording, out.resolve("recording.jfr"));
        assertEquals(ProfileCommand.FAILED, report(out.toString()));
        assertEquals(List.of("ompt4j report: " + out + " is a directory, not a recording; it holds recording.jfr"),
                messages);
        assertEquals(ProfileCommand.FAILED, report(dir.resolve("missing.jfr").toString()));
        assertEquals(List.of("ompt4j report: " + dir.resolve("missing.jfr") + ": no such file"), messages);
        Path notJfr = Files.writeString(dir.resolve("notes.jfr"), "not a recording");
        assertEquals(ProfileCommand.FAILED, report(notJfr.toString()));
        assertEquals(1, messages.size(), messages.toString());
        assertTrue(messages.get(0).startsWith("ompt4j report: " + notJfr + " is not a readable JFR recording: "),
                messages.toString());
    }
}
