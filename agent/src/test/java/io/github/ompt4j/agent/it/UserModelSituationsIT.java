package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ompt4j.jfr.JfrSettings;
import io.github.ompt4j.profile.model.FrameKind;
import io.github.ompt4j.profile.model.Profile;
import io.github.ompt4j.profile.model.View;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Analyzer's eleven user-mode situations (Sun Studio 12 Performance Analyzer, "User Mode Call Stacks"),
 * each a small directive-library program profiled with wall-clock samples under the real agent, folded in
 * the user view: the dominant stack of each team thread must have the documented shape. Java has no outlined
 * "foo-OMP..." function, so the region's body lambda stands in for it, also below the closing barrier of a
 * member whose body has returned, where the lambda is no longer on its stack. Sampling is statistical:
 * assertions look at each thread's heaviest stacks, never at times.
 */
class UserModelSituationsIT {
    private static final String MAIN = "Situations.main;Situations.run;";
    private static final String LAMBDA = "Situations\\.lambda\\$%s\\$\\d+";

    @TempDir
    Path dir;

    private Profile profile(String situation, String... jvmOptions) throws Exception {
        return ProfiledRun.fold(ProfiledRun.record(dir, situation, Map.of(), jvmOptions), View.USER);
    }

    private static String quoted(String s) {
        return s.replace("$", "\\$").replace(".", "\\.");
    }

    private static Predicate<String> matches(String regex) {
        return s -> s.matches(regex);
    }

    private static void assertAll(Collection<String> stacks, Predicate<String> shape, int atLeast, Profile p) {
        assertTrue(stacks.size() >= atLeast, "expected " + atLeast + " threads:\n" + ProfiledRun.describe(p));
        for (String s : stacks) {
            assertTrue(shape.test(s), s + "\n" + ProfiledRun.describe(p));
        }
    }

    @Test
    void beforeTheFirstRegionOnlyTheMasterRunsAndItsStackIsUnchanged() throws Exception {
        Profile p = profile("before-first-region");
        Map<String, String> heaviest = ProfiledRun.heaviest(p, "main", "omp-worker");
        assertEquals(Map.of("main", MAIN + "Situations.beforeFirstRegion;Situations.busy"), heaviest,
                ProfiledRun.describe(p));
    }

    @Test
    void enteringARegionEveryThreadIsInOverheadOnTheMastersStack() throws Exception {
        Profile p = profile("entering");
        String overhead = MAIN + "Situations.entering;<OMP-overhead>";
        Map<String, Map<String, Long>> threads = ProfiledRun.byThread(p);
        assertTrue(threads.get("main").containsKey(overhead), ProfiledRun.describe(p));
        assertTrue(threads.entrySet().stream().anyMatch(t -> t.getKey().startsWith("omp-worker")
                && t.getValue().containsKey(overhead)), ProfiledRun.describe(p));
        Map<String, String> heaviest = ProfiledRun.heaviest(p, "main", "omp-worker");
        // The closing barrier stands below the body's lambda once a sample has caught the (empty) body running.
        assertAll(heaviest.values(), matches("<OMP-idle>|" + quoted(MAIN) + "Situations\\.entering;("
                + String.format(LAMBDA, "entering") + ";)?<OMP-[a-z_]+>"), Situations.TEAM, p);
        assertNoRuntimeFrames(p);
    }

    /** No frame of the directive library, the pool or our hooks is left in a user-view stack. */
    private static void assertNoRuntimeFrames(Profile p) {
        ProfiledRun.byThread(p).values().forEach(stacks -> stacks.keySet().forEach(s -> assertTrue(
                !s.contains("io.github.ompt4j.omp.") && !s.contains("io.github.ompt4j.hooks.")
                        && !s.contains("java.util.concurrent.ForkJoin") && !s.contains("java.util.stream."),
                s + "\n" + ProfiledRun.describe(p))));
    }

    @Test
    void workingEveryMemberShowsTheSameStackAsTheMaster() throws Exception {
        Profile p = profile("working");
        Map<String, String> heaviest = ProfiledRun.heaviest(p, "main", "omp-worker");
        assertAll(heaviest.values(), matches(quoted(MAIN) + "Situations\\.working;" + String.format(LAMBDA, "working")
                + ";Situations\\.busy"), Situations.TEAM, p);
        assertEquals(1, new HashSet<>(heaviest.values()).size(), ProfiledRun.describe(p));
        assertNoRuntimeFrames(p);
    }

