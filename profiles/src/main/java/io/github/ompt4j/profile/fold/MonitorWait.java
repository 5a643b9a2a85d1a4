package io.github.ompt4j.profile.fold;

/**
 * How a sampled thread waits for a Java monitor, as the JVM's frames at its leaf say: no event of the runtime does.
 * Both fold into {@code <OMP-lock_wait>}; the report tells them apart.
 */
public enum MonitorWait {
    /** Entering a {@code synchronized} block or method that another thread holds: contention. */
    ENTER("entering", "while held by"),
    /** In {@code Object.wait}, until another thread notifies: the monitor is released meanwhile. */
    WAIT("in Object.wait on", "until notified by");

    private final String phrase;
    private final String blame;

    MonitorWait(String phrase, String blame) {
        this.phrase = phrase;
        this.blame = blame;
    }

    /** How the report says it, before the monitor's class. */
    public String phrase() {
        return phrase;
    }

    /** How the report names the thread blamed, before its name. */
    public String blame() {
        return blame;
    }
}
