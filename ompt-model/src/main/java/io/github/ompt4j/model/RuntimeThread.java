package io.github.ompt4j.model;

import java.util.Set;

/**
 * A thread of the runtime's or the agent's own: the recording's disk watch and the sweep of temporary files. The
 * locks it takes on the way (a directory listing takes the JDK's woven locks) are not the program's, so the lock
 * hooks never begin it as a thread of the program's: it has no thread ID, no events and no state samples. Left to
 * the hooks, the disk watch became an initial thread a second into every run, sampled in state {@code work_serial}
 * from then on (1,468 of the 3,080 state samples of {@code QuotePipelineDemo 20000}).
 *
 * <p>{@link #isRuntimes} names every thread whose locks are not the program's: these, the JDK's recorder threads,
 * and a thread while it does the runtime's work ({@link #runAsRuntime}). The recorder is the JDK's half of the
 * agent's recording: its threads take the JDK's woven locks too, and were met as initial threads of the program's.
 * On JDK 17 and 25, {@code JFR Shutdown Hook} takes a read lock to empty JFR's repository at every exit (a tool saw
 * its {@code thread_begin} after the program's last event); on JDK 25, {@code JFR Periodic Tasks} takes a
 * {@code ReentrantLock} around the JVM's periodic events, and the agent's own exit work takes it on
 * {@code DestroyJavaVM} (a new thread there) when it stops the recording: both were recorded as initial threads,
 * each with its initial task.
 */
public final class RuntimeThread extends Thread {
    /**
     * The names JDK 17 to 25 give the recorder's threads ({@code jdk.jfr}); there is nothing else to tell them by
     * (class {@code Thread}, group {@code main}, like the program's). Not {@code JFR Event Stream}, which runs a
     * program's own handlers of a {@code RecordingStream}.
     */
    private static final Set<String> JDK_RECORDER_THREADS = Set.of("JFR Recorder Thread", "JFR Periodic Tasks",
            "JFR Recording Scheduler", "JFR Shutdown Hook");
    /** The thread not known to the runtime that is doing the runtime's work, while it does; else null. */
    private static volatile Thread runtimeWork;

    public RuntimeThread(Runnable task, String name) {
        super(task, name);
        setDaemon(true);
    }

    /**
     * Whether the locks {@code thread} takes are the runtime's, not the program's: it is one of ours, one of the
     * JDK recorder's, or doing the runtime's work. Asked only of a thread that is not known to the runtime, once
     * per lock operation until it is begun: never on a hot path.
     */
    public static boolean isRuntimes(Thread thread) {
        return thread instanceof RuntimeThread || thread == runtimeWork
                || JDK_RECORDER_THREADS.contains(thread.getName());
    }

    /**
     * Runs {@code work} as the runtime's own on the calling thread (the agent's exit work: stopping the recording,
     * folding it): a thread of the program's runs it as tool code, which no adapter reports; any other thread
     * runs it without being begun ({@link #isRuntimes}). One thread at a time (exit runs once).
     */
    public static void runAsRuntime(Runnable work) {
        OmptThread t = OmptThreads.current();
        if (t != null) {
            boolean marked = t.enterTool();
            try {
                work.run();
            } finally {
                if (marked) {
                    t.exitTool();
                }
            }
            return;
        }
        runtimeWork = Thread.currentThread();
        try {
            work.run();
        } finally {
            runtimeWork = null;
        }
    }
}
