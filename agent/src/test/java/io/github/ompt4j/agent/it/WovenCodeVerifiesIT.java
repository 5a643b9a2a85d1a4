package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The woven code passes the JVM's verifier. The JVM verifies the library's classes but not the JDK's, so a woven
 * JDK class whose frames were wrong would run (frames are only the verifier's) until a JVM checked it: here every
 * class is verified ({@code BytecodeVerificationLocal}), and a class the verifier refuses is one the JVM refuses to
 * retransform or define, which disables its adapter with a warning.
 */
class WovenCodeVerifiesIT {
    /** The JDK types {@link EveryWovenType} reaches on JDK 17 and 25, each woven by its adapters. */
    private static final Set<String> JDK_TYPES = Set.of("java.lang.ApplicationShutdownHooks", "java.lang.Thread",
            "java.util.concurrent.CompletableFuture", "java.util.concurrent.CompletableFuture$AsyncSupply",
            "java.util.concurrent.CompletableFuture$Completion", "java.util.concurrent.CompletableFuture$UniCompletion",
            "java.util.concurrent.ForkJoinPool", "java.util.concurrent.ForkJoinTask", "java.util.concurrent.ForkJoinTask$Aux",
            "java.util.concurrent.Semaphore", "java.util.concurrent.locks.AbstractQueuedSynchronizer",
            "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject",
            "java.util.concurrent.locks.ReentrantLock", "java.util.concurrent.locks.ReentrantReadWriteLock$ReadLock",
            "java.util.concurrent.locks.ReentrantReadWriteLock$WriteLock", "java.util.concurrent.locks.StampedLock",
            "java.util.stream.AbstractPipeline", "java.util.stream.ReduceOps$ReduceTask");

    @Test
    void everyWovenClassPassesTheVerifier() throws Exception {
        AgentRun run = AgentRun.runWithJvmOptions(AgentRun.applicationClassPath(),
                List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:+BytecodeVerificationLocal"), "log=debug", Map.of(),
                EveryWovenType.class);
        assertEquals(0, run.exit, run.toString());
        assertEquals(List.of("tasks 49995000", "submitted 42", "stream 49995000", "stages 42", "condition signalled false",
                "directives 4", "thread ran", "shutdown hook ran"), run.out, run.toString());
        assertFalse(run.err.contains("[warn]"), run.err);
        Set<String> woven = run.err.lines().filter(l -> l.startsWith("ompt4j [debug] wove "))
                .map(l -> l.substring("ompt4j [debug] wove ".length(), l.indexOf(" for "))).collect(Collectors.toSet());
        assertTrue(woven.containsAll(JDK_TYPES), "woven: " + woven);
        assertTrue(woven.contains("io.github.ompt4j.omp.Team"), "woven: " + woven);
    }
}
