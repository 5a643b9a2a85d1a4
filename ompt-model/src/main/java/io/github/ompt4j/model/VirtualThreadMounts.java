package io.github.ompt4j.model;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Where the virtual threads the runtime knows ran: each stretch of one on a carrier thread, for a tool that places a
 * carrier's samples (async-profiler samples the carrier's OS thread, and cannot say which virtual thread was mounted)
 * on the virtual thread's own stack. Not an OMPT event: a tool asks for them by giving a {@link Recorder}.
 *
 * <p>A carrier mounts a virtual thread around each run of its continuation ({@code VirtualThread.runContinuation},
 * whichever way it yielded before: a park, a monitor, {@code Thread.yield}): the run's begin and end, on the carrier,
 * are the stretch, exactly. The carrier cannot report it (JFR drops what a carrier thread commits there, JDK 25), so
 * it leaves the stretch with the thread's model, and the virtual thread reports it on its own next time it is
 * mounted again after a park ({@code yieldContinuation} returns), or as it ends, when it also reports the run it ends
 * in (the carrier finds no model after it: it ended with the thread). A thread that blocks on a monitor (JDK 24+) is
 * mounted again without returning from a park: a stretch it has not reported by its next unmount is replaced by the
 * longer of the two. Lookups of the thread's model, a concurrent map's, as a run begins and ends, and an object per
 * stretch, only while a recorder is set.
 */
public final class VirtualThreadMounts {
    /** Receives the stretches: {@code virtualThread} on {@code carrier} from {@code since} to {@code until} (nanoTime). */
    public interface Recorder {
        void mounted(Thread carrier, Thread virtualThread, long since, long until);
    }

    /** {@link OmptThread#unreportedStretch}: a stretch the carrier left, which the virtual thread has not reported. */
    private static final VarHandle UNREPORTED = unreported();

    private static volatile Recorder recorder;

    private VirtualThreadMounts() {
    }

    private static VarHandle unreported() {
        try {
            return MethodHandles.lookup().findVarHandle(OmptThread.class, "unreportedStretch", Stretch.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** From now on the stretches go to {@code r}; {@code null}: nowhere. */
    public static void recordTo(Recorder r) {
        recorder = r;
    }

    /**
     * The calling carrier is about to run {@code virtualThread}'s continuation: returns the time, for
     * {@link #unmounted} (0 while no recorder is set), and notes it in the thread's model for its last run.
     */
    public static long mounting(Thread virtualThread) {
        if (recorder == null) {
            return 0;
        }
        long now = System.nanoTime();
        OmptThread t = OmptThreads.of(virtualThread);
        if (t != null) {
            t.mountedSince = now;
        }
        return now;
    }

    /** The calling carrier's run of {@code virtualThread}, begun at {@code since}, returned: the thread yielded, or ended. */
    public static void unmounted(Thread virtualThread, long since) {
        OmptThread t = since == 0 ? null : OmptThreads.of(virtualThread);
        if (t != null) {
            Stretch s = new Stretch(Thread.currentThread(), since, System.nanoTime());
            for (;;) {
                Stretch before = (Stretch) UNREPORTED.getVolatile(t);
                Stretch kept = before == null || s.until - s.since >= before.until - before.since ? s : before;
                if (UNREPORTED.compareAndSet(t, before, kept)) {
                    return;
                }
            }
        }
    }

    /** {@code t}, the calling virtual thread, returned from a park mounted again: the stretch its carrier left. */
    public static void remounted(OmptThread t) {
        Recorder r = recorder;
        Stretch s = r == null ? null : (Stretch) UNREPORTED.getAndSet(t, null);
        if (s != null) {
            r.mounted(s.carrier, Thread.currentThread(), s.since, s.until);
        }
    }

    /** {@code t}, the calling virtual thread, ends on {@code carrier}: what its carriers left, and the run it ends in. */
    public static void ending(OmptThread t, Thread carrier) {
        remounted(t);
        Recorder r = recorder;
        if (r != null && carrier != null) {
            r.mounted(carrier, Thread.currentThread(), t.mountedSince, System.nanoTime());
        }
    }

    /** A virtual thread's stretch on a carrier, from {@code since} to {@code until} (nanoTime). */
    static final class Stretch {
        final Thread carrier;
        final long since;
        final long until;

        Stretch(Thread carrier, long since, long until) {
            this.carrier = carrier;
            this.since = since;
            this.until = until;
        }
    }
}
