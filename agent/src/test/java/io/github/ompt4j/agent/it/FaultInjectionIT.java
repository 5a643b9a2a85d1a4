package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.model.OmptApi;
import io.github.ompt4j.model.OmptCallback;
import io.github.ompt4j.model.OmptEvent;
import io.github.ompt4j.model.OmptLookup;
import io.github.ompt4j.model.OmptTool;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

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

    /** {@link CountingTool} saw the program's three regions, and each one's end. */
    private static void assertOtherToolSawEveryRegion(AgentRun run) {
        String counts = run.out.stream().filter(l -> l.startsWith("counts ")).findFirst().orElseThrow(() -> new AssertionError(run));
        Matcher m = Pattern.compile("counts parallel_begin=(\\d+) parallel_end=(\\d+) .*").matcher(counts);
        assertTrue(m.matches() && Integer.parseInt(m.group(1)) >= 3 && m.group(1).equals(m.group(2)), run.toString());
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
        assertOtherToolSawEveryRegion(run);
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
        assertOtherToolSawEveryRegion(run);
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
        assertOtherToolSawEveryRegion(run);
        assertEquals(List.of(), errLines(run, "ompt4j"), run.toString());
    }
}
