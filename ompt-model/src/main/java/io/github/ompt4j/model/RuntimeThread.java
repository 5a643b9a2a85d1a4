package io.github.ompt4j.model;

/**
 * A thread of the runtime's or the agent's own: the recording's disk watch and the sweep of temporary files. The
 * locks it takes on the way (a directory listing takes the JDK's woven locks) are not the program's, so the lock
 * hooks never begin it as a thread of the program's: it has no thread ID, no events and no state samples. Left to
 * the hooks, the disk watch became an initial thread a second into every run, sampled in state {@code work_serial}
 * from then on (1,468 of the 3,080 state samples of {@code QuotePipelineDemo 20000}).
 */
public final class RuntimeThread extends Thread {
    public RuntimeThread(Runnable task, String name) {
        super(task, name);
        setDaemon(true);
    }
}
