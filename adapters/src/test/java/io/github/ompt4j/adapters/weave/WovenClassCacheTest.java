package io.github.ompt4j.adapters.weave;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ompt4j.adapters.forkjoin.ForkJoinAdapter;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What {@link WovenClassCache} keeps and finds, and how the weaver uses it. */
class WovenClassCacheTest {
    private static final byte[] ORIGINAL = {1, 2, 3, 4};
    private static final byte[] WOVEN = {5, 6, 7};

    @Test
    void anEntryIsFoundByItsClassFileAndVariantOnly(@TempDir Path dir) {
        WovenClassCache cache = WovenClassCache.in(dir);
        assertNull(cache.woven("a/B", ORIGINAL, "locks"));
        cache.keepWoven("a/B", ORIGINAL, "locks", WOVEN);
        assertArrayEquals(WOVEN, cache.woven("a/B", ORIGINAL, "locks"));
        assertArrayEquals(WOVEN, WovenClassCache.in(dir).woven("a/B", ORIGINAL, "locks"), "another JVM finds it");
        assertNull(cache.woven("a/B", new byte[] {1, 2, 3, 5}, "locks"), "another class file of the same length");
        assertNull(cache.woven("a/B", ORIGINAL, "locks-retransformed"));
        assertNull(cache.woven("a/C", ORIGINAL, "locks"));
        assertFalse(cache.checked("locks", 42));
        cache.keepChecked("locks", 42);
        assertTrue(cache.checked("locks", 42));
        assertFalse(cache.checked("locks", 43));
        assertFalse(cache.checked("forkjoin", 42));
        assertNull(WovenClassCache.NONE.woven("a/B", ORIGINAL, "locks"));
    }

    @Test
    void aDamagedEntryIsAMissAndIsDeleted(@TempDir Path dir) throws Exception {
        WovenClassCache cache = WovenClassCache.in(dir);
        cache.keepWoven("a/B", ORIGINAL, "locks", WOVEN);
        Path entry = onlyFile(dir);
        byte[] stored = Files.readAllBytes(entry);
        stored[stored.length - 1] ^= 1;
        Files.write(entry, stored);
        assertNull(cache.woven("a/B", ORIGINAL, "locks"));
        assertFalse(Files.exists(entry));
        Files.write(entry, new byte[] {9});
        assertNull(cache.woven("a/B", ORIGINAL, "locks"), "shorter than its checksum");
    }

    @Test
    void aDirectoryThatCannotBeWrittenIsACacheThatMisses(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("not-a-directory"), "x");
        WovenClassCache cache = WovenClassCache.in(file);
        cache.keepWoven("a/B", ORIGINAL, "locks", WOVEN);
        cache.keepChecked("locks", 42);
        assertNull(cache.woven("a/B", ORIGINAL, "locks"));
        assertFalse(cache.checked("locks", 42));
    }

    /** The weaver keeps what it wove; another weaver with the same cache returns the same bytes and weaves nothing. */
    @Test
    void aWeaverTakesWhatAnotherWove(@TempDir Path dir) throws Exception {
        String name = "java/util/concurrent/ForkJoinTask";
        byte[] classFile;
        try (InputStream in = ClassLoader.getSystemResourceAsStream(name + ".class")) {
            classFile = in.readAllBytes();
        }
        Module module = Object.class.getModule();
        List<String> first = new ArrayList<>();
        byte[] woven = new Weaver(List.of(new ForkJoinAdapter()), WovenClassCache.in(dir), first::add)
                .transform(module, null, name, null, null, classFile);
        List<String> second = new ArrayList<>();
        byte[] kept = new Weaver(List.of(new ForkJoinAdapter()), WovenClassCache.in(dir), second::add)
                .transform(module, null, name, null, null, classFile);
        assertEquals(List.of("wove java.util.concurrent.ForkJoinTask for forkjoin"), first);
        assertEquals(List.of("wove java.util.concurrent.ForkJoinTask for forkjoin (kept)"), second);
        assertArrayEquals(woven, kept);
        List<String> retransformed = new ArrayList<>();
        new Weaver(List.of(new ForkJoinAdapter()), WovenClassCache.in(dir), retransformed::add)
                .transform(module, null, name, Object.class, null, classFile);
        assertEquals(List.of("wove java.util.concurrent.ForkJoinTask for forkjoin (retransformed)"), retransformed,
                "a class already loaded is woven without its field: not the kept one");
    }

    private static Path onlyFile(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> all = files.collect(java.util.stream.Collectors.toList());
            assertEquals(1, all.size(), all.toString());
            return all.get(0);
        }
    }
}
