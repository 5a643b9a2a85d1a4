package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.model.OmptApi;
import io.github.ompt4j.model.OmptCallback;
import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptLookup;
import io.github.ompt4j.model.OmptTool;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Faults injected into the agent's surroundings: the application's output and exit status stay those of
 * a run without the agent, and the agent says once what was lost.
 */
class FaultInjectionIT {
    private static AgentRun unobserved;

    @BeforeAll
    static void runWithoutTheAgent() throws Exception {
        unobserved = AgentRun.run(null, Map.of(), FaultApp.class);
        assertEquals(3, unobserved.exit, unobserved.toString());
    }

    /** The run's output is the program's, plus lines that start with {@code extra}. */
    private static void assertApplicationUnchanged(AgentRun run, String extra) {
        assertEquals(unobserved.exit, run.exit, run.toString());
        assertEquals(unobserved.out, run.out.stream().filter(l -> !l.startsWith(extra)).collect(Collectors.toList()),
                run.toString());
    }

    /** {@link CountingTool} saw at least {@code regions} regions, and each one's end. */
    private static void assertOtherToolSawRegions(AgentRun run, int regions) {
        String counts = run.out.stream().filter(l -> l.startsWith("counts ")).findFirst().orElseThrow(() -> new AssertionError(run));
        Matcher m = Pattern.compile("counts parallel_begin=(\\d+) parallel_end=(\\d+) .*").matcher(counts);
        assertTrue(m.matches() && Integer.parseInt(m.group(1)) >= regions && m.group(1).equals(m.group(2)), run.toString());
    }

    /** The lines of standard error that contain {@code text}. */
    private static List<String> errLines(AgentRun run, String text) {
        return Arrays.stream(run.err.split("\n")).filter(l -> l.contains(text)).collect(Collectors.toList());
    }

    @Test
    void aToolWhoseInitializeThrowsIsLeftOutAndTheOtherToolsRun() throws Exception {
        AgentRun run = AgentRun.run("tool=" + FailingTool.class.getName() + "+" + CountingTool.class.getName(),
                Map.of(), FaultApp.class);
        assertApplicationUnchanged(run, "counts ");
        assertOtherToolSawRegions(run, 3); // the directive regions, and the stream's
        assertEquals(List.of("ompt4j [warn] tool " + FailingTool.class.getName()
                + " failed to start and receives no events: java.lang.IllegalStateException: this tool is broken"),
                errLines(run, "ompt4j"), run.toString());
    }

    /** A tool whose callbacks overflow the stack and run out of memory, each time. */
    public static final class ErrorThrowingTool implements OmptTool {
        @Override
        public void initialize(OmptLookup lookup, String runtimeVersion, int omptVersion) {
            OmptApi.SetCallback set = (OmptApi.SetCallback) lookup.lookup("ompt_set_callback");
            set.setCallback(OmptEvent.PARALLEL_BEGIN, new Recursing());
            set.setCallback(OmptEvent.IMPLICIT_TASK_BEGIN, new Allocating());
        }
    }

    static final class Recursing implements OmptCallback.ParallelBegin {
        @Override
        public void onParallelBegin(long parentTaskId, io.github.ompt4j.model.OmptFrame parentFrame, long parallelId,
                int requestedTeamSize, long codeptr, io.github.ompt4j.model.OmptInvoker invoker) {
            onParallelBegin(parentTaskId + 1, parentFrame, parallelId, requestedTeamSize, codeptr, invoker);
        }
    }

    static final class Allocating implements OmptCallback.ImplicitTask {
        static long[] kept;

        @Override
        public void onImplicitTask(long parallelId, long taskId, int teamSize, int threadNum) {
            kept = new long[Integer.MAX_VALUE];
        }
    }

    @Test
    void callbacksThatThrowErrorsLeaveTheApplicationAndTheOtherToolsAlone() throws Exception {
        AgentRun run = AgentRun.run("tool=" + ErrorThrowingTool.class.getName() + "+" + CountingTool.class.getName(),
                Map.of(), FaultApp.class);
        assertApplicationUnchanged(run, "counts ");
        assertOtherToolSawRegions(run, 3); // the directive regions, and the stream's
        assertEquals(1, errLines(run, "a tool callback (" + Recursing.class.getName() + ") threw in ompt_event_parallel_begin")
                .size(), run.toString());
        assertEquals(1, errLines(run, "a tool callback (" + Allocating.class.getName() + ") threw in ompt_event_implicit_task_begin")
                .size(), run.toString());
        assertTrue(run.err.contains("java.lang.StackOverflowError"), run.toString());
        assertTrue(run.err.contains("java.lang.OutOfMemoryError"), run.toString());
    }