    @Test
    void betweenChunksAThreadGettingItsNextChunkIsInOverheadInsideTheRegion() throws Exception {
        Profile p = profile("between-chunks");
        String overhead = quoted(MAIN) + "Situations\\.betweenChunks;" + String.format(LAMBDA, "betweenChunks")
                + ";<OMP-overhead>";
        long threads = ProfiledRun.byThread(p).values().stream()
                .filter(stacks -> stacks.keySet().stream().anyMatch(matches(overhead))).count();
        assertTrue(threads >= 2, ProfiledRun.describe(p));
    }

    @Test
    void inACriticalSectionTheOthersWaitForIt() throws Exception {
        Profile p = profile("critical");
        String body = quoted(MAIN) + "Situations\\.criticalSection;" + String.format(LAMBDA, "criticalSection");
        assertAll(ProfiledRun.heaviest(p, "main", "omp-worker").values(),
                matches(body + ";<OMP-critical_section_wait>"), Situations.TEAM, p);
        assertTrue(ProfiledRun.byThread(p).get("main").keySet().stream().anyMatch(
                matches(body + ";" + String.format(LAMBDA, "criticalSection") + ";Situations\\.busy")),
                "the holder runs the section's body:\n" + ProfiledRun.describe(p));
        // Mutex waits are sampled, not traced: between two state samples a waiting thread's interval says work,
        // and its samples in the library's wait are the wait only because the stack says where it is.
        ProfiledRun.byThread(p).forEach((thread, stacks) -> {
            long waits = samplesOf(stacks, body + ";<OMP-critical_section_wait>");
            long overhead = samplesOf(stacks, body + ";<OMP-overhead>");
            assertTrue(overhead * 5 <= waits, thread + ": " + overhead + " overhead samples in the section's loop against "
                    + waits + " in its wait:\n" + ProfiledRun.describe(p));
        });
    }

    private static long samplesOf(Map<String, Long> stacks, String regex) {
        return stacks.entrySet().stream().filter(e -> e.getKey().matches(regex)).mapToLong(Map.Entry::getValue).sum();
    }

    @Test
    void aroundALockTheOthersWaitForIt() throws Exception {
        Profile p = profile("lock");
        assertAll(ProfiledRun.heaviest(p, "main", "omp-worker").values(), matches(quoted(MAIN)
                + "Situations\\.aroundALock;" + String.format(LAMBDA, "aroundALock") + ";<OMP-lock_wait>"),
                Situations.TEAM, p);
    }

    @Test
    void nearTheEndThreeWaitAtTheImplicitBarrierWhileOneWorks() throws Exception {
        Profile p = profile("near-the-end");
        String body = quoted(MAIN) + "Situations\\.nearTheEnd;" + String.format(LAMBDA, "nearTheEnd");
        Collection<String> heaviest = ProfiledRun.heaviest(p, "main", "omp-worker").values();
        assertEquals(Situations.TEAM, heaviest.size(), ProfiledRun.describe(p));
        assertEquals(Situations.TEAM - 1, heaviest.stream().filter(matches(body + ";<OMP-implicit_barrier>")).count(),
                ProfiledRun.describe(p));
        assertEquals(1, heaviest.stream().filter(matches(body + ";" + String.format(LAMBDA, "nearTheEnd")
                + ";Situations\\.busy")).count(), ProfiledRun.describe(p));
    }

    @Test
    void inAReductionEveryMemberCombinesUnderOmpReduction() throws Exception {
        Profile p = profile("reduction");
        assertAll(ProfiledRun.heaviest(p, "main", "omp-worker").values(), matches(quoted(MAIN)
                + "Situations\\.reduction;" + String.format(LAMBDA, "reduction") + ";<OMP-reduction>;"
                + String.format(LAMBDA, "reduction") + ";Situations\\.combine;Situations\\.busy"), Situations.TEAM, p);
    }

    @Test
    void atTheEndOfARegionEachThreadWaitsAtTheBarrier() throws Exception {
        Profile p = profile("end-of-region");
        String grafted = quoted(MAIN) + "Situations\\.endOfRegion;" + String.format(LAMBDA, "endOfRegion")
                + ";<OMP-implicit_barrier>";
        assertAll(ProfiledRun.heaviest(p, "main", "omp-worker").values(), matches(grafted), Situations.TEAM, p);
        long barrier = 0;
        long underBody = 0;
        for (Map<String, Long> stacks : ProfiledRun.byThread(p).values()) {
            barrier += samplesOf(stacks, ".*<OMP-implicit_barrier>");
            underBody += samplesOf(stacks, grafted);
        }
        assertTrue(barrier >= 50 && underBody >= 0.8 * barrier, underBody + " of " + barrier
                + " barrier samples stand below the region's body\n" + ProfiledRun.describe(p));
    }

