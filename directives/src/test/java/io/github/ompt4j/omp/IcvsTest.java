package io.github.ompt4j.omp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class IcvsTest {

    private static Icvs parse(String... keyValues) {
        Map<String, String> env = new java.util.HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            env.put(keyValues[i], keyValues[i + 1]);
        }
        return Icvs.parse(env::get);
    }

    @Test
    void defaults() {
        Icvs icvs = parse();
        assertArrayEquals(new int[] {Runtime.getRuntime().availableProcessors()}, icvs.numThreads());
        assertEquals(Schedule.dynamic(), icvs.runSchedule());
        assertFalse(icvs.dynamic());
        assertEquals(1, icvs.maxActiveLevels());
        assertEquals(Math.max(256, 16 * Runtime.getRuntime().availableProcessors()), icvs.threadLimit());
        assertEquals(WaitPolicy.DEFAULT, icvs.waitPolicy());
        assertEquals(0, icvs.stackSize());
        assertEquals("FALSE", icvs.displayEnv());
    }

    @Test
    void everyVariable() {
        Icvs icvs = parse("OMP_NUM_THREADS", " 4, 2 ", "OMP_SCHEDULE", "nonmonotonic:guided,7", "OMP_DYNAMIC", "TRUE",
                "OMP_THREAD_LIMIT", "16", "OMP_WAIT_POLICY", "Passive", "OMP_STACKSIZE", "2M",
                "OMP_DISPLAY_ENV", "verbose");
        assertArrayEquals(new int[] {4, 2}, icvs.numThreads());
        assertEquals(2, icvs.maxActiveLevels(), "a nested list enables as many levels as it has entries");
        assertEquals(Schedule.guided(7), icvs.runSchedule());
        assertTrue(icvs.dynamic());
        assertEquals(16, icvs.threadLimit());
        assertEquals(WaitPolicy.PASSIVE, icvs.waitPolicy());
        assertEquals(2L << 20, icvs.stackSize());
        assertEquals("VERBOSE", icvs.displayEnv());
    }

    @Test
    void nestedAndMaxActiveLevels() {
        assertEquals(Icvs.SUPPORTED_ACTIVE_LEVELS, parse("OMP_NESTED", "true").maxActiveLevels());
        assertEquals(1, parse("OMP_NESTED", "false", "OMP_NUM_THREADS", "2,2").maxActiveLevels());
        assertEquals(3, parse("OMP_NESTED", "false", "OMP_MAX_ACTIVE_LEVELS", "3").maxActiveLevels());
        assertEquals(0, parse("OMP_MAX_ACTIVE_LEVELS", "0").maxActiveLevels());
    }

    @Test
    void stackSizeUnits() {
        assertEquals(512L << 10, parse("OMP_STACKSIZE", "512").stackSize());
        assertEquals(100, parse("OMP_STACKSIZE", "100b").stackSize());
        assertEquals(64L << 10, parse("OMP_STACKSIZE", "64 K").stackSize());
        assertEquals(1L << 30, parse("OMP_STACKSIZE", "1G").stackSize());
    }

    @Test
    void schedules() {
        assertEquals(Schedule.staticSchedule(), Schedule.parse("static"));
        assertEquals(Schedule.staticChunked(4), Schedule.parse(" STATIC , 4"));
        assertEquals(Schedule.dynamic(1), Schedule.parse("monotonic:dynamic,1"));
        assertEquals(Schedule.auto(), Schedule.parse("auto"));
        assertEquals("guided,3", Schedule.guided(3).toString());
        assertEquals(3, Schedule.guided(3).kind().code());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "OMP_NUM_THREADS|four|positive integer",
        "OMP_NUM_THREADS|4,0|positive integer",
        "OMP_NUM_THREADS|4,|positive integer",
        "OMP_SCHEDULE|fastest|auto[,chunk]",
        "OMP_SCHEDULE|dynamic,0|positive chunk",
        "OMP_SCHEDULE|auto,4|positive chunk",
        "OMP_SCHEDULE|sideways:static|monotonic",
        "OMP_DYNAMIC|yes|true or false",
        "OMP_NESTED|1|true or false",
        "OMP_MAX_ACTIVE_LEVELS|-1|integer >= 0",
        "OMP_THREAD_LIMIT|0|integer >= 1",
        "OMP_WAIT_POLICY|lazy|active or passive",
        "OMP_STACKSIZE|big|B, K, M or G",
        "OMP_STACKSIZE|-4M|B, K, M or G",
        "OMP_DISPLAY_ENV|loud|true, false or verbose",
    })
    void malformedValuesNameTheVariableTheValueAndWhatIsAccepted(String variable, String value, String accepted) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse(variable, value));
        assertTrue(e.getMessage().contains(variable + "='" + value + "'"), e.getMessage());
        assertTrue(e.getMessage().contains(accepted), e.getMessage());
    }

    @Test
    void displayPrintsEveryIcv() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        parse("OMP_NUM_THREADS", "3,2", "OMP_SCHEDULE", "static,5")
                .display(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String text = bytes.toString(StandardCharsets.UTF_8);
        assertTrue(text.startsWith("OPENMP DISPLAY ENVIRONMENT BEGIN"), text);
        assertTrue(text.contains("OMP_NUM_THREADS = '3,2'"), text);
        assertTrue(text.contains("OMP_SCHEDULE = 'STATIC,5'"), text);
        assertTrue(text.contains("OMP_MAX_ACTIVE_LEVELS = '2'"), text);
        assertTrue(text.trim().endsWith("OPENMP DISPLAY ENVIRONMENT END"), text);
    }
}
