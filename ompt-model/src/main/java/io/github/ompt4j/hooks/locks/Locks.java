package io.github.ompt4j.hooks.locks;

import io.github.ompt4j.hooks.AdapterHealth;
import io.github.ompt4j.model.OmptRuntime;
import io.github.ompt4j.model.OmptThread;
import io.github.ompt4j.model.OmptThreadType;
import io.github.ompt4j.model.OmptThreads;
import io.github.ompt4j.model.RuntimeThread;
import java.util.concurrent.ForkJoinWorkerThread;

/**
 * What the lock hooks share: the adapter's health, a lock's wait ID, and the calling thread, if its lock
 * operations are the program's to report.
 *
 * <p>Public, so that the start-up initializes it with the hook classes; the barrier hooks use the thread and wait
 * IDs of the locks' (public), the rest is the package's.
 */
public final class Locks {
    static final AdapterHealth HEALTH = AdapterHealth.of("locks");

    private Locks() {
    }

    public static long waitId(Object o) {
        return (System.identityHashCode(o) & 0xffff_ffffL) | (1L << 32);
    }

    /**
     * The calling thread, begun as an initial thread (with its initial task) if it is new, as every
     * framework's hooks begin a thread the runtime did not start; {@code null} for a pool worker that is
     * not attached: one registering or deregistering itself (the pool locks its registration on JDK 17
     * and 21), which its own thread begin and end frame, or a virtual-thread carrier; and {@code null} for a
     * thread whose locks are the runtime's ({@link RuntimeThread#isRuntimes}): ours, the JDK recorder's.
     */
    public static OmptThread thread() {
        OmptThread t = OmptThreads.current();
        if (t != null) {
            return t;
        }
        Thread me = Thread.currentThread();
        if (me instanceof ForkJoinWorkerThread || RuntimeThread.isRuntimes(me)) {
            return null;
        }
        return OmptRuntime.threadBegin(OmptThreadType.INITIAL);
    }

    /** The calling thread, if lock operations on it are the program's to report; else {@code null}. */
    static OmptThread reporting() {
        OmptThread t = thread();
        return t == null || t.inTool() || t.synchronizerDepth() > 0 ? null : t;
    }
}
