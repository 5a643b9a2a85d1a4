package io.github.ompt4j.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The mutexes each thread holds, as the runtime keeps them for naming a waiter's holder: what another thread
 * finds while a holder acquires and releases, in and out of order, and where it acquired each.
 */
class HeldMutexesTest {
    private static final String MARKED = "com.example.Bank.transfer(Bank.java:12)";

    /** Who holds {@code waitId}, and where they acquired it, as another thread would ask. */
    private static String holderOf(long waitId) {
        OmptThread holder = OmptThreads.holderOf(waitId, null);
        return waitId + ": " + (holder == null ? "none" : holder.javaThread().getName() + " at "
                + holder.heldCallSite(waitId));
    }

    @Test
    void aHeldMutexNamesItsHolderAndCallSiteUntilItsRelease() throws Exception {
        long token = CallSites.token("com.example.Bank.audit(Bank.java:40)");
        List<String> seen = new ArrayList<>();
        OnThread.run("holder", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.OTHER);
            t.markCallSite(CallSites.token(MARKED));
            OmptRuntime.mutexAcquire(t, OmptMutexKind.LOCK, 901, 0, 0, 0, false);
            OmptRuntime.mutexAcquired(t, OmptMutexKind.LOCK, 901);
            t.markCallSite(0);
            OmptRuntime.mutexTaken(t, OmptMutexKind.LOCK, 902, token);
            seen.add(holderOf(901));
            seen.add(holderOf(902));
            seen.add("itself: " + OmptThreads.holderOf(901, t));
            // Locks are released in any order: the first one goes, the second stays.
            OmptRuntime.mutexReleased(t, OmptMutexKind.LOCK, 901, 0);
            seen.add(holderOf(901));
            seen.add(holderOf(902));
            OmptRuntime.mutexReleased(t, OmptMutexKind.LOCK, 902, 0);
            seen.add(holderOf(902));
            // A release never acquired under the runtime's eyes changes nothing.
            OmptRuntime.mutexReleased(t, OmptMutexKind.LOCK, 903, 0);
            OmptRuntime.threadEnd(t);
        });
        assertEquals(List.of("901: holder at " + MARKED, "902: holder at com.example.Bank.audit(Bank.java:40)",
                "itself: null", "901: none", "902: holder at com.example.Bank.audit(Bank.java:40)", "902: none"), seen);
    }

    @Test
    void holdsGrowBeyondTheFirstArrayAndStayInOrder() throws Exception {
        List<String> seen = new ArrayList<>();
        OnThread.run("deep", () -> {
            OmptThread t = OmptRuntime.threadBegin(OmptThreadType.OTHER);
            for (long id = 1001; id <= 1010; id++) {
                t.markCallSite(CallSites.token("com.example.Deep.level(Deep.java:" + id + ")"));
                OmptRuntime.mutexAcquire(t, OmptMutexKind.NEST_LOCK, id, 0, 0, 0, false);
                OmptRuntime.mutexAcquired(t, OmptMutexKind.NEST_LOCK, id);
            }
            OmptRuntime.mutexReleased(t, OmptMutexKind.NEST_LOCK, 1004, 0);
            seen.add(Arrays.toString(t.heldWaitIds()));
            for (long id = 1001; id <= 1010; id++) {
                OmptThread holder = OmptThreads.holderOf(id, null);
                seen.add(id + (holder == null ? " free" : " " + holder.heldCallSite(id)));
            }
            OmptRuntime.threadEnd(t);
        });
        List<String> expected = new ArrayList<>(List.of("[1001, 1002, 1003, 1005, 1006, 1007, 1008, 1009, 1010]"));
        for (long id = 1001; id <= 1010; id++) {
            expected.add(id + (id == 1004 ? " free" : " com.example.Deep.level(Deep.java:" + id + ")"));
        }
        assertEquals(expected, seen);
    }
}
