package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.agent.check.FileCheck;
import io.github.ompt4j.jfr.events.ThreadBeginEvent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The agent jar as a user starts it: options, help, OMP_TOOL, the self-test, failures that must not kill. */
class AgentStartupIT {

    @Test
    void helpListsEveryOptionWithItsDefault() throws Exception {
        AgentRun run = AgentRun.exec(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", AgentRun.agentJar().toString(), "--help"), Map.of());
        assertEquals(0, run.exit, run.toString());
        String help = String.join("\n", run.out);
        for (String option : new String[] {"tool ", "adapters ", "log ", "jfr "}) {
            assertTrue(help.contains("  " + option), option + " in\n" + help);
        }
        assertTrue(help.contains("(default: none)"), help);
        assertTrue(help.contains("(default: all)"), help);
        assertTrue(help.contains("(default: warn)"), help);
        assertTrue(help.contains("OMP_TOOL"), help);
    }

    @Test
    void anUnknownKeyStopsStartUpNamingItAndTheValidKeys() throws Exception {
        AgentRun run = AgentRun.run("tool=print,colour=blue", Map.of(), HelloApp.class);
        assertEquals(1, run.exit, run.toString());
        assertTrue(run.err.contains("unknown agent option 'colour'"), run.err);
        assertTrue(run.err.contains("[tool, adapters, log, jfr, tasks, mutexes, threshold, carriers, profile, interval, view, flame, timeline, report,"
                + " collapsed, pprof, otlp, chrome-trace, out, inspect, asyncprofiler, cache]"), run.err);
        assertFalse(run.out.contains("hello from the application"));
    }

    @Test
    void aBadValueStopsStartUpNamingTheKeyAndTheChoices() throws Exception {
        AgentRun adapters = AgentRun.run("adapters=directives+gpu", Map.of(), HelloApp.class);
        assertEquals(1, adapters.exit, adapters.toString());
        assertTrue(adapters.err.contains("adapters='directives+gpu' is not valid; choose from [directives, forkjoin, streams, completable, locks, barriers]"),
                adapters.err);
        AgentRun log = AgentRun.run("log=loud", Map.of(), HelloApp.class);
        assertEquals(1, log.exit, log.toString());
        assertTrue(log.err.contains("log='loud' is not valid; choose from [off, warn, info, debug]"), log.err);
        AgentRun malformed = AgentRun.run("print", Map.of(), HelloApp.class);
        assertEquals(1, malformed.exit, malformed.toString());
        assertTrue(malformed.err.contains("agent option 'print' is not key=value"), malformed.err);
    }

    @Test
    void thePrintToolSeesTheInitialThreadAndShutdownAndTheSelfTestPasses() throws Exception {
        AgentRun run = AgentRun.run("tool=print,log=info", Map.of(), HelloApp.class);
        assertEquals(0, run.exit, run.toString());
        assertTrue(run.out.contains("hello from the application"), run.toString());
        new FileCheck()
                .check("[[MAIN:[0-9]+]]: ompt_event_thread_begin: thread_type=ompt_thread_initial=1, thread_id=[[MAIN]]")
                .next("[[MAIN]]: ompt_event_initial_task_begin: task_id={{0x[0-9a-f]+}}")
                .check("hello from the application")
                .check("ompt_event_runtime_shutdown")
                .match(run.out);
        assertTrue(run.err.contains("adapters directives+forkjoin+streams+completable+locks+barriers+threads+exit installed in"), run.err);
    }

    /** A program that uses the directive library once. */
    public static final class OneRegion {
        public static void main(String[] args) {
            io.github.ompt4j.omp.Omp.parallel(2, () -> { });
            System.out.println("region done");
        }
    }

    @Test
    void theSelfTestPassesAndTheAdaptersAreInstalled() throws Exception {
        AgentRun run = AgentRun.run("tool=print,log=info", Map.of(), OneRegion.class);
        assertEquals(0, run.exit, run.toString());
        assertTrue(run.err.contains("adapters directives+forkjoin+streams+completable+locks+barriers+threads+exit installed in"), run.err);
        assertFalse(run.err.contains("self-test failed"), run.err);
        assertFalse(run.err.contains("[warn]"), run.err);
        assertEquals(1, run.out.stream().filter(l -> l.contains("ompt_event_parallel_begin")).count(), run.toString());
    }

    /**
     * With a recording and nothing tracking yet, the agent weaves before the recording starts (the woven code JFR's
     * start runs stays silent); the recording still has main as the initial thread, its region's encountering thread.
     */
    @Test
    void aRecordingAloneIsStartedWovenAndMainIsItsInitialThread(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("run.jfr");
        AgentRun run = AgentRun.run("profile=wall,log=info,jfr=" + file, Map.of(), OneRegion.class);
        assertEquals(0, run.exit, run.toString());
        assertFalse(run.err.contains("[warn]"), run.err);
        int installed = run.err.indexOf("adapters directives+forkjoin+streams+completable+locks+barriers+threads+exit installed in");
        int sampling = run.err.indexOf("async-profiler samples wall");
        assertTrue(installed >= 0 && sampling > installed, "woven, then the recording started: " + run.err);
        List<RecordedEvent> begins = RecordingFile.readAllEvents(file).stream()
                .filter(e -> e.getEventType().getName().equals(ThreadBeginEvent.NAME)).collect(Collectors.toList());
        RecordedEvent main = begins.stream().filter(e -> e.getThread().getJavaName().equals("main")).findFirst()
                .orElseThrow(() -> new AssertionError("no ompt.ThreadBegin on main: " + begins));
        assertEquals("initial", main.getString("threadType"));
        assertEquals(1, main.getLong("ompThreadId"), "main is the first thread the runtime met");
    }

    /**
     * With a tool that tracks from the start, the agent weaves last, once main has begun as the initial thread:
     * woven first, the recording's start would run woven code on main while tracked, and main would be a thread of
     * type other before its begin ("already attached").
     */
    @Test
    void aToolThatTracksMakesTheAgentWeaveAfterTheInitialThreadBegins(@TempDir Path dir) throws Exception {
        AgentRun run = AgentRun.run("tool=print,profile=wall,log=info,jfr=" + dir.resolve("run.jfr"), Map.of(),
                OneRegion.class);
        assertEquals(0, run.exit, run.toString());
        assertFalse(run.err.contains("[warn]"), run.err);
        int installed = run.err.indexOf("adapters directives+forkjoin+streams+completable+locks+barriers+threads+exit installed in");
        int sampling = run.err.indexOf("async-profiler samples wall");
        assertTrue(sampling >= 0 && installed > sampling, "the recording started, then woven: " + run.err);
        new FileCheck()
                .check("[[MAIN:[0-9]+]]: ompt_event_thread_begin: thread_type=ompt_thread_initial=1, thread_id=[[MAIN]]")
                .next("[[MAIN]]: ompt_event_initial_task_begin: task_id={{0x[0-9a-f]+}}")
                .check("[[MAIN]]: ompt_event_parallel_begin:")
                .check("region done")
                .match(run.out);
    }

    @Test
    void ompToolDisabledMakesTheAgentANoOp() throws Exception {
        AgentRun run = AgentRun.run("tool=print,log=info", Map.of("OMP_TOOL", " Disabled"), HelloApp.class);
        assertEquals(0, run.exit, run.toString());
        assertEquals(List.of("hello from the application"), run.out);
        assertTrue(run.err.contains("OMP_TOOL=disabled: the agent does nothing"), run.err);
        assertFalse(run.err.contains("installed"), "nothing was installed: " + run.err);
    }

    @Test
    void anIllegalOmpToolIsFatal() throws Exception {
        AgentRun run = AgentRun.run("tool=print", Map.of("OMP_TOOL", "yes"), HelloApp.class);
        assertEquals(1, run.exit, run.toString());
        assertTrue(run.err.contains("OMP_TOOL has the illegal value 'yes'"), run.err);
        assertFalse(run.out.contains("hello from the application"));
    }

    @Test
    void aToolThatCannotBeLoadedStopsStartUpNamingTheOption() throws Exception {
        AgentRun run = AgentRun.run("tool=print+com.example.Missing", Map.of(), HelloApp.class);
        assertEquals(1, run.exit, run.toString());
        assertTrue(run.err.contains("ompt4j: fatal error: agent option tool: 'com.example.Missing' cannot be loaded"),
                run.err);
        assertFalse(run.out.contains("hello from the application"), run.toString());
    }

    @Test
    void aToolNamedTwiceIsInitializedOnceAndAnEmptyEntryIsABadValue() throws Exception {
        AgentRun twice = AgentRun.run("tool=print+print", Map.of(), HelloApp.class);
        assertEquals(0, twice.exit, twice.toString());
        assertEquals(1, twice.out.stream().filter(l -> l.contains("ompt_event_thread_begin")).count(), twice.toString());
        AgentRun trailing = AgentRun.run("tool=print+", Map.of(), HelloApp.class);
        assertEquals(1, trailing.exit, trailing.toString());
        assertTrue(trailing.err.contains("agent option tool='print+' has an empty entry"), trailing.err);
    }

    @Test
    void aRecordingThatCannotBeWrittenIsSaidInTheSystemsWords(@TempDir Path dir) throws Exception {
        Path blocker = Files.writeString(dir.resolve("blocker"), "a file where a directory would go");
        Path jfr = blocker.resolve("run.jfr");
        AgentRun run = AgentRun.run("jfr=" + jfr, Map.of(), HelloApp.class);
        assertEquals(0, run.exit, run.toString());
        assertTrue(run.err.contains("the application runs without it: jfr=" + jfr + ": cannot write " + jfr + ": "
                + blocker + " exists and is not a directory"), run.err);
        assertFalse(run.err.matches("(?s).*(Exception|java\\.nio).*"), run.err);
    }

    @Test
    void anEmptyOmpToolIsUnset() throws Exception {
        AgentRun run = AgentRun.run("tool=print", Map.of("OMP_TOOL", ""), HelloApp.class);
        assertEquals(0, run.exit, run.toString());
        assertTrue(run.out.contains("hello from the application"), run.toString());
        assertEquals(1, run.out.stream().filter(l -> l.contains("ompt_event_thread_begin")).count(), run.toString());
    }

    /** An application that brings its own ASM, as many frameworks do. */
    public static final class OwnAsm {
        public static void main(String[] args) throws Exception {
            org.objectweb.asm.ClassWriter writer = new org.objectweb.asm.ClassWriter(0);
            writer.visit(org.objectweb.asm.Opcodes.V17, org.objectweb.asm.Opcodes.ACC_PUBLIC, "Made", null,
                    "java/lang/Object", null);
            System.out.println("made " + (writer.toByteArray().length > 0) + " with ASM from "
                    + org.objectweb.asm.ClassWriter.class.getProtectionDomain().getCodeSource().getLocation());
            io.github.ompt4j.omp.Omp.parallel(2, () -> { });
        }
    }

    /** A program with no lambda of its own, so that any the run spins in our packages is premain's. */
    public static final class Hello {
        public static void main(String[] args) {
            System.out.println("hello");
        }
    }

    /**
     * Premain, with no tool, spins no lambda of ours: each is a class the JVM makes with ASM and links, about half a
     * millisecond of start-up apiece (the options' readers were nine). The JDK's own, the module graph's and the
     * service loader's, are not ours to change.
     */
    @Test
    void premainSpinsNoLambdaOfOurs(@TempDir Path dir) throws Exception {
        Path classLog = dir.resolve("classes.log");
        AgentRun run = AgentRun.runWithJvmOptions(AgentRun.applicationClassPath(),
                List.of("-Xlog:class+load=info:file=" + classLog), "log=info", Map.of(), Hello.class);
        assertEquals(0, run.exit, run.toString());
        assertTrue(run.err.contains("started in"), run.err);
        List<String> lambdas = Files.readAllLines(classLog).stream()
                .filter(l -> l.contains("io.github.ompt4j.") && l.contains("$$Lambda")).collect(Collectors.toList());
        assertEquals(List.of(), lambdas);
    }

    @Test
    void theAgentsAsmNeverMeetsTheApplicationsOwn() throws Exception {
        String classPath = AgentRun.applicationClassPath() + java.io.File.pathSeparator
                + AgentRun.home(org.objectweb.asm.ClassWriter.class);
        AgentRun run = AgentRun.runWithClassPath(classPath, "tool=print", Map.of(), OwnAsm.class);
        assertEquals(0, run.exit, run.toString());
        String made = run.out.stream().filter(l -> l.startsWith("made ")).findFirst().orElseThrow();
        assertTrue(made.startsWith("made true with ASM from "), made);
        assertFalse(made.contains("ompt-agent"), "the application's ASM comes from its own jar: " + made);
        assertEquals(1, run.out.stream().filter(l -> l.contains("ompt_event_parallel_begin")).count(), run.toString());
        assertFalse(run.err.contains("[warn]"), run.err);
    }
}
