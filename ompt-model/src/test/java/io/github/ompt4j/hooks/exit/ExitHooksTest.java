package io.github.ompt4j.hooks.exit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The exit actions run once, in order, each turn in its place, and one that fails neither stops the others nor
 * escapes. One test, because the actions run once per JVM, as they do at a real exit.
 */
class ExitHooksTest {
    @Test
    void actionsRunOnceInOrderAndAFailureIsReportedAndContained() {
        List<String> ran = new ArrayList<>();
        ExitHooks.addAfterShutdownHooks(() -> ran.add("runtime_shutdown"));
        ExitHooks.add(() -> ran.add("stop the profiler"));
        ExitHooks.add(() -> {
            throw new IllegalStateException("the recording is gone");
        });
        ExitHooks.add(() -> ran.add("write the outputs"));
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            ExitHooks.beforeShutdownHooks();
            ExitHooks.add(() -> ran.add("added too late"));
            ExitHooks.beforeShutdownHooks();
            ran.add("the application's shutdown hooks");
            ExitHooks.fromShutdownHook();
            ExitHooks.afterShutdownHooks();
            ExitHooks.afterShutdownHooks();
        } finally {
            System.setErr(err);
        }
        assertEquals(List.of("stop the profiler", "write the outputs", "the application's shutdown hooks",
                "runtime_shutdown"), ran);
        String said = captured.toString(StandardCharsets.UTF_8);
        assertEquals(1, said.lines().count(), said);
        assertTrue(said.startsWith("ompt4j [warn] an exit action failed: java.lang.IllegalStateException: the recording"
                + " is gone"), said);
    }
}
