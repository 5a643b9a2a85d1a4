package io.github.ompt4j.jfr;

import io.github.ompt4j.jfr.events.VirtualThreadMountEvent;
import io.github.ompt4j.model.VirtualThreadMounts;

/** {@code ompt.VirtualThreadMount}: the stretches of the runtime's virtual threads on their carriers. */
final class Mounts implements VirtualThreadMounts.Recorder {
    @Override
    public void mounted(Thread carrier, Thread virtualThread, long since, long until) {
        VirtualThreadMountEvent e = new VirtualThreadMountEvent();
        if (e.isEnabled()) {
            e.carrier = carrier;
            e.virtualThread = virtualThread;
            e.mounted = until - since;
            e.reportedAfter = Math.max(0, System.nanoTime() - until);
            e.commit();
        }
    }
}
