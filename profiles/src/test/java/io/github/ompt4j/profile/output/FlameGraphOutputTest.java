package io.github.ompt4j.profile.output;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.profile.model.FoldedStack;
import io.github.ompt4j.profile.model.Frame;
import io.github.ompt4j.profile.model.OmpState;
import io.github.ompt4j.profile.model.Profile;
import io.github.ompt4j.profile.model.View;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import one.convert.Arguments;
import one.convert.FlameGraph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The converter's outputs for a user-model profile, read back with the converter's own parsers. */
class FlameGraphOutputTest {
    @TempDir
    Path dir;

    private static Profile profile() {
        return ProfileFixture.userModel();
    }

    @Test
    void collapsedStacksMergeThreadsAndMarkArtificialFrames() throws Exception {
        Path collapsed = dir.resolve("c.txt");
        FlameGraphOutput.collapsed(profile(), false, collapsed);
        assertEquals(List.of(
                "<OMP-idle>_[k] 5",
                "com.example.App.main_[j];com.example.App.solve_[j];<OMP-implicit_barrier>_[k] 20",
                "com.example.App.main_[j];com.example.App.solve_[j];com.example.App.lambda$solve$0_[j] 120"),
                Files.readAllLines(collapsed).stream().sorted().toList());
    }

    @Test
    void byThreadEachStackStandsOnItsThread() throws Exception {
        Path collapsed = dir.resolve("t.txt");
        FlameGraphOutput.collapsed(profile(), true, collapsed);
        List<String> lines = Files.readAllLines(collapsed);
        assertTrue(lines.contains("[omp-worker-0 tid=17];<OMP-idle>_[k] 5"), lines.toString());
        assertTrue(lines.contains("[main tid=1];com.example.App.main_[j];com.example.App.solve_[j];"
                + "com.example.App.lambda$solve$0_[j] 70"), lines.toString());
    }

    @Test
    void aStackWeighsWhatItsSamplesStandFor() throws Exception {
        // A sampler that fell behind: 10 samples stood for 30 ms at 1 ms, a lone one for a quarter of an interval.
        List<Frame> body = List.of(Frame.java("App.main"), Frame.java("App.spin"));
        Profile behind = new Profile(View.USER, "profiler.WallClockSample", 1_000_000, List.of(ProfileFixture.MAIN),
                List.of(new FoldedStack(ProfileFixture.MAIN, OmpState.WORK_SERIAL, body, 10, 30_000_000, 0),
                        new FoldedStack(ProfileFixture.MAIN, OmpState.IDLE, List.of(Frame.java("App.idle")), 1, 0,
                                250_000)));
        Path collapsed = dir.resolve("behind.txt");
        FlameGraphOutput.collapsed(behind, false, collapsed);
        assertEquals(List.of("App.idle_[j] 1", "App.main_[j];App.spin_[j] 30"),
                Files.readAllLines(collapsed).stream().sorted().toList());
    }

    @Test
    void theHtmlHoldsTheSameStacks() throws Exception {
        Path html = dir.resolve("f.html");
        Path collapsed = dir.resolve("c.txt");
        FlameGraphOutput.html(profile(), "A <title> & more", false, html);
        FlameGraphOutput.collapsed(profile(), false, collapsed);
        String page = Files.readString(html);
        assertTrue(page.contains("<h1>A &lt;title&gt; &amp; more</h1>"), "the title is text, not markup");
        FlameGraph parsed = new FlameGraph(new Arguments("--output", "collapsed"));
        parsed.parseHtml(Files.newBufferedReader(html));
        Path back = dir.resolve("back.txt");
        try (var out = Files.newOutputStream(back)) {
            parsed.dump(out);
        }
        assertEquals(Files.readAllLines(collapsed).stream().sorted().toList(),
                Files.readAllLines(back).stream().sorted().toList());
    }
}
