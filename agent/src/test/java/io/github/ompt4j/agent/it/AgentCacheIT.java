package io.github.ompt4j.agent.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent's cache ({@code cache=}): a second start takes from it what the first wove and runs the same, the
 * cache is the user's own, a damaged entry is woven again, and old builds' directories are swept.
 */
class AgentCacheIT {
    /** The weaver's own class, which only a weaving or a check of a class loads. */
    private static final String WEAVER = "io.github.ompt4j.adapters.weave.ClassWeaver ";

    /** A region, a parallel stream and a lock: three adapters' JDK and library types woven. */
    public static final class ThreeAdapters {
        public static void main(String[] args) {
            ReentrantLock lock = new ReentrantLock();
            io.github.ompt4j.omp.Omp.parallel(2, () -> {
                lock.lock();
                lock.unlock();
            });
            System.out.println("sum " + LongStream.range(0, 10_000).parallel().sum());
        }
    }

    private static AgentRun run(Path cache, Path classLog) throws Exception {
        return AgentRun.runWithJvmOptions(AgentRun.applicationClassPath(),
                List.of("-Xlog:class+load=info:file=" + classLog), "tool=print,log=debug,cache=" + cache, Map.of(),
                ThreeAdapters.class);
    }

    /** The woven types of a run, each with how its line ended: {@code kept} or {@code woven}. */
    private static Map<String, String> woven(AgentRun run) {
        Map<String, String> types = new TreeMap<>();
        run.err.lines().filter(l -> l.startsWith("ompt4j [debug] wove ")).forEach(l -> {
            String type = l.substring("ompt4j [debug] wove ".length(), l.indexOf(" for "));
            types.merge(type, l.endsWith("(kept)") ? "kept" : "woven", (a, b) -> a.equals(b) ? a : a + "+" + b);
        });
        return types;
    }

    /**
     * How many of each of the program's events the print tool saw: those that depend on nothing but the program (not
     * on which workers the pool started, or whether a thread had to wait).
     */
    private static Map<String, Long> events(AgentRun run) {
        Map<String, Long> counts = new TreeMap<>();
        for (String event : List.of("parallel_begin", "parallel_end", "implicit_task_begin", "task_begin",
                "acquired_nest_lock_first", "release_nest_lock_last")) {
            counts.put(event, run.out.stream().filter(l -> l.contains(" ompt_event_" + event + ":")).count());
        }
        return counts;
    }

    @Test
    void aSecondStartTakesWhatTheFirstWoveAndRunsTheSame(@TempDir Path dir) throws Exception {
        Path cache = dir.resolve("cache");
        AgentRun first = run(cache, dir.resolve("first.log"));
        assertEquals(0, first.exit, first.toString());
        Map<String, String> wovenFirst = woven(first);
        assertTrue(wovenFirst.containsKey("java.util.concurrent.locks.ReentrantLock")
                && wovenFirst.containsKey("io.github.ompt4j.omp.Omp")
                && wovenFirst.containsKey("java.util.stream.AbstractPipeline"), first.err);
        assertEquals(List.of("woven"), wovenFirst.values().stream().distinct().collect(Collectors.toList()), first.err);
        assertTrue(Files.readString(dir.resolve("first.log")).contains(WEAVER), "the first start wove");

        AgentRun second = run(cache, dir.resolve("second.log"));
        assertEquals(0, second.exit, second.toString());
        Map<String, String> wovenSecond = woven(second);
        assertEquals(wovenFirst.keySet(), wovenSecond.keySet(), second.err);
        assertEquals(List.of("kept"), wovenSecond.values().stream().distinct().collect(Collectors.toList()), second.err);
        assertFalse(Files.readString(dir.resolve("second.log")).contains(WEAVER), "the second start wove nothing");
        assertEquals(events(first), events(second));
        assertTrue(first.out.contains("sum 49995000") && second.out.contains("sum 49995000"), second.toString());
    }

