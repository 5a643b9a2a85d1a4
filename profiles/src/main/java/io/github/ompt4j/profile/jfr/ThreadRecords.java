package io.github.ompt4j.profile.jfr;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedThread;

/**
 * The run's threads as the reader meets them: one {@link ThreadRecord} per thread whichever chunk names it,
 * joined by Java thread ID, which JFR's {@code eventThread} and async-profiler's {@code sampledThread} share,
 * else by OS thread ID (native threads). An OS thread ID is not a thread: the OS gives the ID of a thread that
 * ended to a new one, and async-profiler's chunk names each OS thread once, by the last Java thread that ran on
 * it. So a sample's thread is settled by time ({@link #livingAt}) once every thread's life is read.
 */
final class ThreadRecords {
    private final List<ThreadRecord> threads;
    private final Map<RecordedThread, ThreadRecord> byThreadObject = new IdentityHashMap<>();
    private final Map<Long, ThreadRecord> byJavaId = new HashMap<>();
    /** Every thread met on each OS thread ID, in order of first appearance. */
    private final Map<Long, List<ThreadRecord>> byOsId = new HashMap<>();

    /** Records new threads in {@code threads}, each with its index there. */
    ThreadRecords(List<ThreadRecord> threads) {
        this.threads = threads;
    }

    /** The record of {@code t}; {@code null} for none. */
    ThreadRecord of(RecordedThread t) {
        if (t == null) {
            return null;
        }
        ThreadRecord record = byThreadObject.get(t);
        if (record == null) {
            record = join(t);
            byThreadObject.put(t, record);
        }
        return record;
    }

    /**
     * A virtual thread (JDK 21+) is on no OS thread of its own: JDK 21's parser gives it the OS thread ID -1, JDK 17's
     * the 0 the file holds, so its {@code virtual} field says which it is, and it gets -1 whichever parser reads it.
     */
    private ThreadRecord join(RecordedThread t) {
        boolean virtual = t.hasField("virtual") && t.getBoolean("virtual");
        long osId = virtual ? -1 : t.getOSThreadId();
        String name = t.getJavaName() != null ? t.getJavaName() : t.getOSName();
        if ((name == null || name.isEmpty()) && virtual) {
            name = "virtual thread " + t.getJavaThreadId(); // unnamed, as most are
        }
        return join(t.getJavaThreadId(), osId, name != null ? name : "thread " + osId);
    }

    /**
     * The record of the Java thread {@code javaId}, or (0 or less) of the native thread {@code osId}: a Java ID
     * met on an OS thread ID that another Java thread had is a thread of its own.
     */
    ThreadRecord join(long javaId, long osId, String name) {
        List<ThreadRecord> onOsThread = osId > 0 ? byOsId.computeIfAbsent(osId, k -> new ArrayList<>(1)) : List.of();
        ThreadRecord record = javaId > 0 ? byJavaId.get(javaId) : onOsThread.isEmpty() ? null : onOsThread.get(0);
        if (record == null) {
            record = new ThreadRecord(threads.size(), Math.max(0, javaId), osId, name);
            threads.add(record);
            if (javaId > 0) {
                byJavaId.put(javaId, record);
            }
            if (osId > 0) {
                onOsThread.add(record);
            }
        }
        return record;
    }

    /**
     * The index of the thread that ran at {@code time} on the OS thread of the thread at {@code index}: of the
     * threads met on that OS thread, the one whose life holds the time and began last, or of those that began
     * together the one that ended first (an unrecorded start is before every other, an unrecorded end after);
     * else the one whose life is nearest (a sample taken as a thread starts or exits, just outside its JFR
     * events). Where no life was recorded the first thread met stands for all: the launcher's main thread, which
     * async-profiler names {@code DestroyJavaVM} when it writes its chunk as the JVM exits (JDK 17 attaches a new
     * Java thread to that OS thread). A carrier's sample taken while a virtual thread the runtime knows was mounted
     * on it is that virtual thread's ({@link ThreadRecord#mountedAt}).
     */
    int livingAt(int index, long time) {
        int carrier = javaThreadAt(index, time);
        int mounted = threads.get(carrier).mountedAt(time);
        return mounted < 0 ? carrier : mounted;
    }

    /** The Java thread of {@link #livingAt}, before a virtual thread mounted on it is looked for. */
    private int javaThreadAt(int index, long time) {
        List<ThreadRecord> onOsThread = byOsId.get(threads.get(index).osThreadId);
        if (onOsThread == null || onOsThread.size() < 2) {
            return index;
        }
        ThreadRecord best = null;
        for (ThreadRecord candidate : onOsThread) {
            if (candidate.livedAt(time) && (best == null || candidate.lifeStart > best.lifeStart
                    || candidate.lifeStart == best.lifeStart && candidate.lifeEnd < best.lifeEnd)) {
                best = candidate;
            }
        }
        if (best != null) {
            return best.index;
        }
        long nearest = Long.MAX_VALUE;
        for (ThreadRecord candidate : onOsThread) {
            long distance = candidate.lifeStart > time ? candidate.lifeStart - time : time - candidate.lifeEnd;
            if (distance < nearest) {
                nearest = distance;
                best = candidate;
            }
        }
        return best.index;
    }
}
