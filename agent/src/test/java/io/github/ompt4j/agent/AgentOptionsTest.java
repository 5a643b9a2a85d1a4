package io.github.ompt4j.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.agent.Option.Switch;
import io.github.ompt4j.profile.OutputFile;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AgentOptionsTest {

    @Test
    void anEntryNamedTwiceCountsOnce() {
        AgentOptions options = AgentOptions.parse("tool=print+com.example.Tool+print,adapters=directives+directives");
        assertEquals(List.of("print", "com.example.Tool"), options.tools);
        assertEquals(List.of("directives"), options.adapters);
    }

    @Test
    void anEmptyEntryIsABadValueWhereverItIs() {
        for (String args : new String[] {"tool=", "tool=print+", "tool=+print", "tool=print++x.Y", "adapters=",
            "adapters=directives+"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse(args));
            assertTrue(e.getMessage().contains("' has an empty entry; "), args + ": " + e.getMessage());
        }
    }

    @Test
    void everyOptionErrorNamesTheOptionAndWhatItAccepts() {
        for (Map.Entry<String, String> option : AgentOptions.HELP.entrySet()) {
            String message = assertThrows(IllegalArgumentException.class,
                    () -> AgentOptions.parse(option.getKey() + "=")).getMessage();
            assertTrue(message.startsWith("agent option " + option.getKey() + "=") && message.endsWith(option.getValue()),
                    message);
        }
        for (String key : List.of("adapters", "log", "profile", "view", "tasks", "mutexes", "carriers")) {
            String message = assertThrows(IllegalArgumentException.class,
                    () -> AgentOptions.parse("profile=wall,out=o," + key + "=nonsense")).getMessage();
            assertTrue(message.matches("agent option " + key + "='nonsense' is not valid; choose from \\[.+]"), message);
        }
    }

    @Test
    void noOptionsMeansTheDefaults() {
        AgentOptions options = AgentOptions.parse("");
        assertEquals(List.of(), options.tools);
        assertEquals(Adapters.NAMES, options.adapters);
        assertEquals(AgentLog.Level.WARN, options.log);
    }

    @Test
    void outPutsEveryOutputAndTheRecordingInOneDirectoryAndANamedFileWins() {
        AgentOptions options = AgentOptions.parse("profile=wall,out=o,flame=elsewhere/f.html");
        assertEquals("o/recording.jfr", options.jfr);
        assertEquals(Map.of(OutputFile.HTML, Path.of("elsewhere/f.html"), OutputFile.TIMELINE, Path.of("o/timeline.html"),
                OutputFile.TEXT, Path.of("o/report.txt"), OutputFile.COLLAPSED, Path.of("o/stacks.txt"), OutputFile.PPROF,
                Path.of("o/profile.pb.gz"), OutputFile.OTLP, Path.of("o/profile.otlp.pb"), OutputFile.CHROME_TRACE,
                Path.of("o/trace.json")), options.outputs);
        assertEquals(AgentOptions.DEFAULT_INTERVAL_NANOS, options.intervalNanos);
        assertTrue(options.records());
        assertFalse(AgentOptions.parse("tool=print").records());
        assertTrue(AgentOptions.parse("report=r.txt").records(), "an output needs a recording, if only a temporary one");
    }

    @Test
    void intervalsNeedAUnitAndAPositiveValue() {
        assertEquals(10_000_000, AgentOptions.interval("10ms"));
        assertEquals(500_000, AgentOptions.interval("500us"));
        assertEquals(1_000_000_000, AgentOptions.interval("1S"));
        assertEquals(250, AgentOptions.interval("250ns"));
        for (String bad : new String[] {"10", "ms", "0ms", "-1ms", "1.5ms", "10 min", "99999999999999999999s"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AgentOptions.interval(bad));
            assertEquals("agent option interval='" + bad + "' is not a positive time with a unit: 10ms, 500us, 1s",
                    e.getMessage());
        }
    }

    @Test
    void aThresholdMayBeZero() {
        assertEquals(0, AgentOptions.parse("threshold=0").thresholdNanos);
        assertEquals(0, AgentOptions.parse("threshold=0ms").thresholdNanos);
        assertEquals(2_000_000, AgentOptions.parse("threshold=2ms").thresholdNanos);
        assertEquals(-1, AgentOptions.parse("").thresholdNanos);
        for (String bad : new String[] {"10", "ms", "-1ms", "1.5ms"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> AgentOptions.parse("threshold=" + bad));
            assertEquals("agent option threshold='" + bad + "' is not a time with a unit: 0, 10ms, 500us, 1s",
                    e.getMessage());
        }
    }

    @Test
    void samplingThatNothingKeepsAndAnIntervalWithoutSamplingAreErrors() {
        IllegalArgumentException lost = assertThrows(IllegalArgumentException.class,
                () -> AgentOptions.parse("profile=cpu"));
        assertTrue(lost.getMessage().startsWith("agent option profile=cpu samples, but nothing would keep the samples"),
                lost.getMessage());
        IllegalArgumentException alone = assertThrows(IllegalArgumentException.class,
                () -> AgentOptions.parse("interval=5ms,jfr=x.jfr"));
        assertTrue(alone.getMessage().contains("add profile=cpu, wall or itimer"), alone.getMessage());
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("flame="));
        assertTrue(empty.getMessage().startsWith("agent option flame= needs a value"), empty.getMessage());
        IllegalArgumentException mode = assertThrows(IllegalArgumentException.class,
                () -> AgentOptions.parse("profile=alloc,jfr=x.jfr"));
        assertEquals("agent option profile='alloc' is not valid; choose from [off, cpu, wall, itimer]", mode.getMessage());
    }

    @Test
    void completableNeedsForkjoin() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AgentOptions.parse("adapters=streams+completable"));
        assertTrue(e.getMessage().startsWith("agent option adapters='streams+completable': completable needs forkjoin"),
                e.getMessage());
        assertEquals(List.of("forkjoin", "completable"), AgentOptions.parse("adapters=forkjoin+completable").adapters);
    }

    @Test
    void tasksIsOnOffOrWhatTheSettingsSay() {
        assertEquals(Switch.ON, AgentOptions.parse("tasks=ON,jfr=x.jfr").tasks);
        assertEquals(Switch.AS_SETTINGS, AgentOptions.parse("jfr=x.jfr").tasks);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("tasks=yes"));
        assertEquals("agent option tasks='yes' is not valid; choose from [on, off]", e.getMessage());
    }

    @Test
    void mutexesIsOnOffOrWhatTheSettingsSay() {
        assertEquals(Switch.ON, AgentOptions.parse("mutexes=on,jfr=x.jfr").mutexes);
        assertEquals(Switch.OFF, AgentOptions.parse("mutexes=Off,jfr=x.jfr").mutexes);
        assertEquals(Switch.AS_SETTINGS, AgentOptions.parse("jfr=x.jfr").mutexes);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> AgentOptions.parse("mutexes=1"));
        assertEquals("agent option mutexes='1' is not valid; choose from [on, off]", e.getMessage());
    }

    @Test
    void carriersAreOffUnlessAskedAndNeedForkJoin() {
        assertEquals(false, AgentOptions.parse("").carriers);
        assertEquals(true, AgentOptions.parse("carriers=on").carriers);
        assertEquals(false, AgentOptions.parse("carriers=off").carriers);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AgentOptions.parse("carriers=on,adapters=streams"));
        assertEquals("agent option carriers=on needs the forkjoin adapter (the carriers are a ForkJoinPool's workers)",
                e.getMessage());
    }
}
