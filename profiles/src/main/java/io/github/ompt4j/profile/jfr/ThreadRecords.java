package io.github.ompt4j.profile.jfr;

import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedThread;

/**
 * The run's threads as the reader meets them: one {@link ThreadRecord} per thread whichever chunk names it,
 * joined by Java thread ID, which JFR's {@code eventThread} and async-profiler's {@code sampledThread} share,
 * else by OS thread ID (native threads, and the main thread when async-profiler wrote its chunk as the JVM
 * exited).
 */
final class ThreadRecords {
    private final List<ThreadRecord> threads;
    private final Map<RecordedThread, ThreadRecord> byThreadObject = new IdentityHashMap<>();
    private final Map<Long, ThreadRecord> byJavaId = new HashMap<>();
    private final Map<Long, ThreadRecord> byOsId = new HashMap<>();

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

    private ThreadRecord join(RecordedThread t) {
        long javaId = t.getJavaThreadId();
        long osId = t.getOSThreadId();
        ThreadRecord record = javaId > 0 ? byJavaId.get(javaId) : null;
        if (record == null && osId > 0) {
            // async-profiler names threads as they are when it dumps: the launcher's main thread is then
            // "DestroyJavaVM", a new Java thread on the same OS thread.
            record = byOsId.get(osId);
        }
        if (record == null) {
            String name = t.getJavaName() != null ? t.getJavaName()
                    : t.getOSName() != null ? t.getOSName() : "thread " + osId;
            record = new ThreadRecord(threads.size(), Math.max(0, javaId), osId, name);
            threads.add(record);
        }
        if (javaId > 0) {
            byJavaId.putIfAbsent(javaId, record);
        }
        if (osId > 0) {
            byOsId.putIfAbsent(osId, record);
        }
        return record;
    }
}
