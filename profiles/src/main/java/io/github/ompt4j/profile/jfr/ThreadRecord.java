package io.github.ompt4j.profile.jfr;

import io.github.ompt4j.profile.model.ProfileThread;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Everything the recording says about one thread: who it is, what the OpenMP runtime knew of it, its
 * {@code ompt.*} spans and state samples, and the Java monitor waits JFR recorded. Filled by {@link RecordingReader}, one per thread across chunks.
 */
public final class ThreadRecord {
    /** How many stretches before the latest begun {@link #mountedAt} looks at. */
    private static final int MOUNTS_LOOKED_BACK = 4;

    /** Dense index, in order of first appearance. */
    public final int index;
    public final long javaThreadId;
    public final long osThreadId;
    /** The thread's name as the recording names it: its name when the recording was written. */
    public final String name;
    /** Its name when it began ({@code ompt.ThreadBegin}), which the model shows; null if not recorded. */
    String nameAtBegin;
    long ompThreadId;
    String ompType = "";
    long initialTaskId;
    long begin = Long.MIN_VALUE;
    long end = Long.MAX_VALUE;
    /**
     * The thread's life as far as the recording tells it (JFR's {@code jdk.ThreadStart} and {@code jdk.ThreadEnd},
     * else the runtime's begin and end), unbounded where it does not: what tells apart the threads that ran, one
     * after another, on one OS thread ID.
     */
    long lifeStart = Long.MIN_VALUE;
    long lifeEnd = Long.MAX_VALUE;
    /** The first and last instants of the runtime's events about this thread (its spans, samples, stretches). */
    private long firstEvent = Long.MAX_VALUE;
    private long lastEvent = Long.MIN_VALUE;
    final List<Span> spans = new ArrayList<>();
    final List<StateSample> stateSamples = new ArrayList<>();
    final List<MonitorEvent> monitorEvents = new ArrayList<>();
    /** A carrier's stretches of virtual threads ({@code ompt.VirtualThreadMount}). */
    private final List<Mount> mounts = new ArrayList<>(0);
    private ProfileThread thread;

    ThreadRecord(int index, long javaThreadId, long osThreadId, String name) {
        this.index = index;
        this.javaThreadId = javaThreadId;
        this.osThreadId = osThreadId;
        this.name = name;
    }

    /** The thread began at {@code time}: its life starts at the earliest time the recording says so. */
    void startedAt(long time) {
        lifeStart = lifeStart == Long.MIN_VALUE ? time : Math.min(lifeStart, time);
    }

    /** The thread ended at {@code time}: its life ends at the latest time the recording says so. */
    void endedAt(long time) {
        lifeEnd = lifeEnd == Long.MAX_VALUE ? time : Math.max(lifeEnd, time);
    }

    boolean livedAt(long time) {
        return lifeStart <= time && time <= lifeEnd;
    }

    /** The runtime's events say something about this thread from {@code start} to {@code end}. */
    void eventAt(long start, long end) {
        firstEvent = Math.min(firstEvent, start);
        lastEvent = Math.max(lastEvent, end);
    }

    /**
     * Once every event is read: a virtual thread whose begin and end the recording does not hold (a settings file
     * leaves them out, as {@code ompt.jfc} and {@code ompt-profile.jfc} do: they would be one each per request of a
     * server) lived, for the runtime, from its first event to its last, and was an initial thread, as every virtual
     * thread that meets the runtime is (none is a pool's worker). Without this, its states would span the whole
     * recording, and one seen only in its stretches on carriers would be a thread the runtime did not know.
     */
    void settleVirtualThread() {
        if (!isVirtual() || firstEvent > lastEvent) {
            return;
        }
        begin = begin == Long.MIN_VALUE ? firstEvent : begin;
        end = end == Long.MAX_VALUE ? lastEvent : end;
        ompType = ompType.isEmpty() ? "initial" : ompType;
    }

    /** A virtual thread: on no OS thread of its own ({@link ThreadRecords} gives it the OS thread ID -1). */
    boolean isVirtual() {
        return ProfileThread.isVirtual(javaThreadId, osThreadId);
    }

    /** A carrier's: virtual thread {@code thread} (an index) was mounted on it from {@code start} to {@code end}. */
    void mounted(long start, long end, int thread) {
        mounts.add(new Mount(start, end, thread));
    }

    /** Orders the stretches by start, once every one is read, for {@link #mountedAt}. */
    void sortMounts() {
        mounts.sort(Comparator.comparingLong(m -> m.start));
    }

    /**
     * The index of the virtual thread mounted on this carrier at {@code time}, or -1: the stretch that began last
     * before it, if it still held at that time. A carrier times its stretches around each run, one after the other,
     * so they do not overlap but by a clock read; the few before the latest begun are looked at too, for a stretch
     * that began at the same instant.
     */
    int mountedAt(long time) {
        int lo = 0;
        int hi = mounts.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (mounts.get(mid).start <= time) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        for (int i = lo - 1; i >= Math.max(0, lo - MOUNTS_LOOKED_BACK); i--) {
            if (mounts.get(i).end >= time) {
                return mounts.get(i).thread;
            }
        }
        return -1;
    }

    /** A virtual thread's stretch on this carrier. */
    private static final class Mount {
        final long start;
        final long end;
        final int thread;

        Mount(long start, long end, int thread) {
            this.start = start;
            this.end = end;
            this.thread = thread;
        }
    }

    /** The OMPT thread ID, 0 if the runtime did not report the thread. */
    public long ompThreadId() {
        return ompThreadId;
    }

    /** {@code initial}, {@code worker}, {@code other}, or empty if no {@code ompt.ThreadBegin} was recorded. */
    public String ompType() {
        return ompType;
    }

    /** The thread's initial task ({@code ompt.InitialTask}), 0 if none was recorded. */
    public long initialTaskId() {
        return initialTaskId;
    }

    /** The thread's {@code ompt.ThreadBegin}, {@link Long#MIN_VALUE} if none was recorded. */
    public long begin() {
        return begin;
    }

    /** The thread's {@code ompt.ThreadEnd}, {@link Long#MAX_VALUE} if none was recorded. */
    public long end() {
        return end;
    }

    /** The thread's spans, in the order the recording holds them. */
    public List<Span> spans() {
        return spans;
    }

    /** The thread's {@code ompt.ThreadState} samples, in time order once the recording is read. */
    public List<StateSample> stateSamples() {
        return stateSamples;
    }

    /** The thread's recorded Java monitor waits, in the order the recording holds them. */
    public List<MonitorEvent> monitorEvents() {
        return monitorEvents;
    }

    /** True if the recording has OpenMP events about this thread. */
    public boolean knownToRuntime() {
        return !ompType.isEmpty() || !spans.isEmpty() || !stateSamples.isEmpty() || initialTaskId != 0;
    }

    /** A worker of a runtime's pool: idle when it has nothing to do. */
    public boolean isWorker() {
        return ompType.equals("worker");
    }

    /** The model's view of this thread. */
    public ProfileThread thread() {
        if (thread == null) {
            // A virtual thread's name is usually empty: its record's name then says which one it is.
            String shown = nameAtBegin != null && !nameAtBegin.isEmpty() ? nameAtBegin : name;
            thread = new ProfileThread(javaThreadId, osThreadId, shown, ompThreadId, ompType);
        }
        return thread;
    }

    @Override
    public String toString() {
        return name + " #" + index;
    }
}
