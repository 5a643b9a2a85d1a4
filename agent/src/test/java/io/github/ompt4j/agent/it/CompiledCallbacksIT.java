package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.omp.Omp;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A tool's callbacks are compiled out of line: the JIT never inlines the dispatch's delivery of an event
 * ({@code OmptDelivery}, marked {@code @DontInline}) into the runtime's or the program's methods,
 * so the tool's code and JFR's event writer are not compiled again into every method that raises an event.
 * HotSpot honours the mark only for classes of the boot loader, where the agent puts the model.
 * {@code -Xbatch} makes each compile finish before the program goes on, so the hot callers are compiled, and
 * their inlining printed, within the run.
 */
class CompiledCallbacksIT {
    static final int TASKS = 60_000;

    /** A team of two whose single member creates {@link #TASKS} empty tasks and waits for them. */
    public static final class ManyTasks {
        public static void main(String[] args) {
            Omp.parallel(2, () -> Omp.single(() -> {
                for (int i = 0; i < TASKS; i++) {
                    Omp.task(() -> {
                    });
                }
                Omp.taskwait();
            }));
        }
    }

    private static final Pattern DELIVERY = Pattern.compile("OmptDelivery::\\w+ \\(\\d+ bytes\\)\\s+(.*)$");

    /**
     * The messages with which C1 and C2 report a call they inlined. A refusal can have other reasons than the
     * mark: C2 first asks whether a cold call site is worth inlining at all ("too big") and only then looks at
     * the annotation, so the test asserts that no call was inlined, and that the mark was what refused the hot ones.
     */
    private static final Pattern INLINED = Pattern.compile("inline( \\(hot\\))?|accessor|intrinsic|force inline.*|late inline succeeded.*");

    @Test
    void theDispatchDeliversEventsFromMethodsTheJitNeverInlines() throws Exception {
        AgentRun run = AgentRun.runWithJvmOptions(AgentRun.applicationClassPath(),
                List.of("-Xbatch", "-XX:+UnlockDiagnosticVMOptions", "-XX:+PrintInlining"),
                "tool=" + CountingTool.class.getName(), Map.of(), ManyTasks.class);
        assertEquals(0, run.exit, run.toString());
        // The JIT prints its inlining on the same standard output, and may leave a line unfinished when the tool
        // prints its counts: they end a line, not always begin one.
        String counts = "counts parallel_begin=1 parallel_end=1 task_begin=" + TASKS + " task_end=" + TASKS;
        assertTrue(run.out.stream().anyMatch(l -> l.endsWith(counts)),
                "the tool saw every task: " + run.out.stream().filter(l -> l.contains("counts ")).toList());
        List<String> decisions = run.out.stream().map(DELIVERY::matcher).filter(m -> m.find())
                .map(m -> m.group(0)).collect(Collectors.toList());
        assertTrue(decisions.stream().anyMatch(d -> d.startsWith("OmptDelivery::taskBegin")),
                "a compiled caller of the task-begin delivery: " + decisions);
        for (String d : decisions) {
            Matcher m = DELIVERY.matcher(d);
            assertTrue(m.find() && !INLINED.matcher(m.group(1).trim()).matches(),
                    "every call to a delivery stays a call: " + decisions);
        }
        assertTrue(decisions.stream().anyMatch(d -> d.endsWith("don't inline by annotation")),
                "the mark refused the hot calls: " + decisions);
    }
}
