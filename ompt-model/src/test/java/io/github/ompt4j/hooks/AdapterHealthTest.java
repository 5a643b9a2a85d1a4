package io.github.ompt4j.hooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class AdapterHealthTest {

    @Test
    void theFirstFailureDisablesTheAdapterWithOneWarningAndLaterOnesAreOnlyCounted() {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        AdapterHealth health = AdapterHealth.of("gadgets");
        try {
            System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
            assertTrue(health.enabled());
            health.failed("gadget begin", new IllegalStateException("boom"));
            health.failed("gadget end", new IllegalStateException("again"));
        } finally {
            System.setErr(err);
        }
        assertFalse(health.enabled());
        assertEquals(2, health.failures());
        String warnings = captured.toString(StandardCharsets.UTF_8);
        assertEquals(1, warnings.lines().count(), warnings);
        assertTrue(warnings.contains("adapter 'gadgets' is disabled after a failure in gadget begin"), warnings);
        assertTrue(warnings.contains("boom"), warnings);
    }
}
