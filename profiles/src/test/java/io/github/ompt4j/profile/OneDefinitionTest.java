package io.github.ompt4j.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.profile.model.FoldedStack;
import io.github.ompt4j.profile.model.OmpState;
import io.github.ompt4j.profile.model.Profile;
import io.github.ompt4j.profile.model.View;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sample counts as OMP wait exactly when its leaf is an artificial wait frame, so that every table of the
 * report gives a wait the same time: on a recording whose members are sampled in their own code while the
 * spans say they wait at a barrier (the two clocks disagree), the waits table and the functions table agree.
 */
class OneDefinitionTest {
    @TempDir
    Path dir;

    @Test
    void theWaitsTableAndTheFunctionsTableGiveAWaitTheSameTime() throws Exception {
        Path recording = FoldSpeedBenchmark.generate(dir.resolve("run.jfr"), FoldSpeedBenchmark.THREADS * 200);
        Profile profile = JfrToProfile.fold(recording, View.USER).profile();
        List<FoldedStack> waiting = profile.stacks().stream().filter(s -> !s.state().isWork()).toList();
        assertTrue(!waiting.isEmpty() && waiting.stream().allMatch(s -> s.frames().get(s.frames().size() - 1).name()
                .equals(s.state().artificialFrame())), "every wait ends in its frame: " + waiting);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(ProfileCommand.OK, ProfileCommand.run(List.of(recording.toString()),
                new PrintStream(out, true, StandardCharsets.UTF_8), System.err));
        String report = out.toString(StandardCharsets.UTF_8);
        String frame = Pattern.quote(OmpState.WAIT_BARRIER_EXPLICIT.artificialFrame());
        Matcher waits = Pattern.compile("\\n  " + frame + "\\s+([\\d.]+ ms)").matcher(report);
        Matcher functions = Pattern.compile("\\n\\s+[\\d.]+ ms\\s+([\\d.]+ ms)\\s+[\\d.]+ ms\\s+[\\d.]+ ms  " + frame)
                .matcher(report);
        assertTrue(waits.find() && functions.find(), report);
        assertTrue(!waits.group(1).equals("0.0 ms"), report);
        assertEquals(waits.group(1), functions.group(1), report);
    }

    /** A working thread with no frame of the program (no Java frame at all here) is overhead, never an empty stack. */
    @Test
    void aWorkingSampleWithNoFrameOfTheProgramIsOverhead() throws Exception {
        Path recording = FoldSpeedBenchmark.generate(dir.resolve("run.jfr"), FoldSpeedBenchmark.THREADS * 200, false);
        Profile profile = JfrToProfile.fold(recording, View.USER).profile();
        String overhead = OmpState.OVERHEAD.artificialFrame();
        assertTrue(profile.stacks().stream().anyMatch(s -> s.state() == OmpState.OVERHEAD) && profile.stacks().stream()
                .allMatch(s -> !s.frames().isEmpty() && !s.state().isWork() && (s.state() != OmpState.OVERHEAD
                        || s.frames().get(s.frames().size() - 1).name().equals(overhead))), profile.stacks().toString());
    }
}
