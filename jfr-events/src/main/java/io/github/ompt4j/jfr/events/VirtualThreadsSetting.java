package io.github.ompt4j.jfr.events;

import java.util.Set;
import jdk.jfr.SettingControl;

/**
 * The {@code virtualThreads} setting of the events a thread writes about itself once or a few times in its life
 * ({@link PerThreadEvent}): whether virtual threads write them too ({@code true}, the default when a settings file
 * does not say) or only platform threads ({@code false}). A server makes a virtual thread per request, so these
 * events would weigh about 70 bytes a request: 7 MB for 100,000 requests where JFR's own default recording of the
 * same program writes 0.23 MB. JFR's own {@code jdk.VirtualThreadStart} and {@code jdk.VirtualThreadEnd} are off in
 * its default and profile settings for that reason. {@code ompt.jfc} says {@code false} for all four;
 * {@code ompt-profile.jfc} keeps the state samples, which are what shows a parked virtual thread waiting (it is on no
 * carrier for a profiler to sample), and leaves the other three out: the reader takes a virtual thread's life from
 * its other events. Where recordings differ, a virtual thread writes them if any recording asks.
 */
public final class VirtualThreadsSetting extends SettingControl {
    private volatile boolean recorded = true;

    @Override
    public String combine(Set<String> values) {
        return values.isEmpty() || values.contains("true") ? "true" : "false";
    }

    @Override
    public void setValue(String value) {
        recorded = !"false".equals(value);
    }

    @Override
    public String getValue() {
        return Boolean.toString(recorded);
    }

    /** Whether virtual threads write the events this setting belongs to. */
    boolean recorded() {
        return recorded;
    }
}
