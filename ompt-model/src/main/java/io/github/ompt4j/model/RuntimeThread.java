package io.github.ompt4j.model;

/**
 * A thread of the runtime's or the agent's own: the recording's disk watch, the sweep of temporary files, the exit's
 * fallback hook. The locks it takes on the way (a directory listing takes the JDK's woven locks) are not the
 * program's, so the hooks never begin it as a thread of the program's: it has no thread ID, no events and no state
 * samples. Left to the hooks, the disk watch became an initial thread a second into every run, sampled in state
 * {@code work_serial} from then on (a third of the state samples of a program whose other threads sleep).
 */
public final class RuntimeThread extends Thread {
    public RuntimeThread(Runnable task, String name) {
        super(task, name);
        setDaemon(true);
    }
}
