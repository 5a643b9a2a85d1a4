package io.github.ompt4j.profile.jfr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which thread a sample found: the OS gives a thread's ID to a later one, and async-profiler names each OS thread
 * by the last Java thread that ran on it.
 */
class ThreadRecordsTest {
    private static final long MS = 1_000_000;
    private static final long OS_THREAD = 7;

    private final List<ThreadRecord> list = new ArrayList<>();
    private final ThreadRecords records = new ThreadRecords(list);

    private ThreadRecord thread(long javaId, String name, long start, long end) {
        ThreadRecord t = records.join(javaId, OS_THREAD, name);
        if (start != Long.MIN_VALUE) {
            t.startedAt(start);
        }
        if (end != Long.MAX_VALUE) {
            t.endedAt(end);
        }
        return t;
    }

    @Test
    void aJavaThreadOnAnOsThreadIdThatAnotherHadIsAThreadOfItsOwn() {
        ThreadRecord first = records.join(10, OS_THREAD, "Thread-0");
        ThreadRecord second = records.join(20, OS_THREAD, "Thread-1");
        assertNotSame(first, second);
        assertSame(first, records.join(10, OS_THREAD, "Thread-0"));
        ThreadRecord gc = records.join(0, 3, "GC Thread#0");
        assertSame(gc, records.join(0, 3, "GC Thread#0"), "a native thread is known by its OS thread ID");
        assertEquals(List.of(first, second, gc), list);
    }

    @Test
    void aSampleNamedByTheOsThreadsLastJavaThreadGoesToTheThreadThatLivedThen() {
        ThreadRecord early = thread(10, "Thread-0", 100 * MS, 110 * MS);
        ThreadRecord late = thread(20, "Thread-1", 200 * MS, 210 * MS);
        assertEquals(early.index, records.livingAt(late.index, 105 * MS));
        assertEquals(late.index, records.livingAt(late.index, 205 * MS));
        assertEquals(late.index, records.livingAt(early.index, 205 * MS));
        // Taken as the thread exited, after its last event: the nearest life.
        assertEquals(early.index, records.livingAt(late.index, 112 * MS));
        assertEquals(late.index, records.livingAt(early.index, 198 * MS));
    }

    @Test
    void theLaunchersMainThreadKeepsItsSamplesUntilItEnds() {
        // JDK 17 attaches DestroyJavaVM to main's OS thread as main returns; neither start is recorded.
        ThreadRecord main = thread(1, "main", Long.MIN_VALUE, 500 * MS);
        ThreadRecord destroy = thread(30, "DestroyJavaVM", Long.MIN_VALUE, Long.MAX_VALUE);
        assertEquals(main.index, records.livingAt(destroy.index, 400 * MS));
        assertEquals(destroy.index, records.livingAt(destroy.index, 600 * MS));
    }

    @Test
    void withoutLivesTheFirstThreadMetStandsForTheOsThread() {
        ThreadRecord main = thread(1, "main", Long.MIN_VALUE, Long.MAX_VALUE);
        ThreadRecord destroy = thread(30, "DestroyJavaVM", Long.MIN_VALUE, Long.MAX_VALUE);
        assertEquals(main.index, records.livingAt(destroy.index, 400 * MS));
    }

    @Test
    void samplesAreRejoinedBeforeTheyAreWeighed() {
        ThreadRecord early = thread(10, "Thread-0", 100 * MS, 110 * MS);
        ThreadRecord late = thread(20, "Thread-1", 200 * MS, 230 * MS);
        Samples s = new Samples();
        s.add(late.index, 105 * MS, 0, 1, 1);
        s.add(late.index, 210 * MS, 0, 1, 1);
        s.add(late.index, 220 * MS, 0, 1, 1);
        s.rejoin(records);
        s.weighByTimeBetween(10 * MS);
        assertArrayEquals(new int[] {early.index, late.index, late.index},
                new int[] {s.thread(0), s.thread(1), s.thread(2)});
        // Not 105 ms for the later thread's first sample: each thread's first stands for one interval.
        assertArrayEquals(new long[] {10 * MS, 10 * MS, 10 * MS}, new long[] {s.nanos(0), s.nanos(1), s.nanos(2)});
    }
}
