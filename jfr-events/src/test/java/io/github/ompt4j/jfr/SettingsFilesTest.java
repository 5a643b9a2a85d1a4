package io.github.ompt4j.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.jfr.events.ControlEvent;
import io.github.ompt4j.jfr.events.DispatchEvent;
import io.github.ompt4j.jfr.events.OmptEventTypes;
import io.github.ompt4j.jfr.events.OriginEvent;
import io.github.ompt4j.jfr.events.SyncRegionEvent;
import io.github.ompt4j.jfr.events.SyncRegionWaitEvent;
import io.github.ompt4j.jfr.events.TaskEvent;
import io.github.ompt4j.jfr.events.WorkEvent;
import java.io.File;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import jdk.jfr.Configuration;
import jdk.jfr.Event;
import jdk.jfr.EventType;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openjdk.jmc.flightrecorder.configuration.events.EventConfiguration;
import org.openjdk.jmc.flightrecorder.configuration.events.SchemaVersion;

/** The .jfc files: complete, accepted by JFR and by JMC's template schema, and their options work on the command line. */
class SettingsFilesTest {
    private static final Path JFC = Path.of("src", "main", "jfc");

    /** The JDK's event the files configure too: the report blames a monitor's waits on its previous owner. */
    private static final String MONITOR_ENTER = "jdk.JavaMonitorEnter";

    private static Map<String, String> settings(String file) throws Exception {
        try (Reader in = Files.newBufferedReader(JFC.resolve(file), StandardCharsets.UTF_8)) {
            return Configuration.create(in).getSettings();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ompt.jfc", "ompt-profile.jfc"})
    void everyEventTypeIsConfiguredWithThresholdsAndStackTraces(String file) throws Exception {
        Map<String, String> settings = settings(file);
        Set<String> configured = settings.keySet().stream().map(k -> k.substring(0, k.indexOf('#')))
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> types = OmptEventTypes.ALL.stream().map(OmptEventTypes::nameOf)
                .collect(Collectors.toCollection(TreeSet::new));
        types.add(MONITOR_ENTER);
        assertEquals(types, configured, "one <event> per type, and the JDK's monitor entries; no stray names");
        assertEquals(settings.get("ompt.SyncRegionWait#threshold"), settings.get(MONITOR_ENTER + "#threshold"),
                "a monitor's wait is kept as a barrier's is");
        for (Class<? extends Event> type : OmptEventTypes.ALL) {
            String name = OmptEventTypes.nameOf(type);
            boolean duration = OmptEventTypes.SPANS.contains(type);
            boolean periodic = settings.containsKey(name + "#period");
            assertEquals(duration, settings.containsKey(name + "#threshold"), name + ": a threshold for every span");
            assertEquals(!periodic, settings.containsKey(name + "#stackTrace"), name + ": a stack-trace setting");
            boolean stack = Boolean.parseBoolean(settings.getOrDefault(name + "#stackTrace", "false"));
            assertEquals(name.equals(OriginEvent.NAME) || name.equals(ControlEvent.NAME), stack, name);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"ompt.jfc", "ompt-profile.jfc"})
    void jmcsTemplateSchemaAcceptsTheFile(String file) throws Exception {
        try (InputStream in = Files.newInputStream(JFC.resolve(file))) {
            EventConfiguration.validate(in, file, SchemaVersion.V2);
        }
    }

    @Test
    void theProfileDiffersOnlyInTheCostlyEventsAndTheSamplingPeriod() throws Exception {
        Map<String, String> base = new TreeMap<>(settings("ompt.jfc"));
        Map<String, String> profile = new TreeMap<>(settings("ompt-profile.jfc"));
        Set<String> differing = base.keySet().stream().filter(k -> !base.get(k).equals(profile.get(k)))
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(Set.of("ompt.Task#enabled", "ompt.Dispatch#enabled", "ompt.ThreadState#period",
                        "ompt.VirtualThreadMount#enabled", "ompt.ThreadState#virtualThreads"), differing,
                "mutex waits (ompt.MutexAcquire) and holds (ompt.MutexHeld) stay off in both: the state samples"
                        + " name waits and their holders; so do task creations, one instant per task. Virtual"
                        + " threads' stretches on their carriers are for async-profiler's samples, which name the"
                        + " carrier (JFR's own name the virtual thread); a parked virtual thread's state samples are"
                        + " what shows it waiting");
    }

    /**
     * Every span whose count grows with the program's joins, barriers and tasks has a threshold in both files,
     * as JFR's parks have: the rate of each is bounded by a thousand a second per thread.
     */
    @ParameterizedTest
    @ValueSource(strings = {"ompt.jfc", "ompt-profile.jfc"})
    void theSpansOfFineGrainedConstructsHaveAThreshold(String file) throws Exception {
        Map<String, String> settings = settings(file);
        for (String event : List.of(SyncRegionEvent.NAME, SyncRegionWaitEvent.NAME, WorkEvent.NAME, DispatchEvent.NAME,
                TaskEvent.NAME)) {
            assertEquals("1 ms", settings.get(event + "#threshold"), file + ": " + event);
        }
        assertEquals("false", settings.get("ompt.TaskCreate#enabled"), file);
    }

    @Test
    void optionsOnTheCommandLineChangeTheSettings(@TempDir Path dir) throws Exception {
        Path recording = dir.resolve("options.jfr");
        String jfc = JFC.resolve("ompt.jfc").toAbsolutePath().toString();
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:StartFlightRecording:settings=default,settings=" + jfc
                        + ",ompt-tasks=true,ompt-sync-threshold=2ms,filename=" + recording,
                "-cp", System.getProperty("java.class.path"), RegisterEventTypes.class.getName());
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile())
                .start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), Files.readString(dir.resolve("out.txt")));
        Map<String, String> active = new TreeMap<>();
        for (RecordedEvent e : Recorded.read(recording).of("jdk.ActiveSetting")) {
            active.put(e.getString("name") + "@" + e.getLong("id"), e.getString("value"));
        }
        // Type IDs are the forked JVM's: take them from the recording's metadata.
        Map<String, Long> ids = new TreeMap<>();
        try (RecordingFile in = new RecordingFile(recording)) {
            for (EventType type : in.readEventTypes()) {
                ids.put(type.getName(), type.getId());
            }
        }
        assertEquals("true", active.get("enabled@" + ids.get(TaskEvent.NAME)), active.toString());
        assertEquals("2 ms", active.get("threshold@" + ids.get(SyncRegionWaitEvent.NAME)));
        assertEquals("true", active.get("stackTrace@" + ids.get(OriginEvent.NAME)));
        assertTrue(new File(recording.toString()).length() > 0);
    }
}
