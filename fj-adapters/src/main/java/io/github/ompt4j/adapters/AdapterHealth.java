package io.github.ompt4j.adapters;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Whether an adapter's advice still runs. Advice helpers catch everything they throw and report it
 * here: the first failure disables the adapter with one warning naming it (its events would no longer
 * be trustworthy), later ones are only counted. A weaving error reported by Byte Buddy's listener
 * disables it the same way, because a half-woven framework reports unmatched begin and end events.
 */
public final class AdapterHealth {
    private final String adapter;
    private final AtomicLong failures = new AtomicLong();
    private volatile boolean enabled = true;

    public AdapterHealth(String adapter) {
        this.adapter = adapter;
    }

    /** Checked by advice helpers before they report anything. */
    public boolean enabled() {
        return enabled;
    }

    /** Record a failure; the first one disables the adapter with a warning on standard error. */
    public void failed(String where, Throwable failure) {
        if (failures.getAndIncrement() == 0) {
            enabled = false;
            System.err.println("ompt4j [warn] adapter '" + adapter + "' is disabled after a failure in " + where
                    + ": " + failure + "; the application goes on without its events");
        }
    }

    public long failures() {
        return failures.get();
    }
}
