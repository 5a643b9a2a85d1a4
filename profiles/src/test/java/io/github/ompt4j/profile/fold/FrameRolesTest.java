package io.github.ompt4j.profile.fold;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Which frames are a runtime's, the JDK's, the program's or glue. */
class FrameRolesTest {
    private static FrameRole role(String className) {
        return FrameRoles.role(className, className + ".m");
    }

    @Test
    void runtimesAreKnownByPackage() {
        assertEquals(FrameRole.RUNTIME, role("io.github.ompt4j.omp.Barrier"));
        assertEquals(FrameRole.RUNTIME, role("io.github.ompt4j.hooks.forkjoin.ForkJoinHooks"));
        assertEquals(FrameRole.RUNTIME, role("io.github.ompt4j.jfr.JfrTool"));
        assertEquals(FrameRole.RUNTIME, role("io.github.ompt4j.agent.Installer"));
        assertEquals(FrameRole.RUNTIME, role("java.util.concurrent.ForkJoinPool$WorkQueue"));
        assertEquals(FrameRole.RUNTIME, role("java.util.concurrent.CountedCompleter"));
        assertEquals(FrameRole.RUNTIME, role("java.util.stream.ReduceOps$ReduceTask"));
        assertEquals(FrameRole.RUNTIME, role("one.profiler.AsyncProfiler"));
    }

    @Test
    void theProgramsCodeAndTheJdksAreTold() {
        assertEquals(FrameRole.USER, role("com.example.Solver"));
        assertEquals(FrameRole.USER, role("io.github.ompt4j.demo.MandelbrotDemo"));
        assertEquals(FrameRole.USER, role("io.github.ompt4j.agent.it.Situations"), "the agent's package, not below");
        assertEquals(FrameRole.JDK, role("java.util.concurrent.locks.LockSupport"));
        assertEquals(FrameRole.JDK, role("jdk.internal.misc.Unsafe"));
        assertEquals(FrameRole.JDK, role("java.lang.Math"));
    }

    @Test
    void lambdasBelongToTheirOwnersAndThreadStartsToNobody() {
        assertEquals(FrameRole.GLUE_USER, role("com.example.Solver$$Lambda$14+0x0000000800c0b000.1234"));
        assertEquals(FrameRole.GLUE_USER, role("Foo$$Lambda$177.0x00007f93d0092198"));
        assertEquals(FrameRole.GLUE_RUNTIME, role("java.util.stream.ReduceOps$$Lambda$41.0x1"));
        assertEquals(FrameRole.GLUE_JDK, role("java.util.ArrayList$$Lambda$3.0x1"));
        assertEquals(FrameRole.GLUE_JDK, FrameRoles.role("java.lang.Thread", "java.lang.Thread.run"));
    }
}
