package io.github.ompt4j.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.jfr.events.ParallelRegionEvent;
import io.github.ompt4j.jfr.events.TaskEvent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Settings by name: the JDK's configurations plus ours, or a file; and which types they switch on. */
class JfrSettingsTest {

    @Test
    void theDefaultIsTheJdksDefaultPlusOmptJfc() {
        Map<String, String> settings = JfrSettings.resolve(JfrSettings.DEFAULT);
        assertEquals("true", settings.get("jdk.ThreadPark#enabled"), "the JDK's own events are still there");
        assertEquals("20 ms", settings.get("jdk.ThreadPark#threshold"), "the JDK default configuration");
        assertEquals("false", settings.get("ompt.ParallelRegion#stackTrace"), "the region's stack is its origin's");
        assertEquals("true", settings.get("ompt.Origin#stackTrace"));
        assertEquals("false", settings.get("ompt.Task#enabled"));
        assertEquals("20 ms", settings.get("ompt.ThreadState#period"));
    }

    @Test
    void theProfileSwitchesOnTasksAndChunksAndSamplesMutexWaits() {
        Map<String, String> settings = JfrSettings.resolve(JfrSettings.PROFILE);
        assertEquals("10 ms", settings.get("jdk.ThreadPark#threshold"), "the JDK profile configuration");
        assertEquals("true", settings.get("ompt.Task#enabled"));
        assertEquals("false", settings.get("ompt.MutexAcquire#enabled"), "waits come from the state samples");
        assertEquals("10 ms", settings.get("ompt.ThreadState#period"));
        assertEquals("10 us", settings.get("ompt.MutexAcquire#threshold"), "one flag away");
        assertEquals("true", settings.get("ompt.Dispatch#enabled"));
    }

    @Test
    void everySpanIsKeptUnderAZeroThresholdInAnyUnitOrNone() {
        for (String zero : new String[] {"0 ms", "0 ns", " 0 s ", "0", "00ms"}) {
            assertTrue(JfrSettings.keepsEvery(Map.of("ompt.Task#threshold", zero), TaskEvent.class), zero);
        }
        assertTrue(JfrSettings.keepsEvery(Map.of(), TaskEvent.class), "no threshold is JFR's zero");
        for (String some : new String[] {"1 ms", "10 us", "0.5 ms", "100 ns"}) {
            assertFalse(JfrSettings.keepsEvery(Map.of("ompt.Task#threshold", some), TaskEvent.class), some);
        }
        assertTrue(JfrSettings.keepsEvery(Map.of("ompt.Task#threshold", "1 ms"), ParallelRegionEvent.class),
                "by type: the region's threshold is not set there");
        assertFalse(JfrSettings.keepsEvery(JfrSettings.resolve(JfrSettings.PROFILE), TaskEvent.class),
                "the profile keeps tasks of at least 1 ms");
    }

    @Test
    void aPathIsReadAsItIsAndABadNameIsAClearError() throws Exception {
        Path jfc = Files.createTempFile("mine", ".jfc");
        try {
            Files.writeString(jfc, "<?xml version=\"1.0\"?><configuration version=\"2.0\">"
                    + "<event name=\"ompt.Task\"><setting name=\"enabled\">true</setting></event></configuration>");
            Map<String, String> settings = JfrSettings.resolve(jfc.toString());
            assertEquals(Map.of("ompt.Task#enabled", "true"), settings);
            assertTrue(JfrSettings.enables(settings, TaskEvent.class));
            assertTrue(JfrSettings.enables(settings, ParallelRegionEvent.class), "unnamed: the type's own default");
            assertFalse(JfrSettings.enables(Map.of(), TaskEvent.class), "@Enabled(false) by default");
        } finally {
            Files.delete(jfc);
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JfrSettings.resolve("nope.jfc"));
        assertTrue(e.getMessage().startsWith("ompt4j.jfr.settings='nope.jfc' is not 'ompt', 'profile' or a readable"),
                e.getMessage());
    }

    @Test
    void settingsWrittenAsAJfcReadBackTheSame() throws Exception {
        Map<String, String> settings = JfrSettings.resolve(JfrSettings.PROFILE);
        settings.put("ompt.Odd#threshold", "<&\"> ms");
        Path jfc = Files.createTempFile("written", ".jfc");
        try {
            Files.writeString(jfc, JfrSettings.toJfc(settings));
            assertEquals(settings, JfrSettings.resolve(jfc.toString()));
        } finally {
            Files.delete(jfc);
        }
    }
}
