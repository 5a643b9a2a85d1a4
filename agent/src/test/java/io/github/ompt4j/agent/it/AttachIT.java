package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.tools.attach.VirtualMachine;
import io.github.ompt4j.omp.Omp;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The agent attached to a running JVM ({@code agentmain}): it weaves the classes already loaded, reports what
 * runs afterwards, and never stops the application: not for a bad option, not when attached twice.
 */
class AttachIT {

    /** Says it is ready, waits for a line on its input, then runs a directive region and a parallel stream. */
    public static final class AttachTarget {
        public static void main(String[] args) throws IOException {
            // Loaded before the agent comes: ForkJoinTask cannot gain the forkjoin adapter's field, whose tasks then
            // live in a table beside it.
            ForkJoinPool.commonPool();
            System.out.println("ready");
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
            while (in.readLine() != null && !Thread.currentThread().isInterrupted()) {
                Omp.parallel(2, Omp::barrier);
                System.out.println("stream " + IntStream.range(0, 10_000).parallel().sum());
                System.out.println("round done");
            }
        }
    }

    /**
     * Like {@link AttachTarget}, with a pool region in flight when the agent comes: a task tree whose leaves spin
     * until the input ends, so that its joins, completions and region end all happen after the attach.
     */
    public static final class InFlightTarget {
        static volatile boolean stop;
        static final CountDownLatch SPINNING = new CountDownLatch(1);

        public static void main(String[] args) throws Exception {
            ForkJoinPool pool = new ForkJoinPool(2);
            Thread submitter = new Thread(() -> System.out.println("in flight " + pool.invoke(new Spinner(3))));
            submitter.start();
            SPINNING.await();
            AttachTarget.main(args);
            stop = true;
            submitter.join();
        }
    }

    /** A binary tree of {@code 2^depth} leaves that spin until {@link InFlightTarget#stop}; returns the leaves. */
    static final class Spinner extends RecursiveTask<Integer> {
        private static final long serialVersionUID = 1L;
        private final int depth;

        Spinner(int depth) {
            this.depth = depth;
        }

        @Override
        protected Integer compute() {
            if (depth == 0) {
                InFlightTarget.SPINNING.countDown();
                while (!InFlightTarget.stop) {
                    Thread.onSpinWait();
                }
                return 1;
            }
            Spinner left = new Spinner(depth - 1);
            left.fork();
            return new Spinner(depth - 1).compute() + left.join();
        }
    }

    /** A target JVM that runs one round per line it gets; each {@code attach} loads the agent with its options. */
    private static final class Target implements AutoCloseable {
        private final Process process;
        private final BufferedReader out;
        private final Path err;
        private final List<String> lines = new ArrayList<>();

        Target() throws IOException {
            this(AttachTarget.class);
        }

