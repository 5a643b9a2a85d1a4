package io.github.ompt4j.profile.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A monitor's class as JFR names it (the JVM's binary name) and as the report shows it (the source's). */
class SourceNameTest {
    @Test
    void arraysAreNamedAsTheSourceWritesThem() {
        assertEquals("double[]", RecordingReader.sourceName("[D"));
        assertEquals("boolean[][]", RecordingReader.sourceName("[[Z"));
        assertEquals("java.lang.String[]", RecordingReader.sourceName("[Ljava.lang.String;"));
        assertEquals("java.util.HashMap", RecordingReader.sourceName("java.util.HashMap"));
    }
}
