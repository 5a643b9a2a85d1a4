package io.github.ompt4j.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/** The slot array in front of {@link PerThread}'s ThreadLocal: a hint that never gives a thread another's spans. */
class PerThreadTest {
    private final PerThread threads = new PerThread();

    /** {@code threads.current(ompThreadId)} on a thread of its own. */
    private ThreadEvents onOtherThread(long ompThreadId) throws InterruptedException, ExecutionException,
            TimeoutException {
        CompletableFuture<ThreadEvents> found = new CompletableFuture<>();
        Thread t = new Thread(() -> found.complete(threads.current(ompThreadId)));
        t.start();
        t.join();
        return found.get(10, TimeUnit.SECONDS);
    }

    @Test
    void threadsWhoseIdsShareASlotKeepTheirOwnEntries() throws Exception {
        ThreadEvents mine = threads.current(5);
        ThreadEvents other = onOtherThread(5 + 256);
        assertNotSame(mine, other, "the other thread, in the same slot, got an entry of its own");
        assertSame(mine, threads.current(5), "and this thread still finds its own, the slot now holding the other's");
        assertSame(mine, threads.current(5));
    }

    @Test
    void threadsWithoutAnOmptIdAreNeverTakenForEachOther() throws Exception {
        ThreadEvents mine = threads.current(0);
        assertNotSame(mine, onOtherThread(0));
        assertSame(mine, threads.current(0));
    }

    @Test
    void anEndedThreadLeavesNothingBehind() throws Exception {
        Thread t = new Thread(() -> {
            threads.current(9);
            threads.remove();
        });
        t.start();
        t.join();
        assertEquals(0, threads.size(), "its entry left the map");
        assertNull(threads.recent[9], "and its slot");
    }
}
