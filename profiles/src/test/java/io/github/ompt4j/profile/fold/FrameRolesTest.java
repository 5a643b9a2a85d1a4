package io.github.ompt4j.profile.fold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which frames are a runtime's, the JDK's, the program's or glue, by class. */
class FrameRolesTest {
    @ParameterizedTest
    @CsvSource({
        "io.github.ompt4j.omp.Barrier, RUNTIME",
        "io.github.ompt4j.hooks.forkjoin.JoinHooks, RUNTIME",
        "io.github.ompt4j.jfr.JfrTool, RUNTIME",
        "io.github.ompt4j.agent.Installer, RUNTIME",
        "java.util.concurrent.ForkJoinPool$WorkQueue, RUNTIME",
        "java.util.concurrent.CountedCompleter, RUNTIME",
        "java.util.stream.ReduceOps$ReduceTask, RUNTIME",
        "one.profiler.AsyncProfiler, RUNTIME",
        "com.example.Solver, USER",
        "io.github.ompt4j.demo.MandelbrotDemo, USER",
        "io.github.ompt4j.agent.it.Situations, USER",
        "java.util.concurrent.locks.LockSupport, JDK",
        "jdk.internal.misc.Unsafe, JDK",
        "java.lang.Math, JDK",
        "com.example.Solver$$Lambda$14+0x0000000800c0b000.1234, GLUE_USER",
        "Foo$$Lambda$177.0x00007f93d0092198, GLUE_USER",
        "java.util.stream.ReduceOps$$Lambda$41.0x1, GLUE_RUNTIME",
        "java.util.ArrayList$$Lambda$3.0x1, GLUE_JDK",
        "java.lang.VirtualThread, GLUE_JDK",
        "java.lang.VirtualThread$VThreadContinuation$1, GLUE_JDK",
        "jdk.internal.vm.Continuation, GLUE_JDK",
        "java.util.concurrent.ThreadPerTaskExecutor$ThreadBoundFuture, RUNTIME",
    })
    void byClass(String className, FrameRole role) {
        assertEquals(role, FrameRoles.role(className, className + ".m"));
    }

    @ParameterizedTest
    @CsvSource({"java.lang.Thread.run", "java.lang.Thread.runWith"})
    void threadStartsBelongToNobody(String frame) {
        assertEquals(FrameRole.GLUE_JDK, FrameRoles.role("java.lang.Thread", frame));
    }

    /**
     * The runtimes' and the JDK's methods that the folder takes for waits, for task bodies and completions, are still
     * there, by those names: each one, but of a method the JDK renamed ({@link FrameRoles#RENAMED}) one of its names.
     */
    @Test
    void theFramesNameTheRuntimesMethods() {
        List<String> frames = new ArrayList<>(FrameRoles.WAITS.keySet());
        frames.addAll(FrameRoles.ENCLOSING_WAITS.keySet());
        frames.addAll(FrameRoles.TASK_BODY_CALLS);
        for (String frame : frames) {
            if (FrameRoles.RENAMED.stream().noneMatch(names -> names.contains(frame))) {
                assertTrue(declares(frame), frame);
            }
        }
        for (List<String> names : FrameRoles.RENAMED) {
            assertTrue(names.stream().anyMatch(FrameRolesTest::declares), names.toString());
        }
    }

    private static boolean declares(String frame) {
        int dot = frame.lastIndexOf('.');
        Class<?> type;
        try {
            type = Class.forName(frame.substring(0, dot));
        } catch (ClassNotFoundException e) {
            return false;
        }
        String method = frame.substring(dot + 1);
        return Arrays.stream(type.getDeclaredMethods()).map(Method::getName).anyMatch(method::equals);
    }
}