    @Test
    void afterTheRegionTheMasterRunsSerialCodeAndTheWorkersAreIdle() throws Exception {
        Profile p = profile("after-the-region");
        Map<String, String> heaviest = ProfiledRun.heaviest(p, "main", "omp-worker");
        assertEquals(MAIN + "Situations.afterTheRegion;Situations.busy", heaviest.remove("main"),
                ProfiledRun.describe(p));
        assertAll(heaviest.values(), matches("<OMP-idle>"), Situations.TEAM - 1, p);
    }

    @Test
    void aNestedRegionStandsOnTheOuterRegionsStack() throws Exception {
        Profile p = ProfiledRun.fold(ProfiledRun.record(dir, "nested", Map.of("OMP_MAX_ACTIVE_LEVELS", "2")),
                View.USER);
        String outer = quoted(MAIN) + "Situations\\.nested;" + String.format(LAMBDA, "nested");
        Collection<String> heaviest = ProfiledRun.heaviest(p, "main", "omp-worker").values();
        assertEquals(Situations.TEAM + 1, heaviest.size(), ProfiledRun.describe(p));
        assertEquals(2, heaviest.stream().filter(matches(outer + ";Situations\\.inner;" + String.format(LAMBDA, "inner")
                + ";Situations\\.busy")).count(), ProfiledRun.describe(p));
        assertEquals(Situations.TEAM - 1, heaviest.stream().filter(matches(outer + ";Situations\\.busy")).count(),
                ProfiledRun.describe(p));
    }

    @Test
    void aParallelStreamsWorkersStandOnTheCallersStack() throws Exception {
        Profile p = profile("stream", "-Djava.util.concurrent.ForkJoinPool.common.parallelism=3");
        Map<String, String> heaviest = ProfiledRun.heaviest(p, "main", "ForkJoinPool.commonPool-worker");
        assertAll(heaviest.values(), matches(quoted(MAIN) + "Situations\\.stream;" + String.format(LAMBDA, "stream")
                + ";Situations\\.busy"), 3, p);
        assertNoRuntimeFrames(p);
    }

    @Test
    void aRecursiveTasksWorkersStandOnTheCallersStackAndJoinsAreTaskwaits() throws Exception {
        Profile p = profile("recursive-task", "-Djava.util.concurrent.ForkJoinPool.common.parallelism=3");
        String tasks = quoted(MAIN) + "Situations\\.recursiveTask(;Situations\\$Sum\\.compute)+";
        Map<String, Map<String, Long>> threads = ProfiledRun.byThread(p);
        List<String> leaves = threads.values().stream().flatMap(s -> s.keySet().stream())
                .filter(s -> s.contains("Sum.leaf")).collect(Collectors.toList());
        // By weight, not every stack: a sample within a clock tick of a task's start or end can fall outside
        // the task's span (async-profiler's and JFR's clocks are aligned to the microsecond, not exactly). Idle
        // here, none in 24 runs; one CI run had 5 of 228, so the bound is 95 % (before pool submissions stood
        // on their origin, it was about 25 %), and a failure lists the ones that float.
        Predicate<String> grafted = matches(tasks + ";Situations\\$Sum\\.leaf(;Situations\\.busy)?");
        long leafSamples = 0;
        long graftedSamples = 0;
        StringBuilder floating = new StringBuilder();
        for (Map<String, Long> stacks : threads.values()) {
            for (Map.Entry<String, Long> e : stacks.entrySet()) {
                if (e.getKey().contains("Sum.leaf")) {
                    leafSamples += e.getValue();
                    if (grafted.test(e.getKey())) {
                        graftedSamples += e.getValue();
                    } else {
                        floating.append("\n  ").append(e.getValue()).append("  ").append(e.getKey());
                    }
                }
            }
        }
        assertTrue(leafSamples >= 50 && graftedSamples >= leafSamples * 0.95, graftedSamples + " of " + leafSamples
                + " leaf samples stand on the caller's stack; the others:" + floating + "\n" + ProfiledRun.describe(p));
        assertTrue(threads.entrySet().stream().filter(t -> t.getValue().keySet().stream().anyMatch(
                s -> s.contains("Sum.leaf"))).count() >= 2, ProfiledRun.describe(p));
        assertTrue(leaves.size() > 0 && threads.values().stream().flatMap(s -> s.keySet().stream())
                .anyMatch(matches(tasks + ";<OMP-taskwait>")), ProfiledRun.describe(p));
    }

