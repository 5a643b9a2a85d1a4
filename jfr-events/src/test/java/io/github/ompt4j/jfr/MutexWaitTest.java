package io.github.ompt4j.jfr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.ompt4j.jfr.events.MutexAcquireEvent;
import io.github.ompt4j.model.CallSites;
import io.github.ompt4j.model.OmptLockImpl;
import io.github.ompt4j.model.OmptMutexKind;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import jdk.jfr.consumer.RecordedEvent;
import org.junit.jupiter.api.Test;

/**
 * ompt.MutexAcquire records waits, not acquisitions: a thread that takes a free lock records nothing (and
 * reads no clock); a thread that finds the lock held records its wait, naming the holder and where the
 * holder took the lock, so waits can be blamed without timing every hold (ompt.MutexHeld).
 */
class MutexWaitTest {
    private static final long LOCK = 0x4242;
    private static final long HOLDER_SITE = CallSites.token("com.example.Ledger", "post", "Ledger.java", 30);
    private static final long WAITER_SITE = CallSites.token("com.example.Ledger", "audit", "Ledger.java", 44);

    @Test
    void aWaitNamesItsHolderAndAFreeAcquisitionIsNoWait() throws Exception {
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch waiting = new CountDownLatch(1);
        Path file = RecordingTool.record(() -> new OnThread().start("mw-holder", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.OTHER);
            OmptRuntime.mutexAcquire(t, OmptMutexKind.LOCK, LOCK, 0, OmptLockImpl.OMP_LOCK.code(), HOLDER_SITE, false);
            OmptRuntime.mutexAcquired(t, OmptMutexKind.LOCK, LOCK);
            held.countDown();
            waiting.await();
            Thread.sleep(2);
            OmptRuntime.mutexReleased(t, OmptMutexKind.LOCK, LOCK, HOLDER_SITE);
            OmptRuntime.threadEnd(t);
        }).start("mw-waiter", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.OTHER);
            held.await();
            OmptRuntime.mutexAcquire(t, OmptMutexKind.LOCK, LOCK, 0, OmptLockImpl.OMP_LOCK.code(), WAITER_SITE, true);
            waiting.countDown();
            Thread.sleep(4); // the holder releases meanwhile
            OmptRuntime.mutexAcquired(t, OmptMutexKind.LOCK, LOCK);
            OmptRuntime.mutexReleased(t, OmptMutexKind.LOCK, LOCK, WAITER_SITE);
            OmptRuntime.threadEnd(t);
        }).join());
        try {
            List<RecordedEvent> waits = Recorded.read(file).of(MutexAcquireEvent.NAME);
            assertEquals(1, waits.size(), "the holder's acquisition of a free lock is no wait: " + waits);
            RecordedEvent wait = waits.get(0);
            assertEquals("mw-waiter", wait.getThread().getJavaName());
            assertEquals("mw-holder", wait.getThread("holder").getJavaName());
            assertEquals("com.example.Ledger.post(Ledger.java:30)", wait.getString("holderCallSite"));
            assertEquals("com.example.Ledger.audit(Ledger.java:44)", wait.getString("callSite"));
        } finally {
            RecordingTool.delete(file);
        }
    }

    @Test
    void aWaitForALockNobodyHoldsAnyMoreNamesNoHolder() throws Exception {
        Path file = RecordingTool.record(() -> OnThread.run("mw-waiter", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.OTHER);
            // Contended when reached, released before the wait event: the waiter sees no holder.
            OmptRuntime.mutexAcquire(t, OmptMutexKind.LOCK, LOCK + 1, 0, OmptLockImpl.OMP_LOCK.code(), WAITER_SITE,
                    true);
            OmptRuntime.mutexAcquired(t, OmptMutexKind.LOCK, LOCK + 1);
            OmptRuntime.mutexReleased(t, OmptMutexKind.LOCK, LOCK + 1, WAITER_SITE);
            OmptRuntime.threadEnd(t);
        }));
        try {
            RecordedEvent wait = Recorded.read(file).one(MutexAcquireEvent.NAME, "waitId", LOCK + 1);
            assertNull(wait.getThread("holder"));
            assertNull(wait.getString("holderCallSite"));
        } finally {
            RecordingTool.delete(file);
        }
    }
}