        Target(Class<?> main) throws IOException {
            err = Files.createTempFile("ompt4j-attach-err", ".txt");
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString()));
            if (Runtime.version().feature() >= 21) {
                command.add("-XX:+EnableDynamicAgentLoading"); // JDK 21+ warns of an agent loaded without it
            }
            command.addAll(List.of("-cp", AgentRun.applicationClassPath(), main.getName()));
            ProcessBuilder pb = new ProcessBuilder(command).redirectError(err.toFile());
            pb.environment().remove("OMP_TOOL");
            process = pb.start();
            out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            readUntil("ready");
        }

        void attach(String options) throws Exception {
            VirtualMachine vm = VirtualMachine.attach(Long.toString(process.pid()));
            try {
                vm.loadAgent(AgentRun.agentJar().toString(), options);
            } finally {
                vm.detach();
            }
        }

        /** One round of the target's constructs; the lines it printed meanwhile. */
        List<String> round() throws IOException {
            OutputStream in = process.getOutputStream();
            in.write("go\n".getBytes(StandardCharsets.UTF_8));
            in.flush();
            return readUntil("round done");
        }

        private List<String> readUntil(String last) throws IOException {
            List<String> read = new ArrayList<>();
            String line;
            while ((line = out.readLine()) != null) {
                read.add(line);
                lines.add(line);
                if (line.equals(last)) {
                    return read;
                }
            }
            throw new AssertionError("the target ended before '" + last + "':\n" + String.join("\n", lines)
                    + "\n" + errors());
        }

        /** Every line the target printed so far. */
        List<String> lines() {
            return lines;
        }

        String errors() throws IOException {
            return Files.readString(err, StandardCharsets.UTF_8);
        }

        /** Ends the target by closing its input; its exit status. */
        int end() throws Exception {
            process.getOutputStream().close();
            for (String line; (line = out.readLine()) != null; ) {
                lines.add(line);
            }
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the target ends when its input does");
            return process.exitValue();
        }

        @Override
        public void close() throws IOException {
            process.destroyForcibly();
            Files.deleteIfExists(err);
        }
    }

    @Test
    void attachedTheAgentReportsWhatRunsAfterwardsPoolTasksIncluded() throws Exception {
        try (Target target = new Target()) {
            List<String> before = target.round();
            assertTrue(before.stream().noneMatch(l -> l.contains("ompt_event_")), String.join("\n", before));
            target.attach("tool=print");
            List<String> after = target.round();
            String trace = String.join("\n", after);
            assertTrue(after.stream().anyMatch(l -> l.contains("ompt_event_parallel_begin:")
                    && l.contains("requested_team_size=2,")), trace);
            assertEquals(2, after.stream().filter(l -> l.contains("ompt_event_implicit_task_begin:")
                    && l.contains("team_size=2,")).count(), "the directive region's two members:\n" + trace);
            assertTrue(after.contains("stream 49995000"), trace);
            assertEquals(after.stream().filter(l -> l.contains("ompt_event_parallel_begin:")).count(),
                    after.stream().filter(l -> l.contains("ompt_event_parallel_end:")).count(), trace);
            // No initial thread at attach (the attach listener is not the program's main thread): the program's
            // threads are met as they reach a construct, each beginning as an initial thread before its first event.
            Map<String, String> firstEvents = new HashMap<>();
            for (String l : after) {
                if (l.matches("\\d+: ompt_event_.*") && !l.contains("ompt_event_runtime_shutdown")) {
                    firstEvents.putIfAbsent(l.substring(0, l.indexOf(':')), l);
                }
            }
            assertTrue(firstEvents.values().stream().allMatch(l -> l.contains("ompt_event_thread_begin:")), trace);
            // The stream's tasks, kept in the table: a leaf per split at least (4 per worker), each begun and ended once,
            // by the end of the run (a worker reports a task's end after the completion that let the stream return).
            assertEquals(0, target.end());
            List<String> begun = new ArrayList<>();
            List<String> ended = new ArrayList<>();
            for (String l : target.lines()) {
                if (l.contains("ompt_event_task_begin:")) {
                    begun.add(l.substring(l.indexOf("new_task_id=") + 12).split(",")[0]);
                } else if (l.contains("ompt_event_task_end:")) {
                    ended.add(l.substring(l.indexOf("task_id=") + 8));
                }
            }
            assertTrue(begun.size() >= 4, trace);
            assertEquals(begun.stream().sorted().toList(), ended.stream().sorted().toList(), trace);
            String errors = target.errors();
            assertEquals(0, errors.lines().filter(l -> l.contains("ompt4j [warn]")).count(), errors);
        }
    }

    /**
     * Work in flight at the attach reports nothing, not even its ends: its region began before the agent. What
     * starts afterwards is reported, and the whole trace keeps every invariant (each end has its begin).
     */
    @Test
    void workInFlightAtTheAttachLeavesNoUnbalancedEvents() throws Exception {
        try (Target target = new Target(InFlightTarget.class)) {
            target.attach("tool=print");
            List<String> after = target.round();
            assertTrue(after.contains("stream 49995000"), String.join("\n", after));
            assertEquals(0, target.end());
            List<String> lines = target.lines();
            assertTrue(lines.contains("in flight 8"), String.join("\n", lines));
            TraceInvariants.assertHold(lines, target.errors());
            assertEquals(1, lines.stream().filter(l -> l.contains("ompt_event_parallel_begin:")
                    && l.contains("requested_team_size=2,")).count(), String.join("\n", lines));
            assertEquals(0, target.errors().lines().filter(l -> l.contains("ompt4j [warn]")).count(), target.errors());
        }
    }

    @Test
    void aBadOptionOrASecondAttachLeavesTheApplicationRunning() throws Exception {
        try (Target target = new Target()) {
            target.attach("colour=blue");
            assertTrue(target.round().contains("round done"));
            assertTrue(target.errors().contains("ompt4j: the agent was not attached: unknown agent option 'colour'"),
                    target.errors());
            target.attach("tool=print");
            target.attach("tool=print");
            List<String> after = target.round();
            assertEquals(1, after.stream().filter(l -> l.contains("ompt_event_parallel_begin:")
                    && l.contains("requested_team_size=2,")).count(), "one agent, one print tool:\n" + after);
            assertEquals(0, target.end());
            assertTrue(target.errors().contains("ompt4j [warn] the agent already runs in this JVM; this attach is"
                    + " ignored"), target.errors());
        }
    }
}