    @Test
    void theExpertViewKeepsTheDirectiveCallsAndTheMachineViewKeepsEverything() throws Exception {
        Path recording = ProfiledRun.record(dir, "critical", Map.of());
        Profile expert = ProfiledRun.fold(recording, View.EXPERT);
        assertAll(ProfiledRun.heaviest(expert, "main", "omp-worker").values(), matches(quoted(MAIN)
                + "Situations\\.criticalSection;io\\.github\\.ompt4j\\.omp\\.Omp\\.parallel;"
                + String.format(LAMBDA, "criticalSection")
                + ";io\\.github\\.ompt4j\\.omp\\.Omp\\.critical;<OMP-critical_section_wait>"), Situations.TEAM, expert);

        Profile machine = ProfiledRun.fold(recording, View.MACHINE);
        Map<String, String> raw = ProfiledRun.heaviest(machine, "omp-worker");
        assertAll(raw.values(), s -> s.contains("io.github.ompt4j.omp.Worker.run;")
                && s.contains("io.github.ompt4j.omp.ImplicitTask.run;") && !s.contains("Situations.main")
                && !s.contains("<OMP-"), Situations.TEAM - 1, machine);
        assertTrue(machine.stacks().stream().anyMatch(st -> st.frames().stream()
                .anyMatch(f -> f.kind() == FrameKind.NATIVE)), "async-profiler's native frames stay");
    }

    @Test
    void jfrsOwnExecutionSamplesFoldTheSameWay() throws Exception {
        Path recording = dir.resolve("working.jfr");
        AgentRun run = AgentRun.runWithJvmOptions(AgentRun.applicationClassPath(),
                List.of("-D" + JfrSettings.PROPERTY + "=" + JfrSettings.PROFILE), "jfr=" + recording, Map.of(),
                Situations.class, "working");
        assertEquals(0, run.exit, run.toString());
        Profile p = ProfiledRun.fold(recording, View.USER);
        assertTrue(p.source().startsWith("jdk.ExecutionSample (JFR"), p.source());
        Map<String, String> heaviest = ProfiledRun.heaviest(p, "main", "omp-worker");
        assertAll(heaviest.values(), matches(quoted(MAIN) + "Situations\\.working;" + String.format(LAMBDA, "working")
                + ";Situations\\.busy"), Situations.TEAM, p);
    }

    @Test
    void aProfilerThatWritesAtExitStillJoinsTheMainThread() throws Exception {
        assumeTrue(System.getProperty("os.name").equals("Linux") && System.getProperty("os.arch").equals("amd64"),
                "async-profiler's library in this test is linux-x64's");
        Path library = dir.resolve("libasyncProfiler.so");
        try (InputStream in = one.profiler.AsyncProfiler.class.getResourceAsStream("/linux-x64/libasyncProfiler.so")) {
            Files.copy(in, library);
        }
        Path jfc = dir.resolve("ompt-profile.jfc");
        try (InputStream in = JfrSettings.class.getResourceAsStream("ompt-profile.jfc")) {
            Files.copy(in, jfc);
        }
        Path recording = dir.resolve("at-exit.jfr");
        AgentRun run = AgentRun.runWithJvmOptions(AgentRun.applicationClassPath(), List.of(
                "-D" + JfrSettings.PROPERTY + "=" + JfrSettings.PROFILE, "-agentpath:" + library
                        + "=start,event=wall,interval=2ms,jfrsync=" + jfc + ",file=" + recording),
                "tool=io.github.ompt4j.jfr.JfrTool", Map.of(), Situations.class, "after-the-region");
        assertEquals(0, run.exit, run.toString());
        Profile p = ProfiledRun.fold(recording, View.USER);
        Map<String, String> heaviest = ProfiledRun.heaviest(p, "main", "DestroyJavaVM");
        assertEquals(Map.of("main", MAIN + "Situations.afterTheRegion;Situations.busy"), heaviest,
                "the launcher's thread is main, whatever async-profiler calls it at exit:\n" + ProfiledRun.describe(p));
    }
}
