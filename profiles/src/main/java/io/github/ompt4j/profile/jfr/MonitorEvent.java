package io.github.ompt4j.profile.jfr;

/**
 * A wait for a Java monitor that JFR recorded ({@code jdk.JavaMonitorEnter}, {@code jdk.JavaMonitorWait}; only those
 * above the recording's threshold): when, the monitor's class, and the thread that held it before (the previous
 * owner of a contended entry, the notifier of a wait; null if JFR named none).
 */
public final class MonitorEvent {
    public final long start;
    public final long end;
    public final String monitorClass;
    public final ThreadRecord previousOwner;

    MonitorEvent(long start, long end, String monitorClass, ThreadRecord previousOwner) {
        this.start = start;
        this.end = end;
        this.monitorClass = monitorClass;
        this.previousOwner = previousOwner;
    }
}
