package io.github.ompt4j.agent.stress;

import java.io.IOException;
import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.MonitorInfo;
import java.lang.management.PlatformManagedObject;
import java.lang.management.ThreadInfo;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * Ends a run that hangs: if a watched thread has been in one construct longer than the limit, prints that
 * thread and every platform thread's full stack with the locks it holds and waits for on standard error,
 * prints {@code stress: hang} on standard output, and halts the JVM with status 3. Halts rather than exits:
 * a hung thread may hold what shutdown hooks (the agent's outputs among them) need, and a watchdog that
 * hangs in turn would leave the test waiting for its own timeout with nothing said.
 */
final class Watchdog extends Thread {
    static final int HANG_STATUS = 3;

    /** One watched thread: what it runs and since when; written by that thread, read by the watchdog. */
    static final class Watched {
        final Thread thread;
        private volatile Object doing;
        private volatile long since;

        Watched(Thread thread) {
            this.thread = thread;
        }

        void start(Object what) {
            since = System.nanoTime();
            doing = what;
        }

        void idle() {
            doing = null;
        }
    }

    private final long limitNanos;
    private final long seed;
    private final List<Watched> watched = new CopyOnWriteArrayList<>();

    Watchdog(int limitSeconds, long seed) {
        super("stress-watchdog");
        setDaemon(true);
        this.limitNanos = TimeUnit.SECONDS.toNanos(limitSeconds);
        this.seed = seed;
    }

    Watched watch(Thread thread) {
        Watched w = new Watched(thread);
        watched.add(w);
        return w;
    }

    @Override
    public void run() {
        for (;;) {
            try {
                Thread.sleep(1000);
            } catch (InterruptedException e) {
                return;
            }
            for (Watched w : watched) {
                Object doing = w.doing;
                long running = System.nanoTime() - w.since;
                if (doing != null && running > limitNanos) {
                    hang(w, doing, running);
                }
            }
        }
    }

    private void hang(Watched w, Object doing, long running) {
        StringBuilder dump = new StringBuilder();
        dump.append("stress: HANG: ").append(w.thread.getName()).append(" has run ").append(doing).append(" for ")
                .append(TimeUnit.NANOSECONDS.toSeconds(running)).append(" s (seed ").append(seed).append(")\n");
        for (ThreadInfo info : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
            describe(info, dump);
        }
        System.err.print(dump);
        virtualThreads();
        System.err.flush();
        System.out.println(Stress.PREFIX + "hang");
        System.out.flush();
        Runtime.getRuntime().halt(HANG_STATUS);
    }

    /**
     * Every thread's stack, virtual threads included, where the JVM can say (JDK 21+: {@code
     * HotSpotDiagnosticMXBean.dumpThreads}, reached by reflection; the thread MXBean sees platform threads only).
     */
    private static void virtualThreads() {
        try {
            Class<?> bean = Class.forName("com.sun.management.HotSpotDiagnosticMXBean");
            Class<?> format = Class.forName("com.sun.management.HotSpotDiagnosticMXBean$ThreadDumpFormat");
            Method dump = bean.getMethod("dumpThreads", String.class, format);
            Path file = Files.createTempDirectory("stress-hang").resolve("threads.txt");
            Object text = format.getField("TEXT_PLAIN").get(null);
            dump.invoke(ManagementFactory.getPlatformMXBean(bean.asSubclass(PlatformManagedObject.class)),
                    file.toString(), text);
            System.err.println("stress: every thread, virtual threads included:");
            System.err.print(Files.readString(file));
        } catch (ReflectiveOperationException | IOException e) {
            System.err.println("stress: no dump of virtual threads on JDK " + Runtime.version() + ": " + e);
        }
    }

    /** Like {@link ThreadInfo#toString()}, which cuts every stack at eight frames, but whole. */
    private static void describe(ThreadInfo info, StringBuilder out) {
        out.append('"').append(info.getThreadName()).append("\" id=").append(info.getThreadId()).append(' ')
                .append(info.getThreadState());
        if (info.getLockName() != null) {
            out.append(" on ").append(info.getLockName());
        }
        if (info.getLockOwnerName() != null) {
            out.append(" owned by \"").append(info.getLockOwnerName()).append("\" id=").append(info.getLockOwnerId());
        }
        out.append('\n');
        StackTraceElement[] stack = info.getStackTrace();
        for (int i = 0; i < stack.length; i++) {
            out.append("\tat ").append(stack[i]).append('\n');
            for (MonitorInfo m : info.getLockedMonitors()) {
                if (m.getLockedStackDepth() == i) {
                    out.append("\t- locked ").append(m).append('\n');
                }
            }
        }
        for (LockInfo l : info.getLockedSynchronizers()) {
            out.append("\t- holds ").append(l).append('\n');
        }
        out.append('\n');
    }
}
