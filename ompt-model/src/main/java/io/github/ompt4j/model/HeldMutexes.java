package io.github.ompt4j.model;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import jdk.internal.vm.annotation.Contended;

/**
 * The mutexes with an owner one thread holds, oldest first: wait ID and call-site token in pairs (one array,
 * so that a reader on another thread never pairs one array's wait ID with another's token). Written by the
 * owning thread; read by others to name a holder. Only primitives are stored, so that a hold or release passes
 * no garbage-collector write barrier (G1's fences the processor when a reference goes into an old array). Only
 * an owner releases such a mutex, on its thread, so every hold recorded here leaves with its release; a permit
 * or stamp, which any thread may return, is never recorded.
 *
 * <p>Readers on other threads see the holds as they were at some recent instant or, racing with a release
 * that moves entries down, may miss one: enough to name the holder a waiter waits for, which is what they
 * are for. The count is published with a release store after the entries it covers.
 * Padded ({@code @Contended}), as {@link OmptThread} says why.
 */
@Contended
final class HeldMutexes {
    private static final VarHandle COUNT;

    static {
        try {
            COUNT = MethodHandles.lookup().findVarHandle(HeldMutexes.class, "count", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private long[] pairs = new long[8];
    /** Written after a release fence, read through COUNT. */
    private int count;

    /** The thread acquired {@code waitId} at the call site {@code token} (0: unknown; owner only). */
    void hold(long waitId, long token) {
        int n = count;
        if (2 * n == pairs.length) {
            pairs = Arrays.copyOf(pairs, 4 * n);
        }
        pairs[2 * n] = waitId;
        pairs[2 * n + 1] = token;
        VarHandle.releaseFence(); // then a plain store: a release store, as OmptThread.setState says why
        count = n + 1;
    }

    /** The latest hold of {@code waitId} goes (owner only); a release of nothing held changes nothing. */
    void release(long waitId) {
        int n = count;
        for (int i = n - 1; i >= 0; i--) {
            if (pairs[2 * i] == waitId) {
                if (i < n - 1) {
                    System.arraycopy(pairs, 2 * i + 2, pairs, 2 * i, 2 * (n - 1 - i));
                }
                VarHandle.releaseFence();
                count = n - 1;
                return;
            }
        }
    }

    boolean holds(long waitId) {
        return indexOf(waitId, pairs) >= 0;
    }

    /** Where {@code waitId} was acquired, as {@link CallSites#describe} writes it; {@code null} if unknown. */
    String callSite(long waitId) {
        long[] held = pairs;
        int i = indexOf(waitId, held);
        return i < 0 ? null : CallSites.describe(held[2 * i + 1]);
    }

    long[] waitIds() {
        long[] held = pairs;
        int n = Math.min((int) COUNT.getAcquire(this), held.length / 2);
        long[] ids = new long[n];
        for (int i = 0; i < n; i++) {
            ids[i] = held[2 * i];
        }
        return ids;
    }

    /** The index of the latest hold of {@code waitId} in {@code held}, one load of the array the caller reads. */
    private int indexOf(long waitId, long[] held) {
        int n = Math.min((int) COUNT.getAcquire(this), held.length / 2);
        for (int i = n - 1; i >= 0; i--) {
            if (held[2 * i] == waitId) {
                return i;
            }
        }
        return -1;
    }
}
