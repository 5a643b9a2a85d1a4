package io.github.ompt4j.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.profile.model.View;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report command's arguments, and its answers to bad ones. */
class ReportOptionsTest {
    @TempDir
    Path dir;

    private static String message(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> ReportOptions.parse(List.of(args))).getMessage();
    }

    @Test
    void everyOptionIsRead() {
        ReportOptions o = ReportOptions.parse(List.of("--view", "expert", "run.jfr", "--html", "f.html", "--collapsed",
                "c.txt", "--text", "r.txt", "--timeline", "t.html", "--pprof", "p.pb.gz", "--otlp", "o.pb", "--chrome-trace",
                "trace.json", "--threads", "--title", "My run"));
        assertEquals(Path.of("run.jfr"), o.recording);
        assertEquals(View.EXPERT, o.view);
        assertEquals(Path.of("f.html"), o.file(OutputFile.HTML));
        assertEquals(Path.of("c.txt"), o.file(OutputFile.COLLAPSED));
        assertEquals(Path.of("r.txt"), o.file(OutputFile.TEXT));
        assertEquals(Path.of("t.html"), o.file(OutputFile.TIMELINE));
        assertEquals(Path.of("p.pb.gz"), o.file(OutputFile.PPROF));
        assertEquals(Path.of("o.pb"), o.file(OutputFile.OTLP));
        assertEquals(Path.of("trace.json"), o.file(OutputFile.CHROME_TRACE));
        assertTrue(o.threads);
        assertEquals("My run", o.title);
        assertFalse(o.textToStandardOutput());
    }

    @Test
    void defaultsAreTheUserViewAndTheTextReportOnStandardOutput() {
        ReportOptions o = ReportOptions.parse(List.of("run.jfr"));
        assertEquals(View.USER, o.view);
        assertNull(o.file(OutputFile.HTML));
        assertTrue(o.textToStandardOutput());
        assertEquals("OpenMP user view: run.jfr", o.title);
    }

    @Test
    void anExportAloneIsAnOutput() {
        assertFalse(ReportOptions.parse(List.of("run.jfr", "--pprof", "p.pb.gz")).textToStandardOutput());
        assertFalse(ReportOptions.parse(List.of("run.jfr", "--otlp", "o.pb")).textToStandardOutput());
        assertFalse(ReportOptions.parse(List.of("run.jfr", "--chrome-trace", "t.json")).textToStandardOutput());
        assertTrue(ReportOptions.USAGE.contains("--pprof") && ReportOptions.USAGE.contains("--otlp")
                && ReportOptions.USAGE.contains("--chrome-trace"), ReportOptions.USAGE);
    }

    @Test
    void badArgumentsAreNamedWithWhatIsAccepted() {
        assertEquals("no recording named: give the .jfr file to report on", message());
        assertEquals("--view 'flat' is not valid; choose from user, expert, machine", message("r.jfr", "--view", "flat"));
        assertEquals("--view needs a value: user, expert or machine", message("r.jfr", "--view"));
        assertEquals("--html needs a value: a file", message("r.jfr", "--html", "--text", "x"));
        assertEquals("--chrome-trace needs a value: a file", message("r.jfr", "--chrome-trace"));
        assertEquals("--pprof needs a value: a file", message("r.jfr", "--pprof", "--otlp", "o.pb"));
        assertTrue(message("r.jfr", "--svg", "x").startsWith("unknown option '--svg'; valid options: --view"));
        assertTrue(message("r.jfr", "--svg", "x").contains("--pprof, --otlp, --chrome-trace"));
        assertEquals("one recording at a time: 'a.jfr' and 'b.jfr'", message("a.jfr", "b.jfr"));
    }

    @Test
    void everyOptionErrorNamesTheOptionAndWhatItAccepts() {
        Matcher options = Pattern.compile("--[a-z][a-z-]+").matcher(ReportOptions.USAGE);
        String unknown = message("r.jfr", "--svg");
        int n = 0;
        while (options.find()) {
            n++;
            String option = options.group();
            assertTrue(unknown.contains(option), option + " is among the valid options: " + unknown);
            if (!option.equals("--threads")) {
                String missing = message("r.jfr", option);
                assertTrue(missing.matches(Pattern.quote(option) + " needs a value: \\S.*"), missing);
                assertEquals(missing, message("r.jfr", option, ""), "an empty value is no value");
            }
        }
        assertTrue(n >= 10, "the usage names every option: " + ReportOptions.USAGE);
        assertEquals("--title needs a value: the flame graph's title", message("r.jfr", "--title"));
        assertEquals("unknown option '-x'; valid options: " + ReportOptions.OPTIONS, message("r.jfr", "-x"));
    }

    @Test
    void theCommandReturnsTheStatusAndSaysWhy() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertEquals(ProfileCommand.USAGE, ProfileCommand.run(List.of("--view"), o, e));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("usage: java -jar ompt-agent.jar report"));
        assertEquals(ProfileCommand.OK, ProfileCommand.run(List.of("--help"), o, e));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("usage:"));
        Path notJfr = Files.writeString(dir.resolve("x.jfr"), "plain text");
        err.reset();
        assertEquals(ProfileCommand.FAILED, ProfileCommand.run(List.of(notJfr.toString()), o, e));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("x.jfr is not a readable JFR recording"), err.toString());
    }
}