    /**
     * Four JVMs started together on an empty cache (a build's parallel test forks): each weaves and writes what it
     * wove, none fails or reads another's half-written entry, and a fifth start takes everything from the cache.
     */
    @Test
    void jvmsStartedTogetherOnAnEmptyCacheAllRunAndLeaveItWhole(@TempDir Path dir) throws Exception {
        Path cache = dir.resolve("cache");
        List<java.util.concurrent.Future<AgentRun>> runs = new java.util.ArrayList<>();
        java.util.concurrent.ExecutorService starter = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            for (int i = 0; i < 4; i++) {
                Path log = dir.resolve("together-" + i + ".log");
                runs.add(starter.submit(() -> run(cache, log)));
            }
            for (java.util.concurrent.Future<AgentRun> r : runs) {
                AgentRun together = r.get();
                assertEquals(0, together.exit, together.toString());
                assertTrue(together.out.contains("sum 49995000"), together.toString());
            }
        } finally {
            starter.shutdown();
        }
        AgentRun after = run(cache, dir.resolve("after.log"));
        assertEquals(List.of("kept"), woven(after).values().stream().distinct().collect(Collectors.toList()), after.err);
        assertFalse(Files.readString(dir.resolve("after.log")).contains(WEAVER), "the fifth start wove nothing");
        try (Stream<Path> parts = Files.list(onlyBuild(cache))) {
            assertEquals(List.of(), parts.filter(p -> p.toString().endsWith(".part")).collect(Collectors.toList()));
        }
    }

    @Test
    void theCacheIsItsUsersOwnAndOneOthersCanWriteIsNotUsed(@TempDir Path dir) throws Exception {
        Path cache = dir.resolve("cache");
        assertEquals(0, run(cache, dir.resolve("a.log")).exit);
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(cache)));
        Path build = onlyBuild(cache);
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(build)));
        assertTrue(Files.isRegularFile(build.resolve("ompt-model.jar")), "the model jar is kept");

        Path open = Files.createDirectories(dir.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        AgentRun refused = AgentRun.run("tool=print,log=info,cache=" + open, Map.of(), ThreeAdapters.class);
        assertEquals(0, refused.exit, refused.toString());
        assertTrue(refused.err.contains("ompt4j [info] no cache in " + open + ": " + open
                + " can be written by others (rwxrwxrwx)"), refused.err);
        assertTrue(refused.out.contains("sum 49995000"), refused.toString());
        try (Stream<Path> files = Files.list(open)) {
            assertEquals(List.of(), files.collect(Collectors.toList()));
        }
    }

    @Test
    void aDamagedEntryIsWovenAgainAndReplaced(@TempDir Path dir) throws Exception {
        Path cache = dir.resolve("cache");
        AgentRun first = run(cache, dir.resolve("first.log"));
        Path build = onlyBuild(cache);
        Path lock;
        try (Stream<Path> files = Files.list(build)) {
            lock = files.filter(f -> f.getFileName().toString().startsWith("java.util.concurrent.locks.ReentrantLock-"))
                    .findFirst().orElseThrow();
        }
        byte[] kept = Files.readAllBytes(lock);
        byte[] damaged = kept.clone();
        damaged[damaged.length / 2] ^= 1;
        Files.write(lock, damaged);
        AgentRun second = run(cache, dir.resolve("second.log"));
        assertEquals(0, second.exit, second.toString());
        assertEquals("woven", woven(second).get("java.util.concurrent.locks.ReentrantLock"), second.err);
        assertEquals("kept", woven(second).get("io.github.ompt4j.omp.Omp"), second.err);
        assertEquals(events(first), events(second));
        assertTrue(java.util.Arrays.equals(kept, Files.readAllBytes(lock)), "woven again, and kept again");
    }

    @Test
    void offKeepsNothingAndTheDefaultIsInXdgCacheHome(@TempDir Path dir) throws Exception {
        Path xdg = Files.createDirectories(dir.resolve("xdg"));
        AgentRun off = AgentRun.run("tool=print,cache=off", Map.of("XDG_CACHE_HOME", xdg.toString()), HelloApp.class);
        assertEquals(0, off.exit, off.toString());
        try (Stream<Path> files = Files.list(xdg)) {
            assertEquals(List.of(), files.collect(Collectors.toList()));
        }
        AgentRun on = AgentRun.run("tool=print", Map.of("XDG_CACHE_HOME", xdg.toString()), HelloApp.class);
        assertEquals(0, on.exit, on.toString());
        assertTrue(Files.isRegularFile(onlyBuild(xdg.resolve("ompt4j")).resolve("ompt-model.jar")));
    }

    /** Waits until the cache at {@code args[0]} holds {@code args[1]} directories or fewer, at most 30 s. */
    public static final class WaitsForTheSweep {
        public static void main(String[] args) throws Exception {
            for (int i = 0; i < 300 && builds(Path.of(args[0])) > Integer.parseInt(args[1]); i++) {
                Thread.sleep(100);
            }
            System.out.println("builds " + builds(Path.of(args[0])));
        }
    }

    @Test
    void theDirectoriesOfAllButTheFourBuildsUsedLastAreDeleted(@TempDir Path dir) throws Exception {
        Path cache = Files.createDirectories(dir.resolve("cache"));
        Files.setPosixFilePermissions(cache, PosixFilePermissions.fromString("rwx------"));
        for (int i = 1; i <= 5; i++) {
            Path old = Files.createDirectories(cache.resolve("1000-old" + i));
            Files.writeString(old.resolve("entry"), "old");
            Files.setLastModifiedTime(old, FileTime.fromMillis(1_000_000L * i));
        }
        AgentRun run = AgentRun.run("cache=" + cache, Map.of(), WaitsForTheSweep.class, cache.toString(), "4");
        assertEquals(0, run.exit, run.toString());
        assertTrue(run.out.contains("builds 4"), run.toString());
        try (Stream<Path> left = Files.list(cache)) {
            List<String> names = left.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
            assertEquals(List.of("1000-old3", "1000-old4", "1000-old5"), names.subList(0, 3), names.toString());
        }
    }

    private static long builds(Path cache) throws IOException {
        try (Stream<Path> all = Files.list(cache)) {
            return all.filter(Files::isDirectory).count();
        }
    }

    private static Path onlyBuild(Path cache) throws IOException {
        try (Stream<Path> builds = Files.list(cache)) {
            List<Path> all = builds.collect(Collectors.toList());
            assertEquals(1, all.size(), all.toString());
            return all.get(0);
        }
    }
}