    /** A tool whose callbacks take a second, at a region's begin and at shutdown. */
    public static final class SlowTool implements OmptTool {
        @Override
        public void initialize(OmptLookup lookup, String runtimeVersion, int omptVersion) {
            OmptApi.SetCallback set = (OmptApi.SetCallback) lookup.lookup("ompt_set_callback");
            set.setCallback(OmptEvent.PARALLEL_BEGIN, (OmptCallback.ParallelBegin) (p, f, id, n, c, i) -> pause());
            set.setCallback(OmptEvent.RUNTIME_SHUTDOWN, (OmptCallback.Shutdown) SlowTool::pause);
        }

        private static void pause() {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Test
    void aCallbackThatBlocksForASecondDelaysOnlyAndTheOtherToolsRun() throws Exception {
        AgentRun run = AgentRun.run("tool=" + SlowTool.class.getName() + "+" + CountingTool.class.getName(),
                Map.of(), FaultApp.class);
        assertApplicationUnchanged(run, "counts ");
        assertOtherToolSawRegions(run, 3); // the directive regions, and the stream's
        assertEquals(List.of(), errLines(run, "ompt4j"), run.toString());
    }

    /**
     * The directive library as another build would have it: the class {@code internalName} rewritten by
     * {@code rewrite} (given the writer, it returns the visitor to read the original through), in a class path
     * entry ahead of the library.
     */
    private static String classPathWithRewritten(Path dir, String internalName,
            Function<ClassVisitor, ClassVisitor> rewrite) throws IOException {
        byte[] original;
        try (InputStream in = io.github.ompt4j.omp.Omp.class.getClassLoader().getResourceAsStream(internalName + ".class")) {
            original = in.readAllBytes();
        }
        ClassWriter writer = new ClassWriter(0);
        new ClassReader(original).accept(rewrite.apply(writer), 0);
        Path file = dir.resolve(internalName + ".class");
        Files.createDirectories(file.getParent());
        Files.write(file, writer.toByteArray());
        return dir + File.pathSeparator + AgentRun.applicationClassPath();
    }

    /** {@code Critical.exit}, a method the directives adapter weaves, is called {@code release}. */
    private static String classPathWithCriticalExitRenamed(Path dir) throws IOException {
        String critical = "io/github/ompt4j/omp/Critical";
        return classPathWithRewritten(dir, critical, writer -> new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9, super.visitMethod(access, renamed(critical, name), descriptor,
                        signature, exceptions)) {
                    @Override
                    public void visitMethodInsn(int opcode, String owner, String callee, String desc, boolean itf) {
                        super.visitMethodInsn(opcode, owner, renamed(owner, callee), desc, itf);
                    }
                };
            }
        });
    }

    private static String renamed(String owner, String method) {
        return owner.equals("io/github/ompt4j/omp/Critical") && method.equals("exit") ? "release" : method;
    }

    /**
     * The barrier kind that ends a region is named {@code REGION_END} ({@code name()}; the library compares kinds by
     * identity only): the hook of a region's implicit barrier, which maps the names it knows, throws.
     */
    private static String classPathWithRegionEndRenamed(Path dir) throws IOException {
        return classPathWithRewritten(dir, "io/github/ompt4j/omp/BarrierKind", writer -> new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9, super.visitMethod(access, name, descriptor, signature, exceptions)) {
                    @Override
                    public void visitLdcInsn(Object value) {
                        super.visitLdcInsn("IMPLICIT_PARALLEL".equals(value) ? "REGION_END" : value);
                    }
                };
            }
        });
    }

    /**
     * A hook that throws (on a barrier kind it does not know) is caught in the woven code: the program runs as it
     * would without the agent, and the agent says once that the adapter whose weaving called the hook is disabled.
     */
    @Test
    void aHookThatThrowsDisablesItsAdapterOnceAndTheProgramRunsAsWithoutTheAgent(@TempDir Path dir) throws Exception {
        String classPath = classPathWithRegionEndRenamed(dir);
        AgentRun plain = AgentRun.runWithClassPath(classPath, null, Map.of(), FaultApp.class);
        assertEquals(unobserved.out, plain.out, plain.toString());
        AgentRun run = AgentRun.runWithClassPath(classPath, "tool=" + CountingTool.class.getName(), Map.of(), FaultApp.class);
        assertApplicationUnchanged(run, "counts ");
        assertEquals(List.of("ompt4j [warn] adapter 'directives' is disabled after a failure in SyncRegionHooks.barrierBegin:"
                + " java.lang.IllegalArgumentException: unknown barrier kind REGION_END; the application goes on without"
                + " its events"), errLines(run, "ompt4j"), run.toString());
    }

    @Test
    void aWovenMethodMissingFromItsClassDisablesItsAdapterOnceAndTheOthersRun(@TempDir Path dir) throws Exception {
        String classPath = classPathWithCriticalExitRenamed(dir);
        AgentRun plain = AgentRun.runWithClassPath(classPath, null, Map.of(), FaultApp.class);
        assertEquals(unobserved.out, plain.out, plain.toString());
        AgentRun run = AgentRun.runWithClassPath(classPath, "tool=" + CountingTool.class.getName(), Map.of(), FaultApp.class);
        assertApplicationUnchanged(run, "counts ");
        assertOtherToolSawRegions(run, 1); // the parallel stream's, from the streams adapter
        assertEquals(List.of("ompt4j [warn] adapter 'directives' is disabled after weaving io.github.ompt4j.omp.Critical"
                + " failed: io.github.ompt4j.omp.Critical has no method exit with code on JVM " + Runtime.version()
                + "; the application goes on without its events"), errLines(run, "ompt4j"), run.toString());
    }

    /**
     * {@code jfr=} and {@code out=} where a file stands in the way of a directory. Permissions cannot make a
     * directory unwritable here (tests may run as root, whom they do not stop); a path below a regular file
     * cannot be created by anyone.
     */
    @Test
    void aRecordingThatCannotBeWrittenIsSaidOnceAndTheApplicationRuns(@TempDir Path dir) throws Exception {
        Path file = Files.createFile(dir.resolve("a-file"));
        for (String option : List.of("jfr=" + file.resolve("recording.jfr"), "out=" + file)) {
            AgentRun run = AgentRun.run(option, Map.of(), FaultApp.class);
            assertApplicationUnchanged(run, "counts ");
            List<String> said = errLines(run, "ompt4j");
            assertEquals(1, said.size(), run.toString());
            assertTrue(said.get(0).startsWith("ompt4j [warn] ") && said.get(0).contains(file.toString()), run.toString());
        }
    }

    /**
     * A disk that fills during the run, made by a file-size limit ({@code ulimit -f}: HotSpot ignores
     * {@code SIGXFSZ}, so a write past it fails as on a full disk). JFR aborts the JVM when it cannot write a chunk
     * of its repository (exit 134, the program's output cut); the agent stops its recording while there is room,
     * says so once, and the program ends as it would without the agent.
     */
    @Test
    void aDiskThatFillsStopsTheRecordingOnceAndTheProgramFinishes(@TempDir Path dir) throws Exception {
        // 100,000 regions write more than 4 MB of recording.
        String regions = "100000";
        AgentRun plain = AgentRun.run(null, Map.of(), FaultApp.class, regions);
        for (String option : List.of("jfr=" + dir.resolve("recording.jfr"), "out=" + dir.resolve("out"))) {
            List<String> java = AgentRun.command(AgentRun.applicationClassPath(),
                    List.of("-XX:FlightRecorderOptions:repository=" + dir.resolve("repository-" + option.charAt(0))),
                    option, FaultApp.class, regions);
            List<String> command = new ArrayList<>(List.of("bash", "-c", "ulimit -f 4096 && exec \"$@\"", "bash"));
            command.addAll(java);
            AgentRun run = AgentRun.exec(command, Map.of());
            // JFR's abort prints its report on standard output and ends with status 134.
            assertEquals(plain.exit, run.exit, run.toString());
            assertEquals(plain.out, run.out, run.toString());
            List<String> stopped = errLines(run, "the recording stopped");
            assertEquals(1, stopped.size(), run.toString());
            assertTrue(stopped.get(0).startsWith("ompt4j [warn] the file-size limit (4 MB) leaves JFR "), run.toString());
            assertTrue(stopped.get(0).contains("the rest of the run is not recorded"), run.toString());
            Path recording = option.startsWith("jfr=") ? dir.resolve("recording.jfr") : dir.resolve("out/recording.jfr");
            assertTrue(Files.size(recording) > 0, run.toString());
        }
    }
}
