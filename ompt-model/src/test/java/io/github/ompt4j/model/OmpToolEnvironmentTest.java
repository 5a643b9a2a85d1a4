package io.github.ompt4j.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code OMP_TOOL} as the environment gives it, in forked JVMs (the illegal value must end the program). */
class OmpToolEnvironmentTest {

    private static final class Run {
        final int exit;
        final String out;
        final String err;

        Run(int exit, String out, String err) {
            this.exit = exit;
            this.out = out;
            this.err = err;
        }
    }

    private static Run fork(String ompTool, String tools) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                ForkedStart.class.getName(), tools));
        if (ompTool == null) {
            pb.environment().remove("OMP_TOOL");
        } else {
            pb.environment().put("OMP_TOOL", ompTool);
        }
        Process p = pb.start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("forked JVM did not finish");
        }
        return new Run(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    @Test
    void anIllegalValueIsAFatalErrorThatNamesTheVariableAndTheValidValues() throws Exception {
        Run run = fork(" verbose ", "");
        assertEquals(1, run.exit);
        assertTrue(run.err.contains("OMP_TOOL has the illegal value ' verbose '"), run.err);
        assertTrue(run.err.contains("'enabled' and 'disabled'"), run.err);
        assertFalse(run.out.contains("tools"), "the program must not go on");
    }

    @Test
    void unsetMeansEnabledAndServiceLoadedToolsAreInitialized() throws Exception {
        Run run = fork(null, "");
        assertEquals(0, run.exit, run.err);
        assertTrue(run.out.contains("service-loaded tool initialized by ompt4j"), run.out);
        assertTrue(run.out.contains("OMPT 2"), run.out);
        assertTrue(run.out.contains("service-loaded tool saw ompt_thread_initial 1"), run.out);
    }

    @Test
    void emptyOrBlankMeansUnset() throws Exception {
        for (String empty : new String[] {"", "  "}) {
            Run run = fork(empty, "");
            assertEquals(0, run.exit, run.err);
            assertTrue(run.out.contains("tools enabled"), run.out);
            assertTrue(run.out.contains("service-loaded tool saw ompt_thread_initial 1"), run.out);
        }
    }

    @Test
    void aNamedToolThatCannotBeLoadedIsAFatalErrorThatNamesIt() throws Exception {
        Run run = fork(null, "print,com.example.Missing");
        assertEquals(1, run.exit, run.out + run.err);
        // The agent names its option (AgentStartupIT): the model names the tool.
        assertTrue(run.err.contains("'com.example.Missing' cannot be loaded"), run.err);
        assertFalse(run.out.contains("tools"), "the program must not go on");
        assertFalse(run.out.contains("ompt_event_"), "no tool was initialized: " + run.out);
    }

    @Test
    void disabledInAnyCaseSkipsEveryTool() throws Exception {
        Run run = fork("\tDISABLED ", "print");
        assertEquals(0, run.exit, run.err);
        assertTrue(run.out.contains("tools disabled"), run.out);
        assertFalse(run.out.contains("service-loaded"), run.out);
        assertFalse(run.out.contains("ompt_event_"), run.out);
    }

    @Test
    void theNamedPrintToolAndTheProviderBothRun() throws Exception {
        Run run = fork(" Enabled", "print");
        assertEquals(0, run.exit, run.err);
        assertTrue(run.out.contains("1: ompt_event_thread_begin: thread_type=ompt_thread_initial=1, thread_id=1"), run.out);
        assertTrue(run.out.contains("1: ompt_event_initial_task_begin: task_id=0x"), run.out);
        assertTrue(run.out.contains("service-loaded tool saw ompt_thread_initial 1"), run.out);
        assertTrue(run.out.contains("ompt_event_runtime_shutdown"), "shutdown at JVM exit: " + run.out);
    }
}
