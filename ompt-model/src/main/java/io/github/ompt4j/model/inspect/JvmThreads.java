package io.github.ompt4j.model.inspect;

import io.github.ompt4j.model.CallSites;
import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.MonitorInfo;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.AbstractOwnableSynchronizer;

/**
 * What the JVM says about its threads: state, the lock each one is blocked on and that lock's owner, read
 * from the lock itself (a monitor's owner, an {@link AbstractOwnableSynchronizer}'s exclusive owner). Read
 * without a stack ({@code maxDepth} 0), which HotSpot answers without stopping the world; only where a
 * thread is blocked on a monitor are the owners' stacks read, to say where they took it.
 */
final class JvmThreads {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();
    private final Map<Long, ThreadInfo> byId = new HashMap<>();
    /** For a monitor some thread is blocked on: where its owner took it, by the monitor's identity hash. */
    private final Map<Integer, String> monitorSites = new HashMap<>();

    private JvmThreads() {
    }

    static JvmThreads read() {
        JvmThreads jvm = new JvmThreads();
        long[] owners = new long[0];
        int n = 0;
        for (ThreadInfo info : MX.getThreadInfo(MX.getAllThreadIds(), 0)) {
            if (info == null) {
                continue; // ended meanwhile
            }
            jvm.byId.put(info.getThreadId(), info);
            if (info.getThreadState() == Thread.State.BLOCKED && info.getLockOwnerId() >= 0) {
                owners = n == owners.length ? Arrays.copyOf(owners, 2 * n + 1) : owners;
                owners[n++] = info.getLockOwnerId();
            }
        }
        if (n > 0 && MX.isObjectMonitorUsageSupported()) {
            jvm.readMonitorSites(Arrays.copyOf(owners, n));
        }
        return jvm;
    }

    /** The owners' locked monitors and the frames that locked them: a short pause, for a few threads only. */
    private void readMonitorSites(long[] owners) {
        for (ThreadInfo owner : MX.getThreadInfo(owners, true, false)) {
            if (owner == null) {
                continue;
            }
            for (MonitorInfo monitor : owner.getLockedMonitors()) {
                StackTraceElement frame = monitor.getLockedStackFrame();
                if (frame != null) {
                    monitorSites.putIfAbsent(monitor.getIdentityHashCode(), CallSites.describe(frame.getClassName(),
                            frame.getMethodName(), frame.getFileName(), frame.getLineNumber()));
                }
            }
        }
    }

    ThreadInfo of(long javaId) {
        return byId.get(javaId);
    }

    Iterable<ThreadInfo> all() {
        return byId.values();
    }

    /**
     * The thread that holds what {@code info}'s thread is blocked on, as the lock says: a monitor's owner,
     * or the owner of a JDK lock built on {@link AbstractOwnableSynchronizer}; -1 if none (a thread in
     * {@code Object.wait}, a semaphore, a lock of the program's own kind).
     */
    static long owner(ThreadInfo info) {
        if (info.getLockOwnerId() < 0) {
            return -1;
        }
        return info.getThreadState() == Thread.State.BLOCKED || isOwnable(info.getLockInfo()) ? info.getLockOwnerId() : -1;
    }

    private static boolean isOwnable(LockInfo lock) {
        if (lock == null) {
            return false;
        }
        try {
            return AbstractOwnableSynchronizer.class.isAssignableFrom(Class.forName(lock.getClassName(), false, null));
        } catch (ClassNotFoundException | LinkageError notTheJdks) {
            return false;
        }
    }

    /** Where the owner of the monitor {@code info}'s thread is blocked on took it, or {@code null}. */
    String monitorSite(ThreadInfo info) {
        LockInfo lock = info.getLockInfo();
        return lock == null ? null : monitorSites.get(lock.getIdentityHashCode());
    }

    /** How the JVM names a lock: {@code java.util.concurrent.locks.ReentrantLock$NonfairSync@1b6d3586}. */
    static String name(ThreadInfo info) {
        return info == null ? null : info.getLockName();
    }
}
