package io.github.ompt4j.model;

/**
 * Where the virtual threads the runtime knows ran: each stretch of one on a carrier thread, for a tool that places a
 * carrier's samples (async-profiler samples the carrier's OS thread, and cannot say which virtual thread was mounted)
 * on the virtual thread's own stack. Not an OMPT event: a tool asks for them by giving a {@link Recorder}.
 *
 * <p>A carrier mounts a virtual thread around each run of its continuation ({@code VirtualThread.runContinuation},
 * whichever way it yielded before: a park, a monitor, {@code Thread.yield}). As a run begins the carrier notes the
 * time in the thread's model, if the runtime knows it; as it returns it reports the stretch, from that time or, if
 * the thread met the runtime during the run, from its begin. A run that ends the thread ends with the thread's model,
 * so the thread reports that last stretch itself as it ends, naming its carrier. Two lookups of the thread's model a
 * run (a concurrent map's), only while a recorder is set.
 */
public final class VirtualThreadMounts {
    /** Receives the stretches: {@code virtualThread} on {@code carrier} from {@code since} to {@code until} (nanoTime). */
    public interface Recorder {
        void mounted(Thread carrier, Thread virtualThread, long since, long until);
    }

    private static volatile Recorder recorder;

    private VirtualThreadMounts() {
    }

    /** From now on the stretches go to {@code r}; {@code null}: nowhere. */
    public static void recordTo(Recorder r) {
        recorder = r;
    }

    /** The calling carrier is about to run {@code virtualThread}'s continuation. */
    public static void mounting(Thread virtualThread) {
        if (recorder != null) {
            OmptThread t = OmptThreads.of(virtualThread);
            if (t != null) {
                t.mountedSince = System.nanoTime();
            }
        }
    }

    /** The calling carrier's run of {@code virtualThread} returned: it yielded, or ended (then it reported itself). */
    public static void unmounted(Thread virtualThread) {
        Recorder r = recorder;
        if (r != null) {
            OmptThread t = OmptThreads.of(virtualThread);
            if (t != null) {
                r.mounted(Thread.currentThread(), virtualThread, t.mountedSince, System.nanoTime());
            }
        }
    }

    /** {@code t}, the calling virtual thread, ends on {@code carrier}: its last stretch, before its model goes. */
    public static void ending(OmptThread t, Thread carrier) {
        Recorder r = recorder;
        if (r != null && carrier != null) {
            r.mounted(carrier, Thread.currentThread(), t.mountedSince, System.nanoTime());
        }
    }
}
