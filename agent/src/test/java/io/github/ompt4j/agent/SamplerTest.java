package io.github.ompt4j.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.ompt4j.jfr.JfrSettings;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code jfrsync}'s list of settings, as async-profiler applies it. */
class SamplerTest {
    @Test
    void theSettingsListPutsEachEventsEnabledSettingAfterItsOthers() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("jdk.ClassLoad#enabled", "false");
        settings.put("jdk.ClassLoad#threshold", "0 ms");
        settings.put("ompt.Task#enabled", "true");
        settings.put("ompt.Task#threshold", "1 ms");
        assertEquals("+jdk.ClassLoad#threshold=0 ms+ompt.Task#threshold=1 ms"
                + "+jdk.ClassLoad#enabled=false+ompt.Task#enabled=true", Sampler.asList(settings));
    }

    @Test
    void theProfileSettingsGoAsAList() {
        for (String name : new String[] {JfrSettings.PROFILE, JfrSettings.DEFAULT}) {
            assertNotNull(Sampler.asList(JfrSettings.resolve(name)), name + ": every event names its enabled setting");
        }
    }

    @Test
    void settingsTheListCannotCarryGoInAFile() {
        assertNull(Sampler.asList(Map.of("jdk.MethodTrace#filter", "a::b,c::d")), "',' ends async-profiler's option");
        assertNull(Sampler.asList(Map.of("ompt.Odd#note", "1+1")), "'+' ends the list's item");
        assertNull(Sampler.asList(Map.of()), "an empty list would name a file");
        assertNull(Sampler.asList(Map.of("jdk.ClassLoad#threshold", "0 ms")), "the list would switch the event on");
    }
}
